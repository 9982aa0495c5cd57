import { convertCommand } from '../../convert/cli';
import { convertArgsFrom, CONVERT_OPTIONS, ParseResult } from '../../convert/cli-args';
import { OptionValues, parseCommand } from '../../io/command';

/** The command line as `karpenter-gitops convert` parses and checks it. */
function parseConvertArgs(argv: readonly string[]): ParseResult {
  const err: string[] = [];
  const args = parseCommand('convert', convertCommand, argv, {
    out: () => {},
    err: (l) => err.push(l),
    cwd: '/',
  });
  if (typeof args === 'number') return { ok: false, usage: err.join('\n') };
  return convertArgsFrom(args.values as OptionValues<typeof CONVERT_OPTIONS>, args.positionals);
}

test('files and options in any order, --flag=value accepted', () => {
  const r = parseConvertArgs([
    'a.yaml',
    '--cluster=prod',
    '--write',
    '--force',
    'b.yaml',
    '--report',
    'r.txt',
  ]);
  expect(r).toEqual({
    ok: true,
    args: {
      files: ['a.yaml', 'b.yaml'],
      cluster: 'prod',
      accountId: undefined,
      region: undefined,
      write: true,
      out: undefined,
      force: true,
      report: 'r.txt',
    },
  });
});

test.each([
  [[], 'give FILE|DIR...'],
  [['--cluster'], '--cluster needs a value (NAME)'],
  [['a.yaml', '--write', '--out', 'x.yaml'], '--write and --out cannot be used together'],
  [['a.yaml', '--force'], '--force only makes sense with --write or --out'],
  [['a.yaml', '--bogus'], "unknown option '--bogus'"],
  [['a.yaml', '--clustr', 'x'], "unknown option '--clustr'; did you mean '--cluster'?"],
  [['a.yaml', '--cluster', 'Prod_1'], "--cluster 'Prod_1' is not a valid cluster name"],
  [['a.yaml', '--cluster', 'fleet'], "--cluster 'fleet' is not a valid cluster name"],
  [['a.yaml', '--region', 'Frankfurt'], "--region 'Frankfurt' is not an AWS region name"],
  [['a.yaml', '--account', '1111-2222-3333'], "--account '1111-2222-3333' is not an AWS account ID"],
  [['a.yaml', '--cluster', 'a', '--cluster', 'b'], '--cluster given twice'],
  [['a.yaml', '--destination', 'my cluster'], "--destination 'my cluster' has white space"],
  [['a.yaml', '--repo-url', 'github.com/x/y'], "--repo-url 'github.com/x/y' is not a Git repository URL"],
])('%j → usage error', (argv, message) => {
  const r = parseConvertArgs(argv);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.usage).toContain(message);
});

test('--destination and --repo-url fill in gitops', () => {
  const r = parseConvertArgs([
    'a.yaml',
    '--destination',
    'prod-eks',
    '--repo-url=git@github.com:example/gitops.git',
  ]);
  expect(r.ok && r.args).toMatchObject({
    destination: 'prod-eks',
    repoURL: 'git@github.com:example/gitops.git',
  });
});
