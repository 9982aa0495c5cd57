import { APPLICATION_ROLES, applicationName } from '../../../charts/argocd/application-names';

describe('applicationName', () => {
  it('prefixes every Application with its cluster', () => {
    expect(applicationName({ name: 'ticketing' }, 'controller')).toBe('ticketing-karpenter');
    expect(applicationName({ name: 'ticketing' }, 'crd')).toBe('ticketing-karpenter-crd');
    expect(applicationName({ name: 'ticketing' }, 'nodepools')).toBe('ticketing-karpenter-nodepools');
    expect(applicationName({ name: 'ticketing' }, 'base')).toBe('ticketing-karpenter-base');
    expect(applicationName({ name: 'ticketing' }, 'root')).toBe('ticketing-karpenter-root');
  });

  it('never gives two clusters the same name, even clusters named like suffixes', () => {
    const clusters = [
      'a',
      'a-karpenter',
      'a-karpenter-crd',
      'a-karpenter-base',
      'karpenter',
      'a-karpenter-root',
    ];
    const names = clusters.flatMap((name) =>
      [...APPLICATION_ROLES, 'root' as const].map((r) => applicationName({ name }, r)),
    );
    expect(new Set(names).size).toBe(names.length);
  });
});
