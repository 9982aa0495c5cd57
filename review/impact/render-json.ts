/**
 * The impact report as JSON (`--format json`) for tools: same content as the Markdown, field paths
 * as strings, values as they are in the manifests. Key order is fixed by construction here, list
 * order by the report, so the output is byte-stable.
 */
import { FieldChange } from './field-diff';
import { formatPath } from './field-path';
import { AwsSideImpact, ImpactReport, isClassified } from './impact-report';
import { ClassifiedChange } from './classify-resource';

/** Bumped when a consumer-visible field changes meaning. */
export const IMPACT_JSON_SCHEMA_VERSION = 1;

export function renderJson(report: ImpactReport): string {
  const value = {
    schemaVersion: IMPACT_JSON_SCHEMA_VERSION,
    before: report.before,
    after: report.after,
    totals: report.totals,
    upgrades: (report.upgrades ?? []).map((u) => ({
      cluster: u.cluster,
      from: u.from,
      to: u.to,
      unknown: u.unknown ?? null,
      crdChanges: u.crdChanges.map((c) => ({
        kind: c.kind,
        path: c.path,
        change: c.change,
        detail: c.detail,
      })),
      valuesKeys: u.valuesKeys ?? null,
      drift: u.drift,
    })),
    untracked: report.untracked ?? [],
    secretOptOuts: report.secretOptOuts ?? { allowed: [], comments: [] },
    clusters: report.clusters.map((c) => ({
      name: c.name,
      ring: c.ring ?? null,
      decommission: c.decommission ?? null,
      karpenterVersion: c.karpenterVersion ?? null,
      pools: c.pools.map((p) => ({
        pool: p.pool,
        impact: p.impact,
        reasons: p.reasons,
        driftBudget: p.driftBudget ?? null,
        driftStart: p.driftStart ?? null,
      })),
      resources: c.resources.map((r) => ({
        kind: r.kind,
        name: r.name,
        namespace: r.namespace ?? null,
        file: r.file,
        change: r.change,
        impact: r.impact ?? null,
        affectedPools: r.affectedPools,
        note: r.note ?? null,
        renamedFrom: r.renamedFrom ?? null,
        renamedTo: r.renamedTo ?? null,
        fields: r.fields.map(field),
      })),
      capacity: (c.capacity ?? []).map((p) => ({
        pool: p.pool,
        change: p.change,
        typesBefore: p.typesBefore ?? null,
        typesAfter: p.typesAfter ?? null,
        adds: p.adds,
        addedCount: p.addedCount,
        removes: p.removes,
        removedCount: p.removedCount,
        ceilingBefore: p.ceilingBefore ?? null,
        ceilingKindBefore: p.ceilingKindBefore ?? null,
        ceilingAfter: p.ceilingAfter ?? null,
        ceilingKindAfter: p.ceilingKindAfter ?? null,
        priceRegion: p.priceRegion,
        currency: p.currency,
      })),
      // `cloudFormation`: the CloudFormation entry of `awsSide`, as before there were other targets.
      cloudFormation: awsSideJson(c.awsSide.find((a) => a.target === 'CloudFormation')) ?? null,
      awsSide: c.awsSide.map(awsSideJson),
    })),
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

function awsSideJson(a: AwsSideImpact | undefined): Record<string, unknown> | undefined {
  if (a === undefined) return undefined;
  return {
    target: a.target,
    file: a.file,
    change: a.change,
    note: a.note ?? null,
    resources: a.resources.map((r) => ({
      logicalId: r.logicalId,
      type: r.type,
      area: r.area,
      change: r.change,
      replacement: r.replacement,
      warnings: r.warnings,
      fields: r.fields.map(field),
      // Only where a replacement carries over, so other reports stay as they were.
      ...(r.causes.length > 0
        ? {
            causes: r.causes.map((c) => ({
              by: c.by,
              field: c.field,
              replaces: c.replaces,
              reason: c.reason,
            })),
          }
        : {}),
    })),
    sections: a.sections.map((s) => ({ section: s.section, fields: s.fields.map(field) })),
  };
}

function field(f: FieldChange | ClassifiedChange): Record<string, unknown> {
  return {
    path: formatPath(f.path),
    change: f.kind,
    before: f.before ?? null,
    after: f.after ?? null,
    ...(isClassified(f) ? { impact: f.impact, reason: f.reason } : {}),
    // Only on a requirement yes (RequirementsDrifted), so other reports stay as they were.
    ...(isClassified(f) && f.cause !== undefined ? { cause: f.cause } : {}),
  };
}
