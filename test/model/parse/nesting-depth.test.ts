import { firstTooDeep } from '../../../model/parse/nesting-depth';
import { loadFleetFromSources } from '../../../model/load-fleet';
import { formatDiagnostic, UserError } from '../../../model/shared/diagnostics';
import { MINIMAL } from '../../support/fleet-files';

const DEFAULTS = 'gitops:\n  repoURL: https://git.example.com/fleet.git\n';

function errorsAtStackDepth(text: string, depth: number): string[] {
  const run = (): string[] => {
    try {
      loadFleetFromSources([
        { path: 'clusters/_defaults.yaml', text: DEFAULTS },
        { path: 'clusters/demo.yaml', text },
      ]);
      return [];
    } catch (e) {
      if (e instanceof UserError) return e.diagnostics.map(formatDiagnostic);
      throw e;
    }
  };
  const recurse = (n: number): string[] => (n === 0 ? run() : recurse(n - 1));
  return recurse(depth);
}

describe('firstTooDeep', () => {
  it("counts open flow brackets (on top of the line's own level) and points past the limit", () => {
    expect(firstTooDeep('a: [[x]]\n', 3)).toBeUndefined();
    expect(firstTooDeep('a: [[[x]]]\n', 3)).toEqual({ line: 1, col: 6 });
  });

  it('counts block indentation levels and compact sequence entries', () => {
    expect(firstTooDeep('a:\n  b:\n    c:\n      d: 1\n', 3)).toEqual({ line: 4, col: 7 });
    expect(firstTooDeep('a:\n  - - - x\n', 3)).toEqual({ line: 2, col: 5 });
    // Dedenting closes levels again.
    expect(firstTooDeep('a:\n  b: 1\nc:\n  d: 1\n', 2)).toBeUndefined();
  });

  it('skips quoted strings and comments', () => {
    expect(firstTooDeep("a: \"[[[[\" # {{{{\nb: '[[[['''\n", 1)).toBeUndefined();
    expect(firstTooDeep('a: "multi\n  line [[[[ still quoted"\n', 1)).toBeUndefined();
  });

  it('leaves the fleet examples alone', () => {
    expect(
      firstTooDeep(MINIMAL + 'nodePools:\n  a:\n    taints: [{ key: k, effect: NoSchedule }]\n', 8),
    ).toBeUndefined();
  });
});

describe('nesting bombs get the same diagnostic whatever the stack depth', () => {
  const flow = (n: number) => `${MINIMAL}tags: ${'['.repeat(n)}${']'.repeat(n)}\n`;
  const seq = (n: number) => `${MINIMAL}tags:\n${'- '.repeat(n)}x\n`;

  it.each([300, 2000, 100000])('%i levels', (n) => {
    for (const text of [flow(n), seq(n)]) {
      const results = [0, 1000, 4000].map((depth) => errorsAtStackDepth(text, depth));
      expect(results[1]).toEqual(results[0]);
      expect(results[2]).toEqual(results[0]);
      expect(results[0]).toHaveLength(1);
      expect(results[0][0]).toMatch(
        /^clusters\/demo\.yaml:[78]:\d+ YAML nesting is too deep to read \(more than 256 levels\)\. Nest at most 64 levels\.$/,
      );
    }
  });

  it('moderate nesting reaches the parser and gets the field-level limit', () => {
    expect(errorsAtStackDepth(flow(100), 0)).toEqual([
      'clusters/demo.yaml:7:71 nesting deeper than 64 levels. Flatten the structure.',
    ]);
  });
});
