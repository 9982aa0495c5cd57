/**
 * model/schema/pass-through-kinds.ts with newFieldPlace: where a field the tool has never seen
 * lands in each kind's object, by the imported CRD's schema (a hand-made one here; the imported
 * 1.99.0 chart is in pass-through.test.ts).
 */
import { CrdSchemaNode } from '../../../model/facts/crd-schema-diff';
import { ImportedKarpenterVersion } from '../../../model/shared/imported-versions';
import { newFieldPlace } from '../../../model/schema/pass-through';
import { PASS_THROUGH_KINDS, PassThroughSection } from '../../../model/schema/pass-through-kinds';

const object = (properties: Record<string, CrdSchemaNode>): CrdSchemaNode => ({ type: 'object', properties });

const imported: ImportedKarpenterVersion = {
  version: '1.99.0',
  folder: 'karpenter-imports/karpenter-v1.99.0',
  artifactDir: '/nowhere',
  carryOver: undefined as never,
  crdFacts: {},
  schemas: new Map<string, CrdSchemaNode>([
    [
      'NodePool',
      object({
        spec: object({
          template: object({ spec: object({ taints: {}, nodeClassRef: {}, drainPolicy: {}, both: {} }) }),
          disruption: {},
          schedulingPriority: {},
          both: {},
        }),
      }),
    ],
    ['NodeOverlay', object({ spec: object({ price: {}, note: {} }) })],
    ['CapacityBuffer', object({ spec: object({ replicas: {}, priority: {} }) })],
    ['EC2NodeClass', object({ spec: object({ role: {}, hibernation: {} }) })],
  ]),
};

const place = (section: PassThroughSection, field: string): string | undefined => {
  const kind = PASS_THROUGH_KINDS.find((k) => k.section === section);
  if (kind === undefined) throw new Error(section);
  return newFieldPlace(imported, kind, field)?.join('.');
};

describe('newFieldPlace', () => {
  it('a NodePool field lands in spec.template.spec when that level has it, else in spec', () => {
    expect(place('nodePools', 'drainPolicy')).toBe('template.spec.drainPolicy');
    expect(place('nodePools', 'schedulingPriority')).toBe('schedulingPriority');
    expect(place('nodePools', 'both')).toBe('template.spec.both');
  });

  it('fields the tool knows, writes from others (template, nodeClassRef) or the CRD lacks do not pass through', () => {
    expect(place('nodePools', 'taints')).toBeUndefined();
    expect(place('nodePools', 'disruption')).toBeUndefined();
    expect(place('nodePools', 'template')).toBeUndefined();
    expect(place('nodePools', 'nodeClassRef')).toBeUndefined();
    expect(place('nodePools', 'hibernation')).toBeUndefined();
    expect(place('nodeClasses', 'role')).toBeUndefined();
  });

  it('NodeOverlay, CapacityBuffer and EC2NodeClass fields land in spec', () => {
    expect(place('nodeOverlays', 'note')).toBe('note');
    expect(place('nodeOverlays', 'price')).toBeUndefined();
    expect(place('capacityBuffers', 'priority')).toBe('priority');
    expect(place('nodeClasses', 'hibernation')).toBe('hibernation');
  });

  it('every section of the table names a kind once', () => {
    expect(PASS_THROUGH_KINDS.map((k) => `${k.section}:${k.kind}`)).toEqual([
      'nodeClasses:EC2NodeClass',
      'nodePools:NodePool',
      'nodeOverlays:NodeOverlay',
      'capacityBuffers:CapacityBuffer',
    ]);
  });
});
