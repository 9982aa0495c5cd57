/**
 * What a NodeOverlay, CapacityBuffer or buffer PodTemplate change does, for the impact report.
 * None of them drifts a node. Facts from kubernetes-sigs/karpenter v1.14.1:
 *
 * - NodeOverlay: pkg/controllers/nodeoverlay (controller.go, store.go) rewrites the price and
 *   extended-resource capacity of matching instance types in the store the scheduler and the
 *   disruption controller read, then marks the cluster unconsolidated. Drift reasons are only
 *   NodePoolDrifted, RequirementsDrifted (pkg/controllers/nodeclaim/disruption/drift.go) and the
 *   provider's node-class drift: overlays are in no hash. So existing nodes stay; new launches
 *   and consolidation decisions use the changed prices and capacity, and consolidation may then
 *   replace nodes with ones that have become cheaper.
 * - CapacityBuffer: pkg/controllers/capacitybuffer computes virtual pods that the provisioner
 *   schedules every loop (pkg/controllers/provisioning/buffers.go): more chunks launch nodes for
 *   headroom; fewer or a removed buffer free it, and a node that held only buffer pods becomes
 *   empty and can be consolidated (pkg/controllers/disruption/emptiness.go).
 * - PodTemplate: the shape of a buffer chunk; the buffer controller watches it and recomputes
 *   the virtual pods.
 */
import { ClassifiedChange } from './classify-resource';
import { FieldChange } from './field-diff';
import { startsWith } from './field-path';

export const OVERLAY_BUFFER_KINDS = {
  nodeOverlay: 'NodeOverlay',
  capacityBuffer: 'CapacityBuffer',
  podTemplate: 'PodTemplate',
} as const;
export type OverlayBufferKind = (typeof OVERLAY_BUFFER_KINDS)[keyof typeof OVERLAY_BUFFER_KINDS];

export function isOverlayBufferKind(kind: string): kind is OverlayBufferKind {
  return (Object.values(OVERLAY_BUFFER_KINDS) as string[]).includes(kind);
}

const NOT_DRIFT = 'existing nodes are not replaced (NodeOverlays are in no drift hash)';

interface Rule {
  readonly prefix: readonly string[];
  readonly reason: string;
}

const RULES: Readonly<Record<OverlayBufferKind, readonly Rule[]>> = {
  NodeOverlay: [
    { prefix: ['metadata'], reason: 'object metadata: no scheduling effect' },
    {
      prefix: ['spec', 'price'],
      reason: `changes the price the scheduler and consolidation compare for matching instance types; ${NOT_DRIFT}, but consolidation may replace nodes that are no longer the cheapest`,
    },
    {
      prefix: ['spec', 'priceAdjustment'],
      reason: `changes the price the scheduler and consolidation compare for matching instance types; ${NOT_DRIFT}, but consolidation may replace nodes that are no longer the cheapest`,
    },
    {
      prefix: ['spec', 'capacity'],
      reason: `changes the extended resources Karpenter assumes matching instance types have, for new launches; ${NOT_DRIFT}`,
    },
    {
      prefix: ['spec', 'requirements'],
      reason: `changes which instance types the overlay applies to (prices and capacity of others revert to AWS's); ${NOT_DRIFT}`,
    },
    {
      prefix: ['spec', 'weight'],
      reason: `changes which overlay wins where several match; ${NOT_DRIFT}`,
    },
    { prefix: [], reason: NOT_DRIFT },
  ],
  CapacityBuffer: [
    { prefix: ['metadata'], reason: 'object metadata: no capacity effect' },
    {
      prefix: ['spec'],
      reason:
        'changes the headroom Karpenter keeps: more chunks launch nodes, fewer free capacity that consolidation can then remove; no node drifts',
    },
  ],
  PodTemplate: [
    { prefix: ['metadata'], reason: 'object metadata: no capacity effect' },
    {
      prefix: [],
      reason:
        'changes the shape of every chunk of the buffers naming it: Karpenter recomputes their virtual pods; no node drifts',
    },
  ],
};

/** Every field change of one changed object, classified: none of them replaces a node. */
export function classifyOverlayBufferFields(
  kind: OverlayBufferKind,
  fields: readonly FieldChange[],
): ClassifiedChange[] {
  return fields.map((f) => ({
    ...f,
    impact: 'none',
    reason: (RULES[kind].find((r) => startsWith(f.path, r.prefix)) ?? RULES[kind][RULES[kind].length - 1])
      .reason,
  }));
}

/** The one-line note for an added or removed object. */
export function overlayBufferNote(kind: OverlayBufferKind, added: boolean): string {
  switch (kind) {
    case 'NodeOverlay':
      return added
        ? 'new overlay: matching instance types get its price or capacity in scheduling and consolidation from now on; existing nodes are not replaced'
        : 'overlay removed: matching instance types revert to the AWS price and their own capacity; existing nodes are not replaced, consolidation may pick cheaper ones';
    case 'CapacityBuffer':
      return added
        ? 'new buffer: Karpenter launches nodes for its headroom if the cluster has no room for its chunks (cost)'
        : 'buffer removed: its headroom is released; nodes that held only buffer pods become empty and can be consolidated';
    case 'PodTemplate':
      return added
        ? 'new pod template: the shape of the chunks of the buffers naming it'
        : 'pod template removed: buffers naming it stop provisioning headroom (PodTemplateNotFound)';
  }
}
