/**
 * Which Karpenter API generation and role an input object has, from its apiVersion and kind.
 */
export const API_GENERATIONS = ['v1alpha5', 'v1beta1', 'v1'] as const;
export type ApiGeneration = (typeof API_GENERATIONS)[number];

export type ObjectRole = 'pool' | 'class';

export interface RecognisedKind {
  readonly generation: ApiGeneration;
  readonly role: ObjectRole;
}

const KNOWN: Readonly<Record<string, RecognisedKind>> = {
  'karpenter.sh/v1alpha5|Provisioner': { generation: 'v1alpha5', role: 'pool' },
  'karpenter.k8s.aws/v1alpha1|AWSNodeTemplate': { generation: 'v1alpha5', role: 'class' },
  'karpenter.sh/v1beta1|NodePool': { generation: 'v1beta1', role: 'pool' },
  'karpenter.k8s.aws/v1beta1|EC2NodeClass': { generation: 'v1beta1', role: 'class' },
  'karpenter.sh/v1|NodePool': { generation: 'v1', role: 'pool' },
  'karpenter.k8s.aws/v1|EC2NodeClass': { generation: 'v1', role: 'class' },
};

export function recogniseKind(apiVersion: string, kind: string): RecognisedKind | undefined {
  return KNOWN[`${apiVersion}|${kind}`];
}

/** NodeOverlays, CapacityBuffers and the PodTemplates buffers name (convert/from/from-node-overlay.ts, from-capacity-buffer.ts). */
export const OVERLAY_BUFFER_KINDS = {
  'karpenter.sh/v1alpha1|NodeOverlay': 'overlay',
  'autoscaling.x-k8s.io/v1beta1|CapacityBuffer': 'buffer',
  'v1|PodTemplate': 'podTemplate',
} as const;
export type OverlayBufferRole = (typeof OVERLAY_BUFFER_KINDS)[keyof typeof OVERLAY_BUFFER_KINDS];

export function recogniseOverlayBufferKind(apiVersion: string, kind: string): OverlayBufferRole | undefined {
  return (OVERLAY_BUFFER_KINDS as Readonly<Record<string, OverlayBufferRole>>)[`${apiVersion}|${kind}`];
}

/** The supported apiVersion/kind pairs, for messages. */
export function supportedKinds(): string[] {
  return [...Object.keys(KNOWN), ...Object.keys(OVERLAY_BUFFER_KINDS)].map((k) => k.replace('|', ' '));
}

/** Other Karpenter kinds we know about and why they are not converted. */
export const NOT_CONVERTED_KINDS: Readonly<Record<string, string>> = {
  Machine: 'Machines are created by Karpenter (v1alpha5) and are not configuration',
  NodeClaim: 'NodeClaims are created by Karpenter from NodePools and are not configuration',
};
