import { parseConvertArgs } from '../../convert/cli-args';

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
      help: false,
    },
  });
});

test.each([
  [[], 'give at least one manifest file or directory'],
  [['--cluster'], '--cluster needs a value'],
  [['a.yaml', '--write', '--out', 'x.yaml'], '--write and --out cannot be used together'],
  [['a.yaml', '--force'], '--force only makes sense with --write or --out'],
  [['a.yaml', '--bogus'], 'unknown option --bogus'],
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

test('--help needs no files', () => {
  const r = parseConvertArgs(['--help']);
  expect(r.ok && r.args.help).toBe(true);
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
