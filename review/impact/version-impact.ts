/**
 * What a change of a cluster's `karpenter.version` means, read from the CRDs and charts of both
 * versions (shipped ones from imports/validation/, imported ones from the repository's
 * karpenter-imports/): which CRD fields appeared, disappeared or changed their default, which
 * Helm values keys the chart removed or renamed, and which NodePools drift because a default
 * their objects rely on changed (the API server writes the new default, so Karpenter's hash of
 * the object changes). IAM actions per version are reported by `policies`.
 */
import { parse } from 'yaml';
import {
  crdShapesIn,
  CrdShape,
  diffCrdSets,
  isKarpenterVersion,
  KindChange,
  knownCrdShapes,
  RepositoryImports,
} from '../../model';
import { SHIPPED_CHART_KEYS } from '../../model/stages';

export interface KarpenterUpgrade {
  readonly cluster: string;
  readonly from: string;
  readonly to: string;
  /** CRD fields that appeared, disappeared or changed their default (and other schema changes). */
  readonly crdChanges: readonly KindChange[];
  /** Helm values keys of the controller chart, when both versions' keys are known. */
  readonly valuesKeys?: {
    readonly removed: readonly string[];
    readonly renamed: readonly { readonly from: string; readonly to: string }[];
    readonly added: readonly string[];
  };
  /** NodePools that drift, and why. */
  readonly drift: readonly { readonly pool: string; readonly reasons: readonly string[] }[];
  /** Set when a version's CRDs are not available here (neither shipped nor imported). */
  readonly unknown?: string;
}

type Files = ReadonlyMap<string, string>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Cluster → the Karpenter chart version its Argo CD Applications deploy. */
export function karpenterVersionsOf(files: Files): Map<string, string> {
  const out = new Map<string, string>();
  for (const [rel, text] of files) {
    const m = /^([^/]+)\/argocd\/application-[^/]+\.yaml$/.exec(rel);
    if (m === null || !text.includes('chart: karpenter')) continue;
    const doc = parse(text) as unknown;
    if (!isRecord(doc) || !isRecord(doc.spec)) continue;
    const sources = [doc.spec.source, ...(Array.isArray(doc.spec.sources) ? doc.spec.sources : [])];
    for (const s of sources)
      if (
        isRecord(s) &&
        (s.chart === 'karpenter' || s.chart === 'karpenter-crd') &&
        typeof s.targetRevision === 'string'
      )
        out.set(m[1], s.targetRevision.replace(/^v/, ''));
  }
  return out;
}

function shapesOf(version: string, imports: RepositoryImports): ReadonlyMap<string, CrdShape> | undefined {
  if (isKarpenterVersion(version)) return knownCrdShapes(version);
  const imported = imports.karpenter.get(version);
  return imported ? crdShapesIn(imported.artifactDir) : undefined;
}

function keysOf(version: string, imports: RepositoryImports): ReadonlySet<string> | undefined {
  if (version === SHIPPED_CHART_KEYS.version) return new Set(SHIPPED_CHART_KEYS.keys.keys());
  const keys = imports.karpenter.get(version)?.valuesKeys;
  return keys ? new Set(Object.keys(keys)) : undefined;
}

function valuesKeyChanges(
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
): KarpenterUpgrade['valuesKeys'] {
  const gone = [...before].filter((k) => !after.has(k)).sort();
  const added = [...after].filter((k) => !before.has(k)).sort();
  const leaf = (k: string): string => (k.split('.').pop() ?? k).toLowerCase();
  const parent = (k: string): string => k.split('.').slice(0, -1).join('.');
  const renamed: { from: string; to: string }[] = [];
  for (const k of gone) {
    // The same name moved elsewhere, or the one key removed where one key was added.
    const moved = added.filter((a) => leaf(a) === leaf(k));
    const beside = added.filter((a) => parent(a) === parent(k));
    const alone = gone.filter((g) => parent(g) === parent(k)).length === 1;
    const to = moved.length === 1 ? moved[0] : alone && beside.length === 1 ? beside[0] : undefined;
    if (to !== undefined && !renamed.some((r) => r.to === to)) renamed.push({ from: k, to });
  }
  return {
    removed: gone.filter((k) => !renamed.some((r) => r.from === k)),
    renamed,
    added: added.filter((k) => !renamed.some((r) => r.to === k)),
  };
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const p of path) node = isRecord(node) ? node[p] : undefined;
  return node;
}

/** What Karpenter hashes for drift: a NodePool's template, an EC2NodeClass's spec. */
const HASHED: Readonly<Record<string, string>> = { NodePool: 'spec.template.', EC2NodeClass: 'spec.' };

/**
 * Changed or new defaults of `kind` at plain paths (no list items or map values) inside what
 * Karpenter hashes, that the object leaves to the API server: the server writes the new value,
 * so the hash changes and the nodes drift.
 */
function defaultedChanges(changes: readonly KindChange[], kind: string, body: unknown): string[] {
  const out: string[] = [];
  for (const c of changes) {
    const defaulted = c.change === 'default' || (c.change === 'added' && c.detail.includes('default'));
    if (c.kind !== kind || !defaulted || /[[{]/.test(c.path) || !c.path.startsWith(HASHED[kind] ?? '\u0000'))
      continue;
    const path = c.path.split('.');
    const parent = path.slice(0, -1);
    if (valueAt(body, path) !== undefined) continue;
    if (parent.length > 1 && valueAt(body, parent) === undefined) continue;
    out.push(
      `${kind} ${c.path}: ${c.detail} (not set in the fleet: the API server writes it, the hash changes)`,
    );
  }
  return out;
}

/** The Karpenter objects of one cluster in a dist tree, by kind. */
function objectsOf(
  files: Files,
  cluster: string,
): { kind: string; name: string; body: Record<string, unknown> }[] {
  const out: { kind: string; name: string; body: Record<string, unknown> }[] = [];
  for (const [rel, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!rel.startsWith(`${cluster}/karpenter/`) || !rel.endsWith('.yaml')) continue;
    const doc = parse(text) as unknown;
    if (!isRecord(doc) || typeof doc.kind !== 'string' || !isRecord(doc.metadata)) continue;
    out.push({ kind: doc.kind, name: String(doc.metadata.name), body: doc });
  }
  return out;
}

/** The upgrade of one cluster from `from` to `to`, with the objects of the new tree. */
export function karpenterUpgrade(
  cluster: string,
  from: string,
  to: string,
  after: Files,
  imports: RepositoryImports,
): KarpenterUpgrade {
  const before = shapesOf(from, imports);
  const next = shapesOf(to, imports);
  if (before === undefined || next === undefined) {
    const missing = before === undefined ? from : to;
    return {
      cluster,
      from,
      to,
      crdChanges: [],
      drift: [],
      unknown: `Karpenter ${missing} is neither shipped nor imported here: its CRDs cannot be compared (npx karpenter-gitops import its chart)`,
    };
  }
  const crdChanges = diffCrdSets(before, next);
  const keysBefore = keysOf(from, imports);
  const keysAfter = keysOf(to, imports);
  const objects = objectsOf(after, cluster);
  const classReasons = new Map(
    objects
      .filter((o) => o.kind === 'EC2NodeClass')
      .map((o) => [o.name, defaultedChanges(crdChanges, 'EC2NodeClass', o.body)]),
  );
  const drift = objects
    .filter((o) => o.kind === 'NodePool')
    .map((o) => {
      const ref = valueAt(o.body, ['spec', 'template', 'spec', 'nodeClassRef', 'name']);
      const reasons = [
        ...defaultedChanges(crdChanges, 'NodePool', o.body),
        ...(typeof ref === 'string'
          ? (classReasons.get(ref) ?? []).map((r) => `node class ${ref}: ${r}`)
          : []),
      ];
      return { pool: o.name, reasons };
    })
    .filter((p) => p.reasons.length > 0);
  return {
    cluster,
    from,
    to,
    crdChanges,
    ...(keysBefore && keysAfter ? { valuesKeys: valuesKeyChanges(keysBefore, keysAfter) } : {}),
    drift,
  };
}

/** Every cluster whose Karpenter version differs between the trees. */
export function karpenterUpgrades(
  before: Files,
  after: Files,
  imports: RepositoryImports,
): KarpenterUpgrade[] {
  const was = karpenterVersionsOf(before);
  const now = karpenterVersionsOf(after);
  return [...now]
    .filter(([cluster, version]) => was.has(cluster) && was.get(cluster) !== version)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([cluster, version]) =>
      karpenterUpgrade(cluster, was.get(cluster) as string, version, after, imports),
    );
}

/** The upgrades as Markdown lines (a section of the impact comment). */
export function upgradeMarkdown(upgrades: readonly KarpenterUpgrade[]): string[] {
  if (upgrades.length === 0) return [];
  const lines = ['### Karpenter version changes', ''];
  for (const u of upgrades) {
    lines.push(`**${u.cluster}**: Karpenter ${u.from} → ${u.to}`, '');
    if (u.unknown) {
      lines.push(`- ${u.unknown}`, '');
      continue;
    }
    const fields = u.crdChanges.filter((c) => ['added', 'removed', 'default'].includes(c.change));
    const other = u.crdChanges.length - fields.length;
    for (const c of fields) lines.push(`- CRD ${c.kind} \`${c.path || '(kind)'}\`: ${c.detail}`);
    if (other > 0) lines.push(`- ${other} other CRD schema changes (types, enums, constraints, CEL rules)`);
    if (u.crdChanges.length === 0) lines.push('- CRDs: identical');
    if (u.valuesKeys) {
      for (const k of u.valuesKeys.removed) lines.push(`- Helm values key removed: \`${k}\``);
      for (const r of u.valuesKeys.renamed)
        lines.push(`- Helm values key renamed: \`${r.from}\` → \`${r.to}\``);
      if (u.valuesKeys.added.length > 0) lines.push(`- Helm values keys added: ${u.valuesKeys.added.length}`);
    } else lines.push('- Helm values keys: not compared (a chart without values.yaml was imported)');
    for (const p of u.drift) lines.push(`- NodePool ${p.pool} drifts: ${p.reasons.join('; ')}`);
    if (u.drift.length === 0) lines.push('- No NodePool drifts from a changed CRD default');
    lines.push('');
  }
  return lines;
}
