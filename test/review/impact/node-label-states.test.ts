import { instanceTable, Requirements } from '../../../model';
import { LABELS_ON_EVERY_NODE, nodeLabelStates } from '../../../review/impact/node-label-states';

const old = (...reqs: { key: string; operator: string; values?: string[] }[]) => Requirements.from(reqs);

describe('nodeLabelStates: what the old pool guarantees about one label on its nodes', () => {
  it('a template label: every node carries exactly that value (NewNodeClaimTemplate)', () => {
    const s = nodeLabelStates('workload', { workload: 'loadtest' }, old());
    expect(s.mayBeAbsent).toBe(false);
    expect(s.present?.has('loadtest')).toBe(true);
    expect(s.present?.has('perf')).toBe(false);
    expect(s.because).toBe('every node carries workload=loadtest (a template label)');
  });

  it('a custom key the pool never mentions: no node carries it', () => {
    const s = nodeLabelStates('tier', {}, old());
    expect(s).toEqual({
      key: 'tier',
      mayBeAbsent: true,
      because: 'no node carries tier: neither the old template labels nor the old requirements set it',
    });
  });

  it('a custom key the pool requires gets a value on every node (resolveCustomLabelsFromRequirements), DoesNotExist none', () => {
    const notIn = nodeLabelStates('tier', {}, old({ key: 'tier', operator: 'NotIn', values: ['bronze'] }));
    expect(notIn.mayBeAbsent).toBe(false);
    expect(notIn.present?.has('gold')).toBe(true);
    expect(notIn.present?.has('bronze')).toBe(false);
    expect(notIn.because).toBe(
      'every node carries tier with any value except [bronze] (the old requirement)',
    );
    const dne = nodeLabelStates('tier', {}, old({ key: 'tier', operator: 'DoesNotExist' }));
    expect(dne.mayBeAbsent).toBe(true);
    expect(dne.present).toBeUndefined();
  });

  it('labels every AWS node carries (computeRequirements) are present even unconstrained', () => {
    for (const key of LABELS_ON_EVERY_NODE) {
      const s = nodeLabelStates(key, {}, old());
      expect(s.mayBeAbsent).toBe(false);
      expect(s.present?.operator()).toBe('Exists');
    }
    const ct = nodeLabelStates(
      'karpenter.sh/capacity-type',
      {},
      old({ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] }),
    );
    expect(ct.present?.sortedValues()).toEqual(['spot']);
    expect(ct.mayBeAbsent).toBe(false);
  });

  it('well-known labels only some instance types set may be absent unless required', () => {
    const gpu = 'karpenter.k8s.aws/instance-gpu-count';
    expect(nodeLabelStates(gpu, {}, old()).mayBeAbsent).toBe(true);
    expect(nodeLabelStates(gpu, {}, old({ key: gpu, operator: 'NotIn', values: ['8'] })).mayBeAbsent).toBe(
      true,
    );
    expect(nodeLabelStates(gpu, {}, old({ key: gpu, operator: 'Gt', values: ['0'] })).mayBeAbsent).toBe(
      false,
    );
  });

  it('normalizes beta keys as Karpenter does', () => {
    expect(nodeLabelStates('beta.kubernetes.io/arch', {}, old()).key).toBe('kubernetes.io/arch');
  });

  it('agrees with the pinned instance catalogue: each listed instance label is on every type Karpenter describes', () => {
    const table = instanceTable();
    const described = table.types.filter((t) => t.allocatable !== undefined);
    expect(described.length).toBeGreaterThan(1000);
    const fromTypes = LABELS_ON_EVERY_NODE.filter((k) => table.labelKeys.includes(k));
    // instance-type, arch, os, cpu, memory, hypervisor, encryption-in-transit, capability-flex.
    expect(fromTypes.length).toBeGreaterThanOrEqual(8);
    for (const key of fromTypes)
      expect(described.filter((t) => t.labels[key] === undefined).map((t) => t.name)).toEqual([]);
  });
});
