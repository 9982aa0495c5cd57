import {
  Requirement,
  Requirements,
  admitsLabelValues,
  keyIntersects,
  lostLabelStates,
  normalizedKey,
} from '../../../model/facts/karpenter-requirements';

const K = 'karpenter.k8s.aws/instance-gpu-count';
const r = (operator: string, ...values: string[]) => Requirement.of({ key: K, operator, values });
const all = (...reqs: Requirement[]) => reqs.reduce((a, b) => b.intersection(a));

describe('Requirement.of (NewRequirementWithFlexibility)', () => {
  it('reads each operator into Karpenter’s shape', () => {
    expect(r('In', 'a', 'b').operator()).toBe('In');
    expect(r('NotIn', 'a').operator()).toBe('NotIn');
    expect(r('Exists').operator()).toBe('Exists');
    expect(r('DoesNotExist').operator()).toBe('DoesNotExist');
    // Gt/Lt/Gte/Lte are complements with bounds and no values: Exists with bounds.
    expect(r('Gt', '1').operator()).toBe('Exists');
    expect(r('Lt', '1').operator()).toBe('Exists');
  });

  it('treats In with no value as DoesNotExist', () => {
    const empty = r('In');
    expect(empty.operator()).toBe('DoesNotExist');
    expect(empty.allowsAbsent()).toBe(true);
    expect(empty.has('')).toBe(false);
  });

  it('makes Gt/Lt strict and Gte/Lte inclusive', () => {
    expect([r('Gt', '4').has('4'), r('Gt', '4').has('5')]).toEqual([false, true]);
    expect([r('Lt', '4').has('4'), r('Lt', '4').has('3')]).toEqual([false, true]);
    expect([r('Gte', '4').has('4'), r('Gte', '4').has('3')]).toEqual([true, false]);
    expect([r('Lte', '4').has('4'), r('Lte', '4').has('5')]).toEqual([true, false]);
    expect(r('Gt', '4').gte).toBe(5);
    expect(r('Lt', '4').lte).toBe(3);
  });

  it('admits only Atoi integers under a bound (sign allowed, no spaces, no decimals)', () => {
    const gt = r('Gt', '1');
    expect(gt.has('+2')).toBe(true);
    expect(gt.has('2.5')).toBe(false);
    expect(gt.has(' 2')).toBe(false);
    expect(gt.has('')).toBe(false);
    expect(r('Lt', '0').has('-3')).toBe(true);
  });

  it('turns Gt MaxInt into a plain DoesNotExist', () => {
    const never = Requirement.of({ key: K, operator: 'Gt', values: ['9223372036854775807'], minValues: 2 });
    expect(never.operator()).toBe('DoesNotExist');
    expect(never.minValues).toBeUndefined();
    expect(r('Gt', '99999999999999999999').operator()).toBe('DoesNotExist');
  });

  it('normalizes aliased keys (NormalizedLabels)', () => {
    expect(Requirement.of({ key: 'beta.kubernetes.io/arch', operator: 'In', values: ['arm64'] }).key).toBe(
      'kubernetes.io/arch',
    );
    expect(normalizedKey('failure-domain.beta.kubernetes.io/zone')).toBe('topology.kubernetes.io/zone');
    expect(normalizedKey('example.com/team')).toBe('example.com/team');
  });

  it('prints like Karpenter’s String() and describes itself as written', () => {
    const x = all(r('NotIn', '8'), Requirement.of({ key: K, operator: 'Gt', values: ['1'], minValues: 3 }));
    expect(x.toString()).toBe(`${K} NotIn [8] >=2 minValues 3`);
    expect(x.describe()).toBe('NotIn [8], Gt 1');
    expect(x.describeAllowed()).toBe('an integer ≥ 2 except [8], or none');
    expect(r('In', 'f', 'a', 'b', 'c', 'd', 'e').toString()).toBe(`${K} In [a b c d e and 1 others]`);
    expect(all(r('Gte', '2'), r('Lte', '7')).describe()).toBe('Gt 1, Lt 8');
    expect(all(r('Gte', '2'), r('Lte', '7')).describeAllowed()).toBe('an integer from 2 to 7');
    expect(r('DoesNotExist').describeAllowed()).toBe('no value (the label must be absent)');
    expect(r('Exists').describe()).toBe('Exists');
  });
});

describe('Requirement.intersection (Requirements.Add on a repeated key)', () => {
  it('In [t4] and In [a10g] intersect to no value, i.e. DoesNotExist', () => {
    const x = all(r('In', 't4'), r('In', 'a10g'));
    expect(x.operator()).toBe('DoesNotExist');
    expect(x.allowsAbsent()).toBe(true);
  });

  it('NotIn [8] and Gt 1 stay NotIn (a node without the label passes)', () => {
    const x = all(r('NotIn', '8'), r('Gt', '1'));
    expect(x.operator()).toBe('NotIn');
    expect(x.sortedValues()).toEqual(['8']);
    expect(x.gte).toBe(2);
    expect(x.allowsAbsent()).toBe(true);
    expect([x.has('8'), x.has('2'), x.has('1')]).toEqual([false, true, false]);
  });

  it('drops excluded values outside the bounds, so NotIn [0] and Gt 1 become Exists', () => {
    const x = all(r('NotIn', '0'), r('Gt', '1'));
    expect(x.operator()).toBe('Exists');
    expect(x.allowsAbsent()).toBe(false);
  });

  it('crossing bounds (Gt 4 and Lt 2) become DoesNotExist', () => {
    const x = all(r('Gt', '4'), r('Lt', '2'));
    expect(x.operator()).toBe('DoesNotExist');
    expect(x.gte).toBeUndefined();
    // Touching inclusive bounds are not crossing: Gte 3 and Lte 3 admit 3.
    const y = all(r('Gte', '3'), r('Lte', '3'));
    expect(y.operator()).toBe('Exists');
    expect([y.has('3'), y.has('4')]).toEqual([true, false]);
  });

  it('Exists and DoesNotExist become DoesNotExist', () => {
    expect(all(r('Exists'), r('DoesNotExist')).operator()).toBe('DoesNotExist');
    expect(all(r('DoesNotExist'), r('Exists')).operator()).toBe('DoesNotExist');
  });

  it('In and a bound keep the values inside it and drop the bounds', () => {
    const x = all(r('In', '1', '4', 'x'), r('Gt', '2'));
    expect(x.operator()).toBe('In');
    expect(x.sortedValues()).toEqual(['4']);
    expect(x.gte).toBeUndefined();
  });

  it('In and NotIn subtract; NotIn and NotIn unite', () => {
    expect(all(r('In', 'a', 'b'), r('NotIn', 'a')).sortedValues()).toEqual(['b']);
    const nn = all(r('NotIn', 'a'), r('NotIn', 'b'));
    expect(nn.operator()).toBe('NotIn');
    expect(nn.sortedValues()).toEqual(['a', 'b']);
  });

  it('keeps the larger minValues, even on DoesNotExist', () => {
    const a = Requirement.of({ key: K, operator: 'Gt', values: ['4'], minValues: 2 });
    const b = Requirement.of({ key: K, operator: 'Lt', values: ['2'], minValues: 5 });
    expect(a.intersection(b).minValues).toBe(5);
    expect(a.intersection(b).operator()).toBe('DoesNotExist');
  });
});

describe('Requirements', () => {
  it('Add intersects requirements on the same key and keeps keys apart', () => {
    const reqs = Requirements.from([
      { key: K, operator: 'In', values: ['1', '2'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
      { key: K, operator: 'NotIn', values: ['1'] },
    ]);
    expect(reqs.keys()).toEqual([K, 'kubernetes.io/arch']);
    expect(reqs.get(K).sortedValues()).toEqual(['2']);
    expect(reqs.has('beta.kubernetes.io/arch')).toBe(true);
    expect(reqs.get('example.com/none').operator()).toBe('Exists');
    expect(reqs.hasMinValues()).toBe(false);
  });

  it('Intersects ignores keys one side lacks and lets NotIn/DoesNotExist pairs pass', () => {
    const type = Requirements.from([
      { key: K, operator: 'DoesNotExist' },
      { key: 'karpenter.k8s.aws/instance-hypervisor', operator: 'In', values: [''] },
    ]);
    expect(type.intersects(Requirements.from([{ key: K, operator: 'NotIn', values: ['8'] }]))).toEqual([]);
    expect(type.intersects(Requirements.from([{ key: K, operator: 'DoesNotExist' }]))).toEqual([]);
    expect(
      type.intersects(Requirements.from([{ key: 'example.com/team', operator: 'In', values: ['a'] }])),
    ).toEqual([]);
    const gt = type.intersects(Requirements.from([{ key: K, operator: 'Gt', values: ['1'] }]));
    expect(gt.map((c) => c.key)).toEqual([K]);
    // A metal type's hypervisor is In [""]: DoesNotExist excludes it, NotIn [nitro] admits it.
    const hv = 'karpenter.k8s.aws/instance-hypervisor';
    expect(type.intersects(Requirements.from([{ key: hv, operator: 'DoesNotExist' }])).length).toBe(1);
    expect(type.intersects(Requirements.from([{ key: hv, operator: 'NotIn', values: ['nitro'] }]))).toEqual(
      [],
    );
  });

  it('Compatible: a missing label fails In/Exists/Gt and passes NotIn/DoesNotExist', () => {
    const node = Requirements.fromLabels({ 'kubernetes.io/arch': 'amd64' });
    const pool = (operator: string, ...values: string[]) => Requirements.from([{ key: K, operator, values }]);
    expect(node.compatible(pool('In', '1'))[0]?.key).toBe(K);
    expect(node.compatible(pool('Exists'))[0]?.existing).toBeUndefined();
    expect(node.compatible(pool('Gt', '0')).length).toBe(1);
    expect(node.compatible(pool('NotIn', '1'))).toEqual([]);
    expect(node.compatible(pool('DoesNotExist'))).toEqual([]);
    expect(node.compatible(pool('In', '1'), { allowUndefined: new Set([K]) })).toEqual([]);
  });

  it('failingLabel answers drift’s question for a label map', () => {
    const pool = Requirements.from([
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
      { key: K, operator: 'DoesNotExist' },
    ]);
    expect(pool.failingLabel({ 'karpenter.sh/capacity-type': 'on-demand' })).toBeUndefined();
    expect(pool.failingLabel({ 'karpenter.sh/capacity-type': 'spot' })?.key).toBe(
      'karpenter.sh/capacity-type',
    );
    expect(pool.failingLabel({ 'karpenter.sh/capacity-type': 'on-demand', [K]: '1' })?.key).toBe(K);
    expect(pool.failingLabel({})?.key).toBe('karpenter.sh/capacity-type');
  });

  it('keyIntersects and admitsLabelValues agree with Intersects', () => {
    const cases: Requirement[] = [
      r('In', '1'),
      r('NotIn', '1'),
      r('Exists'),
      r('DoesNotExist'),
      r('Gt', '0'),
      all(r('NotIn', '8'), r('Gt', '1')),
    ];
    for (const incoming of cases) {
      for (const values of [[], ['1'], ['8'], [''], ['default', 'dedicated']]) {
        const existing = Requirement.of({ key: K, operator: 'In', values });
        expect(admitsLabelValues(incoming, values)).toBe(keyIntersects(existing, incoming));
      }
    }
  });
});

describe('lostLabelStates', () => {
  it('is empty when the new requirement allows every old state', () => {
    expect(lostLabelStates(r('In', 'a'), r('In', 'a', 'b'))).toEqual([]);
    expect(lostLabelStates(r('NotIn', 'a', 'b'), r('NotIn', 'a'))).toEqual([]);
    expect(lostLabelStates(r('Gt', '4'), r('Gt', '2'))).toEqual([]);
    expect(lostLabelStates(r('In', 'x'), r('Exists'))).toEqual([]);
    // Gte 2 Lte 4 NotIn [2] loses nothing to Gt 2 Lt 9: 2 was already excluded.
    expect(
      lostLabelStates(
        all(r('Gte', '2'), r('Lte', '4'), r('NotIn', '2')),
        all(r('Gt', '2'), r('Lt', '9'), r('NotIn', '5')),
      ),
    ).toEqual([]);
    // NotIn [2] with Gt 1 allows a missing label (its shape is NotIn); Gt 2 alone does not.
    expect(lostLabelStates(all(r('Gt', '1'), r('NotIn', '2')), r('Gt', '2'))).toEqual(['without the label']);
  });

  it('names what falls out', () => {
    expect(lostLabelStates(r('In', 'a', 'b'), r('In', 'a'))).toEqual(['with value b']);
    expect(lostLabelStates(r('NotIn', 'a'), r('Exists'))).toEqual(['without the label']);
    expect(lostLabelStates(r('Exists'), r('In', 'a'))).toEqual(['with a value outside [a]']);
    expect(lostLabelStates(r('Exists'), r('Gt', '1'))).toEqual([
      'with a non-integer value',
      'with a value below 2',
    ]);
    expect(lostLabelStates(r('Gt', '1'), r('Gt', '3'))).toEqual(['with a value below 4']);
    expect(lostLabelStates(all(r('Gt', '0'), r('Lt', '100')), all(r('Gt', '2'), r('Lt', '8')))).toEqual([
      'with a value below 3 or above 7',
    ]);
    // A gap the old requirement already excluded loses nothing on that side (its NotIn shape
    // admits a missing label, which the new bounds do not).
    expect(
      lostLabelStates(all(r('Gt', '1'), r('NotIn', '2'), r('Lt', '100')), all(r('Gt', '2'), r('Lt', '8'))),
    ).toEqual(['without the label', 'with a value above 7']);
    expect(lostLabelStates(r('Exists'), r('NotIn', 'z'))).toEqual(['with value z']);
    expect(lostLabelStates(r('In', 'a'), r('DoesNotExist'))).toEqual(['with value a']);
  });
});
