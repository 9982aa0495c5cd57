/**
 * Where a fleet object's field goes in the Karpenter object of an imported version when it passes
 * through (model/schema/pass-through.ts): one row per fleet section.
 *
 * NodePool: a pool's fleet entry flattens two levels of the NodePool into one map, the node
 * template's `spec.template.spec` (taints, startupTaints, expireAfter, terminationGracePeriod,
 * requirements, nodeClass → nodeClassRef) and the pool's own `spec` (disruption, limits, weight,
 * replicas). A field the tool has never seen lands where the imported CRD has it: in
 * `spec.template.spec` when that level has it, else in `spec`. (A name at both levels goes to the
 * node template, as most of a pool's fields do.) `template` itself and `nodeClassRef` are written
 * by the tool from other fields and never taken from the fleet.
 */
import type { JsonSchema } from './schema-builders';
import { nodeClassSchema } from './fleet-schema-node-class';
import { nodePoolSchema } from './fleet-schema-node-pool';
import { nodeOverlaySchema } from './fleet-schema-node-overlay';
import { capacityBufferSchema } from './fleet-schema-capacity-buffer';

/** The fleet sections whose entries may carry pass-through fields. */
export const PASS_THROUGH_SECTIONS = ['nodeClasses', 'nodePools', 'nodeOverlays', 'capacityBuffers'] as const;
export type PassThroughSection = (typeof PASS_THROUGH_SECTIONS)[number];

export interface PassThroughKind {
  readonly section: PassThroughSection;
  /** The CRD kind, as the imported schemas name it. */
  readonly kind: 'EC2NodeClass' | 'NodePool' | 'NodeOverlay' | 'CapacityBuffer';
  /** The fields of the tool's fleet schema for one entry. */
  readonly toolFields: ReadonlySet<string>;
  /** Levels below `spec` a never-seen field may land at, in order (`[]` is `spec` itself). */
  readonly newFieldLevels: readonly (readonly string[])[];
  /** CRD fields the tool writes from fleet fields of other names: never taken from the fleet. */
  readonly reserved: ReadonlySet<string>;
  /**
   * Known fields written exactly as the CRD field at this place below `spec` (a refused enum
   * value passes the field through whole); `same-name-in-spec`: every field the CRD's spec has.
   */
  readonly sameShape: Readonly<Record<string, readonly string[]>> | 'same-name-in-spec';
}

function fieldsOf(schema: JsonSchema): ReadonlySet<string> {
  return new Set(Object.keys((schema.properties ?? {}) as Record<string, unknown>));
}

export const PASS_THROUGH_KINDS: readonly PassThroughKind[] = [
  {
    section: 'nodeClasses',
    kind: 'EC2NodeClass',
    toolFields: fieldsOf(nodeClassSchema),
    newFieldLevels: [[]],
    reserved: new Set(),
    sameShape: 'same-name-in-spec',
  },
  {
    section: 'nodePools',
    kind: 'NodePool',
    toolFields: fieldsOf(nodePoolSchema),
    newFieldLevels: [['template', 'spec'], []],
    reserved: new Set(['template', 'nodeClassRef']),
    // `requirements` is not: the generated list also holds the expanded shorthands.
    sameShape: {
      disruption: ['disruption'],
      taints: ['template', 'spec', 'taints'],
      startupTaints: ['template', 'spec', 'startupTaints'],
    },
  },
  {
    section: 'nodeOverlays',
    kind: 'NodeOverlay',
    toolFields: fieldsOf(nodeOverlaySchema),
    newFieldLevels: [[]],
    reserved: new Set(),
    sameShape: { requirements: ['requirements'] },
  },
  {
    section: 'capacityBuffers',
    kind: 'CapacityBuffer',
    toolFields: fieldsOf(capacityBufferSchema),
    newFieldLevels: [[]],
    reserved: new Set(),
    sameShape: { scalableRef: ['scalableRef'] },
  },
];
