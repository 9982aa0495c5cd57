/**
 * What Karpenter does with a free-form EC2NodeClass `spec.kubelet` (the CRD shape of
 * model/facts/crd-traits.ts `kubelet: 'free-form'`), per AMI family. Read from
 * aws/karpenter-provider-aws at commit 1d927085dd81a9df9301e613f371dac5b4d16bfe (upstream main,
 * 2026-08-21, the snapshot in ../shared/reference/karpenter-main-2026-08-21/), where PR #9461
 * (commit 7695b3c49c78efe10bb823213b3888330182a40e) made the kubelet free-form:
 *
 * - pkg/apis/v1/kubeletconfiguration.go: `ParsedKubeletConfig`, whose JSON fields are the
 *   "managed" kubelet fields Karpenter maps to bootstrap itself (`managedKubeletFields`);
 *   `HasExpressions`: a string `maxPods`, or a `kubeReserved`/`systemReserved` value that is not a
 *   resource quantity, is a CEL expression;
 * - pkg/controllers/nodeclass/validation.go: `validateKubeletFieldsSupported` (condition reason
 *   `UnsupportedKubeletConfiguration`): families without `SupportsArbitraryKubeletConfig` refuse
 *   every unmanaged field, podsPerCore where `PodsPerCoreEnabled` is false, and more than one
 *   `clusterDNS` entry; Custom is not checked. The gate check (reason `KubeletExpressionsDisabled`):
 *   an expression while the `NodeClassCEL` AWS feature gate is off;
 * - pkg/providers/amifamily/resolver.go (defaults: PodsPerCoreEnabled true,
 *   SupportsArbitraryKubeletConfig false), al2023.go (SupportsArbitraryKubeletConfig true),
 *   bottlerocket.go (PodsPerCoreEnabled false), windows.go, al2.go;
 * - pkg/apis/v1/kubeletconfiguration_validation.go: `karpenterOwnedFields` (registerWithTaints,
 *   reason `InvalidKubeletConfiguration`), `evictionSignals`, `reservedResources`;
 * - website/content/en/preview/concepts/nodeclasses.md ("Only the AL2023 AMI family ... limited to
 *   the 12 fields Karpenter maps explicitly"; "Dynamic Kubelet Configuration via Expressions") and
 *   reference/settings.md ("AWS-Specific Feature Gates": Helm `settings.awsFeatureGates.nodeClassCEL`).
 */
import { FamilyKind } from './ami-families';

/** Source of every fact in this file. */
export const FREE_FORM_KUBELET_SOURCE = 'aws/karpenter-provider-aws@1d927085dd81a9df9301e613f371dac5b4d16bfe';

/**
 * The kubelet fields Karpenter maps to bootstrap itself (the JSON fields of upstream's
 * `ParsedKubeletConfig`): every family applies these; only AL2023 applies any other field.
 */
export const MANAGED_KUBELET_FIELDS = [
  'clusterDNS',
  'maxPods',
  'podsPerCore',
  'systemReserved',
  'kubeReserved',
  'evictionHard',
  'evictionSoft',
  'evictionSoftGracePeriod',
  'evictionMaxPodGracePeriod',
  'imageGCHighThresholdPercent',
  'imageGCLowThresholdPercent',
  'cpuCFSQuota',
] as const;
export type ManagedKubeletField = (typeof MANAGED_KUBELET_FIELDS)[number];

/** Kubelet fields Karpenter sets itself and refuses (upstream `karpenterOwnedFields`), with why. */
export const KARPENTER_OWNED_KUBELET_FIELDS: Readonly<Record<string, string>> = {
  registerWithTaints:
    "Karpenter sets it from the NodeClaim's taints so the node registers unschedulable until it is ready",
};

/** The status condition reasons Karpenter sets on the class (ValidationSucceeded=False). */
export const KUBELET_CONDITION_REASONS = {
  unsupported: 'UnsupportedKubeletConfiguration',
  invalid: 'InvalidKubeletConfiguration',
  expressionsDisabled: 'KubeletExpressionsDisabled',
} as const;

/** What one AMI family applies of a free-form kubelet (upstream `FeatureFlags`). */
export interface FreeFormKubeletSupport {
  /** False for Custom: Karpenter checks nothing (the user's userData bootstraps the kubelet). */
  readonly checked: boolean;
  /** Renders the whole configuration to the node (`SupportsArbitraryKubeletConfig`). */
  readonly arbitraryFields: boolean;
  /** Applies podsPerCore (`PodsPerCoreEnabled`). */
  readonly podsPerCore: boolean;
  /** Takes more than one clusterDNS entry (only families with arbitrary fields do). */
  readonly multipleClusterDns: boolean;
}

export const FREE_FORM_KUBELET_SUPPORT: Readonly<Record<FamilyKind, FreeFormKubeletSupport>> = {
  AL2023: { checked: true, arbitraryFields: true, podsPerCore: true, multipleClusterDns: true },
  AL2: { checked: true, arbitraryFields: false, podsPerCore: true, multipleClusterDns: false },
  Bottlerocket: { checked: true, arbitraryFields: false, podsPerCore: false, multipleClusterDns: false },
  Windows: { checked: true, arbitraryFields: false, podsPerCore: true, multipleClusterDns: false },
  Custom: { checked: false, arbitraryFields: true, podsPerCore: true, multipleClusterDns: true },
};

/** The Helm values key that turns kubelet CEL expressions on (chart values.yaml, `settings.awsFeatureGates`). */
export const NODE_CLASS_CEL_GATE_PATH = ['settings', 'awsFeatureGates', 'nodeClassCEL'] as const;

/** Kubelet fields whose value may be a CEL expression instead of a literal. */
export const EXPRESSION_KUBELET_FIELDS = ['maxPods', 'kubeReserved', 'systemReserved'] as const;

/**
 * A Kubernetes resource quantity as `resource.ParseQuantity` reads it (sign allowed): a
 * kubeReserved/systemReserved value that is not one is a CEL expression.
 */
const SIGNED_QUANTITY =
  /^[+-]?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE][+-]?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

export function isResourceQuantity(value: string): boolean {
  return SIGNED_QUANTITY.test(value);
}

/** Where a free-form kubelet holds CEL expressions: each as path below `kubelet`, sorted. */
export function kubeletExpressions(kubelet: Readonly<Record<string, unknown>>): string[][] {
  const out: string[][] = [];
  if (typeof kubelet.maxPods === 'string') out.push(['maxPods']);
  for (const field of ['kubeReserved', 'systemReserved'] as const) {
    const map = kubelet[field];
    if (typeof map !== 'object' || map === null || Array.isArray(map)) continue;
    for (const [key, value] of Object.entries(map as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    )) {
      if (typeof value === 'string' && !isResourceQuantity(value)) out.push([field, key]);
    }
  }
  return out;
}
