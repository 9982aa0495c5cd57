import { join } from 'node:path';
import { CRD_SETS } from '../../../model/facts/crd-sources';
import { ArtifactSet, findProjectRoot } from '../../../validation/kubernetes/artifacts';
import {
  CelCompileError,
  compileCel,
  kubeFind,
  KUBERNETES_CEL_FUNCTIONS,
} from '../../../validation/kubernetes/cel-environment';

const root = findProjectRoot(join(__dirname, '..', '..', '..'));

/** cel-js built-ins the rules call (macros and standard functions). */
const BUILT_IN = [
  'has',
  'all',
  'exists',
  'filter',
  'size',
  'int',
  'startsWith',
  'endsWith',
  'matches',
  'split',
];

describe('CEL environment', () => {
  test('every function the imported rules call is a cel-js built-in or a registered Kubernetes function', () => {
    const registered = KUBERNETES_CEL_FUNCTIONS.map((sig) => /\.(\w+)\(/.exec(sig)![1]);
    const called = new Set<string>();
    for (const set of CRD_SETS) {
      const a = new ArtifactSet(root, set.project, set.version);
      for (const e of a.entries)
        for (const r of a.rules(e).rules)
          for (const m of r.rule.matchAll(/([A-Za-z_]\w*)\s*\(/g)) called.add(m[1]);
    }
    expect([...called].filter((f) => !BUILT_IN.includes(f) && !registered.includes(f))).toEqual([]);
    expect(registered).toEqual(['find']);
    expect(called.has('find')).toBe(true);
  });

  test('find returns the first match or the empty string', () => {
    expect(kubeFind('karpenter.sh/nodepool', '^([^/]+)')).toBe('karpenter.sh');
    expect(kubeFind('abc', '[0-9]+')).toBe('');
    expect(compileCel('self.find("^[^@]+") == "al2023"', 'test')({ self: 'al2023@latest' })).toBe(true);
  });

  test('a rule that does not compile is a loud error naming its location', () => {
    expect(() => compileCel('self.all(x, x ==', 'spec.tags')).toThrow(CelCompileError);
    expect(() => compileCel('self.quantity("1")', 'spec.limits')).toThrow(
      /CEL rule at spec.limits does not compile: .*quantity/,
    );
  });
});
