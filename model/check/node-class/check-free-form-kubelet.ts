/**
 * Checks of a node class's `kubelet` for a Karpenter version whose EC2NodeClass takes it as a
 * free-form KubeletConfiguration (model/facts/crd-traits.ts `kubelet: 'free-form'`). The API server
 * checks nothing there: Karpenter reports a mistake only after apply, as ValidationSucceeded=False
 * on the class, and no node launches from it. These checks say it at the fleet line instead, with
 * the reason Karpenter would set (facts and upstream sources: model/facts/free-form-kubelet.ts):
 *
 * - a field beyond the 12 Karpenter maps on AL2, Bottlerocket or Windows (UnsupportedKubeletConfiguration);
 * - podsPerCore on Bottlerocket, more than one clusterDNS entry on a family other than AL2023 (same reason);
 * - registerWithTaints, which Karpenter owns (InvalidKubeletConfiguration);
 * - a CEL expression in maxPods, kubeReserved or systemReserved while the Helm values leave
 *   `settings.awsFeatureGates.nodeClassCEL` off (KubeletExpressionsDisabled);
 * - the literal values of the managed fields, as for a typed kubelet (check-kubelet.ts), plus
 *   evictionMinimumReclaim and grace-period durations (upstream kubeletconfiguration_validation.go).
 */
import { CheckContext } from '../check-context';
import { checkKubelet, EVICTION_SIGNALS } from './check-kubelet';
import { PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { AmiFamily } from '../../facts/constants';
import { familyKind, writtenFamily } from '../../facts/ami-families';
import { goDurationNanos } from '../../facts/go-duration';
import {
  FREE_FORM_KUBELET_SUPPORT,
  KARPENTER_OWNED_KUBELET_FIELDS,
  KUBELET_CONDITION_REASONS,
  MANAGED_KUBELET_FIELDS,
  NODE_CLASS_CEL_GATE_PATH,
  isResourceQuantity,
  kubeletExpressions,
} from '../../facts/free-form-kubelet';
import { show } from '../../shared/show-value';

type Kubelet = Readonly<Record<string, unknown>>;

const notApplied = (reason: string) =>
  `Karpenter refuses the class (ValidationSucceeded=False, reason ${reason}) and launches no node from it`;

/** Where the gate is set, as a fleet snippet for the fix. */
export const NODE_CLASS_CEL_GATE_FIX =
  `Set \`karpenter.helmValues: { settings: { awsFeatureGates: { nodeClassCEL: true } } }\` (Helm value ` +
  `${NODE_CLASS_CEL_GATE_PATH.join('.')}) in this cluster's file or _defaults.yaml, or write a literal value`;

/** True where the cluster's Helm values turn the NodeClassCEL AWS feature gate on. */
export function nodeClassCelGateOn(helmValues: unknown): boolean {
  let node: unknown = helmValues;
  for (const key of NODE_CLASS_CEL_GATE_PATH) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node === true;
}

export function checkFreeFormKubelet(
  ctx: CheckContext,
  path: readonly PathSegment[],
  kubelet: Kubelet,
  family: AmiFamily | undefined,
  celGateOn: boolean,
): void {
  const at = (...rest: PathSegment[]): PathSegment[] => [...path, ...rest];
  for (const field of Object.keys(KARPENTER_OWNED_KUBELET_FIELDS).filter((f) => f in kubelet)) {
    ctx.error(
      at(field),
      `kubelet.${field} cannot be set: ${KARPENTER_OWNED_KUBELET_FIELDS[field]}; ${notApplied(KUBELET_CONDITION_REASONS.invalid)}`,
      'Remove it; give the node pool taints or startupTaints instead',
      'key',
    );
  }
  if (family !== undefined) checkFamilySupport(ctx, at, kubelet, family);
  if (!celGateOn) {
    for (const where of kubeletExpressions(kubelet)) {
      const value = where.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], kubelet);
      ctx.error(
        at(...where),
        `'${show(String(value))}' is a CEL expression, and the NodeClassCEL AWS feature gate is off in this cluster's Helm values: ${notApplied(KUBELET_CONDITION_REASONS.expressionsDisabled)}`,
        NODE_CLASS_CEL_GATE_FIX,
      );
    }
  }
  checkEvictionExtras(ctx, at, kubelet);
  checkKubelet(ctx, path, literalView(kubelet));
}

/**
 * The free-form kubelets of a cluster on an imported version, which the fleet schema does not
 * type and so passes through to the class whole (model/schema/pass-through.ts): checked here, at
 * their lines, with the family the class is written with.
 */
export function checkPassedThroughKubelets(
  ctx: CheckContext,
  fields: readonly { readonly entry: string; readonly field: string; readonly value: unknown }[],
): void {
  const gateOn = nodeClassCelGateOn(ctx.raw.karpenter?.helmValues);
  for (const f of fields) {
    if (f.field !== 'kubelet' || typeof f.value !== 'object' || f.value === null || Array.isArray(f.value))
      continue;
    const nc = ctx.raw.nodeClasses?.[f.entry];
    const family = nc ? writtenFamily(nc) : undefined;
    checkFreeFormKubelet(ctx, ['nodeClasses', f.entry, 'kubelet'], f.value as Kubelet, family, gateOn);
  }
}

/** The per-family rules of upstream `validateKubeletFieldsSupported`. */
function checkFamilySupport(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  kubelet: Kubelet,
  family: AmiFamily,
): void {
  const support = FREE_FORM_KUBELET_SUPPORT[familyKind(family)];
  if (!support.checked) return;
  const reason = notApplied(KUBELET_CONDITION_REASONS.unsupported);
  if (!support.arbitraryFields) {
    const managed: readonly string[] = MANAGED_KUBELET_FIELDS;
    for (const field of Object.keys(kubelet).sort()) {
      if (managed.includes(field) || field in KARPENTER_OWNED_KUBELET_FIELDS) continue;
      ctx.error(
        at(field),
        `the ${family} AMI family does not apply kubelet.${field} (only AL2023 applies fields beyond the 12 Karpenter maps): ${reason}`,
        `Remove ${field} from this class, or move the pools that need it to an AL2023 node class`,
        'key',
      );
    }
  }
  if (!support.podsPerCore && kubelet.podsPerCore !== undefined) {
    ctx.error(
      at('podsPerCore'),
      `the ${family} AMI family does not apply kubelet.podsPerCore (it has no setting for it): ${reason}`,
      'Remove podsPerCore and cap the pod density with maxPods',
      'key',
    );
  }
  const dns = kubelet.clusterDNS;
  if (!support.multipleClusterDns && Array.isArray(dns) && dns.length > 1) {
    ctx.error(
      at('clusterDNS'),
      `the ${family} AMI family takes one kubelet.clusterDNS entry, not ${dns.length} (it passes a single DNS address to the node): ${reason}`,
      'Keep one address, or use an AL2023 node class for several',
    );
  }
}

/** evictionMinimumReclaim keys and values, and grace periods as Go durations (upstream validation). */
function checkEvictionExtras(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  kubelet: Kubelet,
): void {
  const signals: readonly string[] = EVICTION_SIGNALS;
  for (const [key, value] of entries(kubelet.evictionMinimumReclaim)) {
    if (!signals.includes(key)) {
      ctx.error(
        at('evictionMinimumReclaim', key),
        `'${show(key)}' is not an eviction signal`,
        `Use one of: ${EVICTION_SIGNALS.join(', ')}`,
        'key',
      );
    } else if (typeof value !== 'string' || !(isPercentage(value) || isNonNegativeQuantity(value))) {
      ctx.error(
        at('evictionMinimumReclaim', key),
        `'${show(String(value))}' is not a percentage or a quantity`,
        'Write e.g. 5% or 500Mi',
      );
    }
  }
  for (const [key, value] of entries(kubelet.evictionSoftGracePeriod)) {
    const nanos = typeof value === 'string' ? goDurationNanos(value) : undefined;
    if (nanos === undefined || nanos < 0n) {
      ctx.error(
        at('evictionSoftGracePeriod', key),
        `'${show(String(value))}' is not a duration`,
        'Write e.g. 30s or 2m',
      );
    }
  }
}

const entries = (v: unknown): [string, unknown][] =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.entries(v) : [];

function isPercentage(value: string): boolean {
  if (!value.endsWith('%')) return false;
  const n = Number(value.slice(0, -1));
  return value.length > 1 && Number.isFinite(n) && n >= 0 && n <= 100;
}

const isNonNegativeQuantity = (value: string): boolean => isResourceQuantity(value) && !value.startsWith('-');

/**
 * The managed fields with literal values of the types a typed kubelet has, for the checks of a
 * typed kubelet: expressions stand as `0` (they are checked above) and values of another type
 * are left out (Karpenter's decode against the upstream KubeletConfiguration type reports them,
 * which the tool cannot mirror without that type).
 */
function literalView(kubelet: Kubelet): NonNullable<RawNodeClass['kubelet']> {
  const out: Record<string, unknown> = {};
  for (const field of ['evictionHard', 'evictionSoft', 'evictionSoftGracePeriod'] as const) {
    const map = stringMap(kubelet[field], () => true);
    if (map) out[field] = map;
  }
  for (const field of ['kubeReserved', 'systemReserved'] as const) {
    // An expression's key is still checked; its value is the gate's and Karpenter's concern.
    const map = stringMap(kubelet[field], () => true);
    if (map)
      out[field] = Object.fromEntries(
        Object.entries(map).map(([k, v]) => [k, isResourceQuantity(v) ? v : '0']),
      );
  }
  for (const field of ['imageGCHighThresholdPercent', 'imageGCLowThresholdPercent'] as const) {
    if (typeof kubelet[field] === 'number') out[field] = kubelet[field];
  }
  return out as NonNullable<RawNodeClass['kubelet']>;
}

function stringMap(v: unknown, keep: (value: string) => boolean): Record<string, string> | undefined {
  const pairs = entries(v).filter((e): e is [string, string] => typeof e[1] === 'string' && keep(e[1]));
  return pairs.length > 0 ? Object.fromEntries(pairs) : undefined;
}
