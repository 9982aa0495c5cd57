/**
 * Tests do not depend on the example fleet, except the tests of the examples themselves: a team
 * that replaces clusters/ and dist/ with its own fleet keeps a green `npm test` once it deletes
 * the files in EXAMPLE_TESTS. Every other test reads the tests' own demo fleet
 * (test/fixtures/demo-fleet/, test/support/demo-fleet.ts) or a fleet it writes itself.
 *
 * A static check over the test sources: no test file outside EXAMPLE_TESTS refers to the
 * repository's clusters/ or dist/, by the path patterns tests use to reach them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * The tests of the example fleet: they prove the committed clusters/ and its dist/ (a fork
 * deletes them with the examples). docs/development.md lists the same files.
 */
export const EXAMPLE_TESTS: readonly string[] = [
  'test/charts/karpenter/example-fleet.test.ts',
  'test/convert/example-fleet.test.ts',
  'test/model/check/check-karpenter-features-example.test.ts',
  'test/model/example-fleet.test.ts',
  'test/synth/committed-dist.test.ts',
];

/** Files that name the repository root for another reason, with that reason. */
const ROOT_CWD_ALLOWED: Readonly<Record<string, string>> = {
  // `npm pack` of the tool: its `files` list keeps clusters/ and dist/ out of the tarball.
  'test/package/packed-tarball.ts': 'cwd',
  // `npm pack --dry-run`: the file list of the package, which holds neither.
  'test/package/packed-links.test.ts': 'cwd',
};

const REPO_ROOT_TOKEN = '__REPO_ROOT__';

/**
 * Where `text` (the source of `file`, a path relative to the repository with `/`) refers to
 * the repository's own clusters/ or dist/; one line per finding, empty when it does not.
 *
 * Recognized: the repository root spelt from `__dirname` (`resolve(__dirname, '..', '..')`,
 * `join(__dirname, '../..')`), a constant bound to it in the file, or a root constant imported
 * from `rootExports` (name → module suffixes that export it as the repository root), used as
 * `ROOT, 'clusters'`, `ROOT, 'dist'`, `${ROOT}/clusters`, `loadFleet(ROOT)`,
 * `defaultCheckDeps(ROOT)`, `runReport(…, ROOT)`, `cwd: ROOT` or `return ROOT;` (a helper that hands
 * the root out as the fleet folder); and `'../../clusters'`.
 */
export function exampleFleetReferences(
  file: string,
  text: string,
  rootExports: ReadonlyMap<string, readonly string[]> = ROOT_EXPORTS,
): string[] {
  const depth = posix.dirname(file).split('/').length;
  const up = (n: number) => new RegExp(`^(?:\\s*,\\s*'\\.\\.'){${n}}\\s*$`);
  // 1. Every spelling of the repository root from __dirname becomes one token.
  let src = text.replace(
    /(?:path\.)?(?:resolve|join)\(\s*__dirname((?:\s*,\s*'\.\.')+)\s*(?=[,)])/g,
    (whole, dots: string) => (up(depth).test(dots) ? `${REPO_ROOT_TOKEN}(` : whole),
  );
  src = src.replace(
    /(?:path\.)?(?:resolve|join)\(\s*__dirname\s*,\s*'((?:\.\.\/?)+)'\s*(?=[,)])/g,
    (whole, dots) =>
      (dots as string).split('/').filter((d) => d === '..').length === depth ? `${REPO_ROOT_TOKEN}(` : whole,
  );
  // `resolve(__dirname, '..', '..')` is now `__REPO_ROOT__()`, `…, 'clusters')` is `__REPO_ROOT__(, 'clusters')`.
  src = src.replace(new RegExp(`${REPO_ROOT_TOKEN}\\(\\)`, 'g'), REPO_ROOT_TOKEN);
  src = src.replace(new RegExp(`${REPO_ROOT_TOKEN}\\(`, 'g'), REPO_ROOT_TOKEN);

  // 2. Names bound to the root: declared here, or imported as a known root export.
  const names = new Set<string>([REPO_ROOT_TOKEN]);
  for (const m of src.matchAll(/(?:const|let)\s+(\w+)\s*(?::\s*string\s*)?=\s*([^;\n]*)/g)) {
    const rhs = m[2].trim();
    if (new RegExp(`^(?:\\w+\\()?${REPO_ROOT_TOKEN}\\)?;?$`).test(rhs)) names.add(m[1]);
  }
  for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g))
    for (const raw of m[1].split(',')) {
      const [imported, local] = raw.split(/\s+as\s+/).map((s) => s.trim());
      if (rootExports.get(imported)?.some((suffix) => m[2].endsWith(suffix))) names.add(local ?? imported);
    }
  const declaredElsewhere = (name: string) =>
    name !== REPO_ROOT_TOKEN &&
    !new RegExp(`(?:const|let)\\s+${name}\\b`).test(src) &&
    !new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(src);

  // 3. Uses that read the repository's clusters/ or dist/.
  const findings: string[] = [];
  const lines = src.split('\n');
  for (const name of names) {
    if (declaredElsewhere(name)) continue;
    const n = name.replace(/\$/g, '\\$');
    const uses: [string, RegExp][] = [
      ['clusters/ or dist/ under the root', new RegExp(`\\b${n}\\s*,\\s*'(?:clusters|dist)(?:/[^']*)?'`)],
      ['clusters/ or dist/ under the root', new RegExp(`\\$\\{${n}\\}/(?:clusters|dist)\\b`)],
      ['loads the root as a fleet', new RegExp(`\\b(?:loadFleet|defaultCheckDeps)\\(\\s*${n}\\s*\\)`)],
      ['loads the root as a fleet', new RegExp(`\\brunReport\\([^;]*,\\s*${n}\\s*[,)]`)],
      ['runs in the root', new RegExp(`\\bcwd:\\s*${n}\\b`)],
      [
        'hands out the root as a fleet folder',
        new RegExp(`(?:\\breturn\\s+|\\?[^:;]*:\\s*)${n}\\s*\\)?\\s*;`),
      ],
    ];
    lines.forEach((line, i) => {
      for (const [what, re] of uses)
        if (re.test(line) && !(what === 'runs in the root' && ROOT_CWD_ALLOWED[file] === 'cwd'))
          findings.push(`${file}:${i + 1} ${what}: ${text.split('\n')[i].trim()}`);
    });
  }
  src.split('\n').forEach((line, i) => {
    const m = /'((?:\.\.\/)+)(?:clusters|dist)\b/.exec(line);
    if (m && m[1].split('/').filter((d) => d === '..').length === depth && /__dirname/.test(line))
      findings.push(`${file}:${i + 1} clusters/ or dist/ under the root: ${line.trim()}`);
  });
  return [...new Set(findings)];
}

/** Root constants that test helpers and the tool export, by the module that exports them. */
const ROOT_EXPORTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['PROJECT_ROOT', ['/example-fleet']],
  ['ROOT', ['/packed-tarball']],
  ['TOOL_ROOT', ['/io/cli-common']],
  ['BENCH_PROJECT_ROOT', ['/bench/bench']],
]);

function testSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : testSources(full);
    return e.name.endsWith('.ts') ? [relative(ROOT, full).split(sep).join('/')] : [];
  });
}

describe('tests do not depend on the example fleet', () => {
  const files = testSources(join(ROOT, 'test'));

  it('no test outside EXAMPLE_TESTS reads the repository’s clusters/ or dist/', () => {
    // This file holds samples of what it looks for.
    const exempt = new Set([...EXAMPLE_TESTS, 'test/architecture/example-independence.test.ts']);
    const findings = files
      .filter((f) => !exempt.has(f))
      .flatMap((f) => exampleFleetReferences(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(findings).toEqual([]);
  });

  it('every file of EXAMPLE_TESTS exists and reads the example fleet, and docs/development.md lists it', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8');
    for (const f of EXAMPLE_TESTS) {
      expect(files).toContain(f);
      expect({ f, reads: exampleFleetReferences(f, readFileSync(join(ROOT, f), 'utf8')).length > 0 }).toEqual(
        {
          f,
          reads: true,
        },
      );
      expect({ f, listed: docs.includes(`\`${f}\``) }).toEqual({ f, listed: true });
    }
  });
});

describe('exampleFleetReferences', () => {
  const at = (file: string, text: string) => exampleFleetReferences(file, text).map((l) => l.split(' ')[0]);

  it.each([
    ["const ROOT = resolve(__dirname, '..', '..');\nloadFleet(ROOT);", 'test/model/a.test.ts:2'],
    [
      "const root = path.resolve(__dirname, '..', '..');\nfs.readdirSync(path.join(root, 'clusters'))",
      'test/review/a.test.ts:2',
    ],
    ["const ROOT = join(__dirname, '..', '..');\nconst d = join(ROOT, 'dist');", 'test/charts/a.test.ts:2'],
    ["const DIR = resolve(__dirname, '..', '..', 'clusters');", 'test/model/a.test.ts:1'],
    ["const { fleet } = loadFleet(resolve(__dirname, '..', '..', '..'));", 'test/model/check/a.test.ts:1'],
    ["spawn(node, [cli], {\n  cwd: resolve(__dirname, '..', '..'),\n});", 'test/preflight/a.test.ts:2'],
    ["const root = path.resolve(__dirname, '../..');\ndefaultCheckDeps(root);", 'test/review/a.test.ts:2'],
    [
      "const r = findProjectRoot(join(__dirname, '..', '..'));\nreadFileSync(`${r}/dist/x.yaml`);",
      'test/v/a.test.ts:2',
    ],
    [
      "const root = path.resolve(__dirname, '..', '..');\nrunReport({ clusters: 'clusters' }, root, root);",
      'test/review/a.test.ts:2',
    ],
    ["import { PROJECT_ROOT } from './example-fleet';\nloadFleet(PROJECT_ROOT);", 'test/policies/a.ts:2'],
    [
      "import { TOOL_ROOT } from '../../io/cli-common';\njoin(TOOL_ROOT, 'dist', 'a');",
      'test/review/a.test.ts:2',
    ],
    ["readFileSync(join(__dirname, '../../dist/a/b.yaml'))", 'test/charts/a.test.ts:1'],
    [
      "const ROOT = resolve(__dirname, '..', '..');\nexport const fleetRoot = () => (env.X ? env.X : ROOT);",
      'test/r/a.ts:2',
    ],
    [
      "const ROOT = resolve(__dirname, '..', '..');\nfunction fleetRoot() {\n  return ROOT;\n}",
      'test/r/a.ts:3',
    ],
  ])('finds %s', (text, where) => {
    expect(at(where.split(':')[0], text)).toEqual([where]);
  });

  it.each([
    // The tests' own fleets and temporary projects.
    [
      "const ROOT = resolve(__dirname, '..', 'fixtures', 'every-mistake');\nloadFleet(ROOT);",
      'test/model/a.test.ts',
    ],
    [
      "import { DEMO_FLEET_ROOT } from '../support/demo-fleet';\nloadFleet(DEMO_FLEET_ROOT);",
      'test/model/a.test.ts',
    ],
    ["const root = mkdtempSync('x');\nloadFleet(root);\njoin(root, 'clusters');", 'test/review/a.test.ts'],
    // The root one level too high or too low is not the repository.
    ["const ROOT = resolve(__dirname, '..');\nloadFleet(ROOT);", 'test/model/a.test.ts'],
    ["const ROOT = resolve(__dirname, '..', '..', '..');\nloadFleet(ROOT);", 'test/model/a.test.ts'],
    // The tool's own files under the root.
    [
      "const ROOT = resolve(__dirname, '..', '..');\nreadFileSync(join(ROOT, 'docs', 'a.md'));",
      'test/model/a.test.ts',
    ],
    [
      "const ROOT = resolve(__dirname, '..', '..');\nloadFleet(ROOT, { clustersDir: 'test/fixtures/x/clusters' });",
      'test/c/a.test.ts',
    ],
    // A local ROOT that is not the root import of the same name.
    ["const ROOT = '/project';\njoin(ROOT, 'dist');", 'test/io/a.test.ts'],
  ])('does not flag %s', (text, file) => {
    expect(exampleFleetReferences(file, text)).toEqual([]);
  });
});
