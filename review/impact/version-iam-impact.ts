/**
 * What a change of a cluster's Karpenter version does to IAM: the actions the official controller
 * policy of the new release adds and drops against the old one's (policies/official-policy-compare.ts),
 * from the policies the tool ships or the repository imported with the chart's cloudformation.yaml.
 * The versions are read from dist/: the chart version (`targetRevision`) of the cluster's Argo CD
 * Application of the `karpenter` chart.
 */
import { DistResource } from '../dist-resources';
import { OfficialControllerPolicy } from '../../policies/official-policy';
import { officialActionChanges } from '../../policies/official-policy-compare';

/** The official policy of a Karpenter version, when one is known. */
export type OfficialPolicyOf = (version: string) => OfficialControllerPolicy | undefined;

export interface KarpenterVersionChange {
  readonly from: string;
  readonly to: string;
  /** Actions of the new release's official policy that the old one's lacks, and the reverse; undefined when either is unknown. */
  readonly iamActions?: { readonly added: readonly string[]; readonly removed: readonly string[] };
  /** The versions (of the two) without a known official policy, in from/to order. */
  readonly noOfficialPolicy: readonly string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `karpenter` chart version an Argo CD Application of the cluster deploys, if any. */
export function controllerChartVersion(resources: ReadonlyMap<string, DistResource>): string | undefined {
  for (const r of resources.values()) {
    if (r.kind !== 'Application' || !isRecord(r.body) || !isRecord(r.body.spec)) continue;
    const spec = r.body.spec;
    const sources = [...(Array.isArray(spec.sources) ? spec.sources : []), spec.source];
    for (const s of sources)
      if (isRecord(s) && s.chart === 'karpenter' && typeof s.targetRevision === 'string')
        return s.targetRevision;
  }
  return undefined;
}

/** The version change between two states of a cluster's dist/, or undefined when the version stays. */
export function karpenterVersionChange(
  before: ReadonlyMap<string, DistResource>,
  after: ReadonlyMap<string, DistResource>,
  officialPolicyOf: OfficialPolicyOf,
): KarpenterVersionChange | undefined {
  const from = controllerChartVersion(before);
  const to = controllerChartVersion(after);
  if (from === undefined || to === undefined || from === to) return undefined;
  const a = officialPolicyOf(from);
  const b = officialPolicyOf(to);
  const noOfficialPolicy = [...(a ? [] : [from]), ...(b ? [] : [to])];
  return { from, to, ...(a && b ? { iamActions: officialActionChanges(a, b) } : {}), noOfficialPolicy };
}

/** The report's line for a version change (Markdown). */
export function versionChangeLine(change: KarpenterVersionChange): string {
  const head = `**Karpenter ${change.from} → ${change.to}.**`;
  if (change.iamActions === undefined)
    return `${head} IAM actions not compared: no official controller policy of Karpenter ${change.noOfficialPolicy.join(' and ')} is known (import the release's chart with its getting-started cloudformation.yaml).`;
  const { added, removed } = change.iamActions;
  if (added.length === 0 && removed.length === 0)
    return `${head} The official controller policy grants the same IAM actions.`;
  const list = (xs: readonly string[]) => (xs.length === 0 ? 'none' : xs.map((x) => `\`${x}\``).join(', '));
  return `${head} IAM actions the official controller policy adds: ${list(added)}; drops: ${list(removed)}.`;
}
