import { KARPENTER_CHART_VALUES_KEYS } from '../../../imports/karpenter-chart-v1.14.1/values-keys';
import { REMOVED_VALUES } from '../../../model/facts/helm-values-removed';

describe('REMOVED_VALUES', () => {
  it('lists only keys the current chart really does not have', () => {
    const keys = new Set(Object.keys(KARPENTER_CHART_VALUES_KEYS));
    for (const r of REMOVED_VALUES)
      expect([r.path.join('.'), keys.has(r.path.join('.'))]).toEqual([r.path.join('.'), false]);
  });

  it('orders entries most specific first, so a generic block entry never hides a specific one', () => {
    REMOVED_VALUES.forEach((later, i) => {
      for (const earlier of REMOVED_VALUES.slice(0, i)) {
        const isPrefix =
          earlier.path.length < later.path.length && earlier.path.every((p, k) => later.path[k] === p);
        expect([earlier.path.join('.'), later.path.join('.'), isPrefix]).toEqual([
          earlier.path.join('.'),
          later.path.join('.'),
          false,
        ]);
      }
    });
  });

  it('names a replacement or says nothing replaces it, for every entry', () => {
    for (const r of REMOVED_VALUES) {
      expect(r.message).not.toMatch(/\.$/);
      expect(r.fix).toMatch(/^(Remove|Move|Delete)/);
    }
  });
});
