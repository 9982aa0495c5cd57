/**
 * The impact report as Markdown for a pull-request comment: a verdict, a summary table (cluster,
 * resource, change, replaces nodes?), the affected pools, then details per cluster. Starts with a
 * hidden marker so the workflow can find and update its own comment.
 */
import { plural } from '../../model';
import { upgradeMarkdown } from './version-impact';
import { capacityChangeLine } from './pool-capacity-impact';
import { CfnImpact } from './aws-side-impact';
import { describeValues, mdCode } from './compact-value';
import { formatPath } from './field-path';
import { ClusterImpact, ImpactReport, isClassified, ResourceImpact } from './impact-report';
import { IMPACT_LABELS, NodeImpact } from './node-impact';
import type { ClassifiedChange } from './classify-resource';
import { KARPENTER_KINDS } from '../resource-kinds';
import { versionChangeLine } from './version-iam-impact';

/** Hidden first line of the comment; the workflow updates the comment that carries it. */
export const REPORT_MARKER = '<!-- karpenter-gitops:impact-report -->';

/** GitHub refuses comments over 65,536 characters; details are cut to stay below this. */
export const MAX_COMMENT_CHARS = 60_000;

export function renderMarkdown(report: ImpactReport, maxChars = MAX_COMMENT_CHARS): string {
  const head: string[] = [REPORT_MARKER, '## Karpenter impact report', ''];
  head.push(`Compared ${mdCode(report.before)} → ${mdCode(report.after)}.`, '');
  head.push(`> ${verdict(report)}`, '');
  const untracked = report.untracked ?? [];
  if (untracked.length > 0) {
    head.push(
      `> ⚠️ ${plural(untracked.length, 'untracked file')} in dist/ ${untracked.length === 1 ? 'is' : 'are'} compared here but not committed, so Argo CD will not sync ${untracked.length === 1 ? 'it' : 'them'}: ${untracked.map(mdCode).join(', ')}. Commit ${untracked.length === 1 ? 'it' : 'them'} or delete ${untracked.length === 1 ? 'it' : 'them'}.`,
      '',
    );
  }
  const rings = ringsTouched(report);
  if (rings !== undefined) head.push(rings, '');
  head.push(...upgradeMarkdown(report.upgrades ?? []));
  if (report.clusters.length === 0) return [...head, 'No generated file changed.', ''].join('\n');

  head.push('| Cluster | Resource | Change | Replaces nodes? |', '| --- | --- | --- | --- |');
  for (const c of report.clusters) {
    for (const r of c.resources) head.push(row([c.name, resourceLabel(r), changeLabel(r), replacesCell(r)]));
    for (const side of c.awsSide) {
      const warned = side.note !== undefined || side.resources.some((r) => r.warnings.length > 0);
      head.push(row([c.name, side.target, cfnChangeLabel(side), warned ? 'no (⚠️ see details)' : 'no']));
    }
  }
  head.push('');

  const pools = report.clusters.flatMap((c) =>
    c.pools.map((p) => ({ cluster: c.name, cause: replacedBecause(c, p.pool, p.impact), ...p })),
  );
  if (pools.length > 0) {
    head.push('### NodePools whose nodes are affected', '');
    head.push(
      '| Cluster | NodePool | Nodes | Because | Drift budget | Drift can start |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const p of pools)
      head.push(
        row([
          p.cluster,
          p.pool,
          impactCell(p.impact, p.cause),
          p.reasons.join('; '),
          p.driftBudget ?? '',
          p.driftStart ?? '',
        ]),
      );
    head.push('');
    head.push(
      `_yes_: every node of the pool drifts and is replaced, paced by the budget.${pools.some((p) => p.cause !== undefined) ? ' _yes (requirements)_: the same, because every node fails the new requirements (RequirementsDrifted) rather than a changed hash.' : ''} _maybe_: only nodes whose labels, AMI, subnet or security groups no longer match. Rules: Karpenter v1 drift (template and EC2NodeClass hashes, requirement, AMI, subnet and security-group drift).`,
      '',
    );
  }

  head.push(...secretOptOutLines(report));

  const details: string[] = ['### Details', ''];
  for (const c of report.clusters) details.push(...clusterDetails(c));
  return fit(head.join('\n'), details.join('\n'), maxChars);
}

/** `Rings touched: canary (ticketing), prod (dataops, edge).`, or undefined when no cluster is in a ring. */
export function ringsTouched(report: ImpactReport): string | undefined {
  const byRing = new Map<string, string[]>();
  for (const c of report.clusters) {
    if (c.name === 'fleet') continue;
    const ring = c.ring ?? '(no ring)';
    byRing.set(ring, [...(byRing.get(ring) ?? []), c.name]);
  }
  if (![...byRing.keys()].some((r) => r !== '(no ring)')) return undefined;
  const parts = [...byRing].map(([ring, clusters]) => `${ring} (${clusters.join(', ')})`);
  return `Rings touched: ${parts.join(', ')}. Each ring gets the change when it is promoted (\`karpenter-gitops promote --to <ring>\`).`;
}

function verdict(report: ImpactReport): string {
  const pools = report.clusters.flatMap((c) => c.pools.map((p) => ({ ...p, id: `${c.name}/${p.pool}` })));
  const of = (i: NodeImpact) => pools.filter((p) => p.impact === i).map((p) => p.id);
  const parts: string[] = [];
  const replaced = of('replaces');
  const maybe = of('may-replace');
  const deleted = of('deletes');
  if (replaced.length > 0) {
    const byRequirements = report.clusters.flatMap((c) =>
      c.pools.filter((p) => replacedBecause(c, p.pool, p.impact) !== undefined),
    ).length;
    const why =
      byRequirements > 0 ? ` (${byRequirements} of them because every node fails the new requirements)` : '';
    parts.push(
      `**Nodes will be replaced** in ${plural(replaced.length, 'NodePool')}${why}: ${replaced.join(', ')}`,
    );
  }
  if (maybe.length > 0)
    parts.push(`**Some nodes may be replaced** in ${plural(maybe.length, 'NodePool')}: ${maybe.join(', ')}`);
  if (deleted.length > 0)
    parts.push(
      `**${plural(deleted.length, 'NodePool')} deleted with all their nodes**: ${deleted.join(', ')}`,
    );
  const renamed = report.clusters.flatMap((c) =>
    c.resources
      .filter((r) => r.renamedTo !== undefined)
      .map((r) => `${c.name}/${r.name} → ${c.name}/${r.renamedTo}`),
  );
  if (renamed.length > 0)
    parts.push(
      `**Renamed** (Kubernetes deletes and recreates; the nodes are replaced): ${renamed.join(', ')}`,
    );
  const removed = report.clusters.filter((c) => c.decommission !== undefined).map((c) => c.name);
  if (removed.length > 0)
    parts.push(`**Cluster removed**: ${removed.join(', ')}; follow the removal order in the details`);
  if (parts.length === 0)
    return `No existing node is replaced or deleted (${plural(report.totals.resourcesChanged, 'changed resource')}).`;
  return `${parts.join('. ')}.`;
}

function resourceLabel(r: ResourceImpact): string {
  return r.namespace ? `${r.kind}/${r.namespace}/${r.name}` : `${r.kind}/${r.name}`;
}

function changeLabel(r: ResourceImpact): string {
  if (r.renamedTo !== undefined) return `removed (renamed to ${r.renamedTo})`;
  if (r.renamedFrom !== undefined) return `added (renamed from ${r.renamedFrom})`;
  if (r.change !== 'changed') return r.change;
  return `changed (${plural(r.fields.length, 'field')})`;
}

function cfnChangeLabel(c: CfnImpact & { change: string }): string {
  if (c.change !== 'changed') return c.change;
  const parts = (['added', 'removed', 'changed'] as const)
    .map((k) => [k, c.resources.filter((r) => r.change === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`);
  const replaced = c.resources.filter((r) => r.replacement).length;
  if (replaced > 0) parts.push(`${replaced} replaced`);
  if (c.sections.length > 0) parts.push(c.sections.map((s) => s.section).join(', '));
  return parts.join(', ') || 'changed';
}

function replacesCell(r: ResourceImpact): string {
  if (r.impact === undefined) return '—';
  const cell = impactCell(r.impact);
  if (r.affectedPools.length > 0) return `${cell}: ${r.affectedPools.join(', ')}`;
  return cell;
}

/**
 * `requirements` when a pool's nodes are all replaced only because they fail its new requirements
 * (RequirementsDrifted): every field with that verdict says so, and no node class replaces them.
 */
function replacedBecause(c: ClusterImpact, pool: string, impact: NodeImpact): ClassifiedChange['cause'] {
  if (impact !== 'replaces') return undefined;
  const causes = c.resources
    .filter(
      (r) =>
        r.impact === 'replaces' &&
        ((r.kind === KARPENTER_KINDS.nodePool && r.name === pool) || r.affectedPools.includes(pool)),
    )
    .flatMap((r) => r.fields.filter(isClassified).filter((f) => f.impact === 'replaces'));
  return causes.length > 0 && causes.every((f) => f.cause === 'requirements') ? 'requirements' : undefined;
}

/** `no`, `**maybe**`, `**yes**`, or `**yes (requirements)**` when nodes fail the new requirements. */
function impactCell(i: NodeImpact, cause?: ClassifiedChange['cause']): string {
  if (i === 'none') return IMPACT_LABELS[i];
  return cause === undefined ? `**${IMPACT_LABELS[i]}**` : `**${IMPACT_LABELS[i]} (${cause})**`;
}

function row(cells: readonly string[]): string {
  return `| ${cells.map((c) => c.replace(/\|/g, '\\|').replace(/\n/g, ' ')).join(' | ')} |`;
}

function clusterDetails(c: ClusterImpact): string[] {
  const out = [`#### ${c.name}${c.ring !== undefined ? ` (ring ${c.ring})` : ''}`, ''];
  if (c.karpenterVersion !== undefined) out.push(versionChangeLine(c.karpenterVersion), '');
  if (c.decommission) {
    out.push(
      "**Cluster removed.** Merging removes the files only: the cluster's Applications carry Prune=false, so Argo CD deletes nothing by itself. Remove its Karpenter in this order:",
      '',
    );
    c.decommission.forEach((step, i) => out.push(`${i + 1}. ${step}`));
    out.push('');
  }
  for (const r of c.resources) {
    const pools = r.affectedPools.length > 0 ? `, pools ${r.affectedPools.join(', ')}` : '';
    const impact = r.impact !== undefined ? `: replaces nodes? ${impactCell(r.impact)}${pools}` : '';
    out.push(`**${resourceLabel(r)}** ${r.change} (${mdCode(r.file)})${impact}`, '');
    if (r.note) out.push(`- ${r.note}`);
    for (const f of r.fields) {
      const why = isClassified(f) ? ` — ${impactCell(f.impact, f.cause)}: ${f.reason}` : '';
      out.push(
        `- ${mdCode(formatPath(f.path) || '(whole)')}: ${describeValues(f.kind, f.before, f.after)}${why}`,
      );
    }
    out.push('');
  }
  if (c.capacity) {
    out.push(
      `**Instance types and cost** (on-demand list prices of ${c.capacity[0].priceRegion} in ${c.capacity[0].currency}; Spot and reserved at on-demand rates):`,
      '',
      ...c.capacity.map((p) => `- ${capacityChangeLine(p)}`),
      '',
    );
  }
  for (const side of c.awsSide) out.push(...cfnDetails(side));
  return out;
}

function cfnDetails(
  c: CfnImpact & { target: string; file: string; change: string; note?: string },
): string[] {
  const out = [`**${c.target}** ${c.change} (${mdCode(c.file)})`, ''];
  if (c.note !== undefined) out.push(`> ⚠️ ${c.note}`, '');
  for (const r of c.resources) {
    const replaced = r.replacement ? ` — **replaced** by ${c.target} (new physical resource)` : '';
    out.push(`- ${r.area}: ${mdCode(r.type)} ${mdCode(r.logicalId)} ${r.change}${replaced}`);
    for (const f of r.fields)
      out.push(`  - ${mdCode(formatPath(f.path))}: ${describeValues(f.kind, f.before, f.after)}`);
    for (const cause of r.causes) out.push(`  - ${cause.reason}`);
    for (const w of r.warnings) out.push(`  - ⚠️ ${w}`);
  }
  for (const s of c.sections) {
    out.push(`- ${s.section}:`);
    for (const f of s.fields)
      out.push(`  - ${mdCode(formatPath(f.path))}: ${describeValues(f.kind, f.before, f.after)}`);
  }
  out.push('');
  return out;
}

/**
 * Keeps the summary whole and cuts the details at a line boundary when the comment would be too
 * long; a summary that alone is too long (thousands of changed resources) is cut too.
 */
function fit(head: string, details: string, maxChars: number): string {
  const full = `${head}\n${details}`;
  if (full.length <= maxChars) return full;
  const note = '\n\n_Report cut to fit a comment; run `karpenter-gitops impact` locally for all of it._\n';
  const budget = Math.max(0, maxChars - note.length);
  const text =
    head.length + 1 < budget
      ? `${head}\n${details.slice(0, budget - head.length - 1)}`
      : head.slice(0, budget);
  return `${text.slice(0, Math.max(0, text.lastIndexOf('\n')))}${note}`;
}

/** The secret-scan opt-outs: what the new dist/ holds that the scan flags, and each comment's reason. */
function secretOptOutLines(report: ImpactReport): string[] {
  const s = report.secretOptOuts;
  if (s === undefined) return [];
  const lines = ['### Secret-scan opt-outs', ''];
  for (const a of s.allowed)
    lines.push(`- \`${a.file}:${a.line}\` ${a.path}: ${a.kind} (the value is not shown)`);
  for (const c of s.comments) lines.push(`- \`${c.file}:${c.line}\` allow-secret: ${c.reason}`);
  lines.push('', '_Check that each is not a credential: the secret scan lets these through._', '');
  return lines;
}
