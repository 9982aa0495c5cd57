import { join } from 'node:path';
import { CRD_SETS } from '../../../model/facts/crd-sources';
import { ArtifactSet, findProjectRoot } from '../../../validation/kubernetes/artifacts';
import {
  CelCompileError,
  compileCel,
  kubeFind,
  KUBERNETES_CEL_FUNCTIONS,
  withRe2Matches,
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

  describe('regular expressions are RE2, as the API server evaluates them', () => {
    const run = (rule: string, self: string) => compileCel(rule, 'test')({ self });

    test('\\s is ASCII whitespace only', () => {
      expect(run(String.raw`self.matches("^a\\sb$")`, 'a b')).toBe(true);
      expect(run(String.raw`self.matches("^a\\sb$")`, 'a\tb')).toBe(true);
      // JavaScript's \s matches these; Go's does not (not even \v).
      for (const ws of ['\u00a0', '\u2003', '\ufeff', '\u2028', '\v']) {
        expect(run(String.raw`self.matches("^a\\sb$")`, `a${ws}b`)).toBe(false);
        expect(run(String.raw`matches(self, "^a\\sb$")`, `a${ws}b`)).toBe(false);
      }
      expect(kubeFind('x\u00a0y z', String.raw`\s.`)).toBe(' z');
    });

    test('. matches \\r, U+2028 and U+2029, but not \\n', () => {
      for (const c of ['\r', '\u2028', '\u2029']) {
        expect(run('self.matches("^a.b$")', `a${c}b`)).toBe(true);
        expect(run('self.find("a.b")', `xa${c}by`)).toBe(`a${c}b`);
      }
      expect(run('self.matches("^a.b$")', 'a\nb')).toBe(false);
      expect(kubeFind('a\nb', 'a.b')).toBe('');
    });

    test('only calls of matches are renamed, never string literals or fields', () => {
      expect(withRe2Matches(`self.matches('x') && matches(self, "y")`)).toBe(
        `self.re2Matches('x') && re2Matches(self, "y")`,
      );
      expect(withRe2Matches(`self.matches == 'matches(' && "a\\"matches(" == r'matches(\\'`)).toBe(
        `self.matches == 'matches(' && "a\\"matches(" == r'matches(\\'`,
      );
      expect(withRe2Matches(`'''matches(''' + self.rematches("x")`)).toBe(
        `'''matches(''' + self.rematches("x")`,
      );
    });
  });
});
