import {
  compareRequirements,
  parseRequirements,
  RequirementLike,
  REQUIREMENTS_YES,
  templateLabelsOf,
} from '../../../review/impact/requirement-drift';

const req = (key: string, operator: string, values?: string[], minValues?: number): RequirementLike => ({
  key,
  operator,
  values,
  minValues,
});
const CT = 'karpenter.sh/capacity-type';
const GEN = 'karpenter.k8s.aws/instance-generation';
const FAM = 'karpenter.k8s.aws/instance-family';
const GPU = 'karpenter.k8s.aws/instance-gpu-count';

describe('compareRequirements (areRequirementsDrifted against what the old pool guarantees)', () => {
  it('adding a value to In widens', () => {
    const d = compareRequirements([req(CT, 'In', ['spot'])], [req(CT, 'In', ['spot', 'on-demand'])]);
    const reason = `${CT}: widened or equivalent (In [spot] → In [spot, on-demand]); every existing node still matches`;
    expect(d).toEqual({
      impact: 'none',
      reasons: [reason],
      byKey: new Map([[CT, { impact: 'none', reason }]]),
    });
  });

  it('removing one of two In values may replace the nodes with it, and names it', () => {
    const d = compareRequirements([req(CT, 'In', ['spot', 'on-demand'])], [req(CT, 'In', ['spot'])]);
    expect(d.impact).toBe('may-replace');
    expect(d.reasons).toEqual([
      `${CT}: narrowed (In [spot, on-demand] → In [spot]); nodes with value on-demand drift (RequirementsDrifted)`,
    ]);
  });

  it('replacing every allowed value is a certainty: every node fails (yes, requirements)', () => {
    const d = compareRequirements([req(CT, 'In', ['spot'])], [req(CT, 'In', ['on-demand'])]);
    expect(d.impact).toBe('replaces');
    expect(d.reasons[0]).toBe(
      `${CT}: ${REQUIREMENTS_YES} (In [spot] → In [on-demand]): every node carries ${CT} with one of [spot] (the old requirement), which the new requirement does not allow; every node of the pool drifts (RequirementsDrifted)`,
    );
  });

  it('removing a requirement widens; adding one on a well-known key may narrow', () => {
    expect(compareRequirements([req(FAM, 'NotIn', ['t3'])], []).impact).toBe('none');
    const d = compareRequirements([], [req(FAM, 'NotIn', ['t3'])]);
    expect(d.impact).toBe('may-replace');
    expect(d.reasons[0]).toBe(
      `${FAM}: narrowed (no requirement → NotIn [t3]); nodes with value t3 drift (RequirementsDrifted)`,
    );
  });

  it('a custom key the old pool never set: In fails every node, NotIn none', () => {
    const inReq = compareRequirements([], [req('tier', 'In', ['gold', 'silver'])]);
    expect(inReq.impact).toBe('replaces');
    expect(inReq.reasons[0]).toContain('no node carries tier');
    const notIn = compareRequirements([], [req('tier', 'NotIn', ['bronze'])]);
    expect(notIn.impact).toBe('none');
    expect(notIn.reasons[0]).toBe(
      'tier: no existing node fails it (no requirement → NotIn [bronze]): no node carries tier: neither the old template labels nor the old requirements set it',
    );
    expect(compareRequirements([], [req('tier', 'DoesNotExist')]).impact).toBe('none');
    expect(compareRequirements([], [req('tier', 'Exists')]).impact).toBe('replaces');
  });

  it('a template label every node carries decides a new requirement on its key', () => {
    const labels = { templateLabels: { workload: 'loadtest' } };
    const ok = compareRequirements([], [req('workload', 'In', ['loadtest', 'perf'])], labels);
    expect(ok.impact).toBe('none');
    expect(ok.reasons[0]).toContain('every node carries workload=loadtest (a template label)');
    expect(compareRequirements([], [req('workload', 'In', ['perf'])], labels).impact).toBe('replaces');
    expect(compareRequirements([], [req('workload', 'DoesNotExist')], labels).impact).toBe('replaces');
    expect(compareRequirements([], [req('workload', 'NotIn', ['loadtest'])], labels).impact).toBe('replaces');
  });

  it('labels every AWS node carries pass Exists; labels only some instance types set may not', () => {
    const hv = compareRequirements([], [req('karpenter.k8s.aws/instance-hypervisor', 'Exists')]);
    expect(hv.impact).toBe('none');
    expect(hv.reasons[0]).toContain('every AWS node carries karpenter.k8s.aws/instance-hypervisor');
    const gpu = compareRequirements([], [req(GPU, 'Exists')]);
    expect(gpu.impact).toBe('may-replace');
    expect(gpu.reasons[0]).toContain('nodes without the label drift');
    expect(compareRequirements([], [req(GPU, 'DoesNotExist')]).impact).toBe('may-replace');
  });

  it('a label every node carries under NotIn still passes Exists (the missing-label state is impossible)', () => {
    expect(compareRequirements([req(CT, 'NotIn', ['spot'])], [req(CT, 'Exists')]).impact).toBe('none');
    const gpu = compareRequirements([req(GPU, 'NotIn', ['8'])], [req(GPU, 'Exists')]);
    expect(gpu.impact).toBe('may-replace');
    expect(gpu.reasons[0]).toBe(
      `${GPU}: narrowed (NotIn [8] → Exists); nodes without the label drift (RequirementsDrifted)`,
    );
  });

  it('NotIn: excluding more narrows, excluding less widens', () => {
    expect(
      compareRequirements([req(FAM, 'NotIn', ['t3'])], [req(FAM, 'NotIn', ['t3', 't2'])]).reasons[0],
    ).toContain('nodes with value t2 drift');
    expect(compareRequirements([req(FAM, 'NotIn', ['t3', 't2'])], [req(FAM, 'NotIn', ['t3'])]).impact).toBe(
      'none',
    );
  });

  it('In to NotIn of a value outside the old set is equivalent for running nodes', () => {
    expect(compareRequirements([req(FAM, 'In', ['m5', 'c5'])], [req(FAM, 'NotIn', ['t3'])]).impact).toBe(
      'none',
    );
    expect(compareRequirements([req(FAM, 'In', ['m5', 't3'])], [req(FAM, 'NotIn', ['t3'])]).impact).toBe(
      'may-replace',
    );
    expect(compareRequirements([req(FAM, 'In', ['t3'])], [req(FAM, 'NotIn', ['t3'])]).impact).toBe(
      'replaces',
    );
  });

  it('Gt: raising the bound narrows, lowering widens; Gte and Gt are related', () => {
    expect(compareRequirements([req(GEN, 'Gt', ['2'])], [req(GEN, 'Gt', ['4'])]).reasons[0]).toContain(
      'with a value below 5',
    );
    expect(compareRequirements([req(GEN, 'Gt', ['4'])], [req(GEN, 'Gt', ['2'])]).impact).toBe('none');
    expect(compareRequirements([req(GEN, 'Gt', ['2'])], [req(GEN, 'Gte', ['3'])]).impact).toBe('none');
    expect(compareRequirements([req(GEN, 'In', ['5', '6'])], [req(GEN, 'Gt', ['4'])]).impact).toBe('none');
    expect(compareRequirements([req(GEN, 'In', ['3', '6'])], [req(GEN, 'Gt', ['4'])]).reasons[0]).toContain(
      'with value 3',
    );
    expect(compareRequirements([req(GEN, 'In', ['3', '4'])], [req(GEN, 'Gt', ['4'])]).impact).toBe(
      'replaces',
    );
  });

  it('Exists and DoesNotExist on a custom key the pool sets', () => {
    expect(compareRequirements([req('x', 'In', ['a'])], [req('x', 'Exists')]).impact).toBe('none');
    // resolveCustomLabelsFromRequirements gives a custom NotIn key a value on every node.
    expect(compareRequirements([req('x', 'NotIn', ['a'])], [req('x', 'Exists')]).impact).toBe('none');
    const d = compareRequirements([req('x', 'Exists')], [req('x', 'DoesNotExist')]);
    expect(d.impact).toBe('replaces');
    expect(d.reasons[0]).toContain('every node carries x with any value');
  });

  it('a minValues change alone affects new launches only', () => {
    const d = compareRequirements([req(FAM, 'In', ['a', 'b', 'c'], 2)], [req(FAM, 'In', ['c', 'b', 'a'], 3)]);
    expect(d.impact).toBe('none');
    expect(d.byKey.get(FAM)?.impact).toBe('none');
    expect(d.reasons).toEqual([
      `${FAM}: only minValues changed (In [a, b, c] minValues 2 → In [c, b, a] minValues 3); affects new launches only`,
    ]);
  });

  it('two requirements on one key intersect', () => {
    const before = [req(FAM, 'In', ['m5', 'c5', 't3']), req(FAM, 'NotIn', ['t3'])];
    expect(compareRequirements(before, [req(FAM, 'In', ['m5', 'c5'])]).impact).toBe('none');
  });

  it('keys are normalized as Karpenter does (beta labels)', () => {
    const d = compareRequirements(
      [req('beta.kubernetes.io/arch', 'In', ['amd64'])],
      [req('kubernetes.io/arch', 'In', ['amd64'])],
    );
    expect(d.impact).toBe('none');
    expect(d.byKey.get('beta.kubernetes.io/arch')).toBe(d.byKey.get('kubernetes.io/arch'));
  });

  it('the worst key decides: one certain failure is yes whatever the others', () => {
    const d = compareRequirements(
      [req(CT, 'In', ['spot']), req(FAM, 'In', ['m5', 'c5'])],
      [req(CT, 'In', ['on-demand']), req(FAM, 'In', ['m5'])],
    );
    expect(d.impact).toBe('replaces');
    expect(d.byKey.get(FAM)?.impact).toBe('may-replace');
    expect(d.byKey.get(CT)?.impact).toBe('replaces');
  });

  it('parseRequirements keeps key, operator, values and minValues and skips junk', () => {
    expect(parseRequirements([{ key: 'a', operator: 'In', values: ['x'], minValues: 1 }, 'junk'])).toEqual([
      req('a', 'In', ['x'], 1),
    ]);
    expect(parseRequirements(undefined)).toEqual([]);
  });

  it('templateLabelsOf reads the template labels, string values only', () => {
    expect(templateLabelsOf({ spec: { template: { metadata: { labels: { a: 'x', b: 3 } } } } })).toEqual({
      a: 'x',
    });
    expect(templateLabelsOf({ spec: {} })).toEqual({});
  });
});
