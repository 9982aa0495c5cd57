/** The command frame: declarations → parsing (node:util parseArgs), help and usage errors. */
import { CliIo } from '../../io/cli-common';
import { defineCommand, helpText, parseCommand, runCommand, usageLine } from '../../io/command';

const demo = defineCommand({
  name: 'demo',
  summary: 'a command to test the frame with',
  options: {
    out: { type: 'string', value: 'DIR', description: 'output folder', defaultText: 'dist/' },
    tag: { type: 'string', value: 'K=V', multiple: true, description: 'a tag' },
    format: { type: 'string', value: 'FORMAT', choices: ['text', 'json'], description: 'output' },
    name: { type: 'string', value: 'NAME', required: true, description: 'the name' },
    quiet: { type: 'boolean', short: 'q', description: 'say less' },
  },
  positionals: { name: 'FILE...', description: 'files', min: 1, max: 3 },
  run: ({ values, positionals }, io) => {
    io.out(JSON.stringify({ values, positionals }));
    return 0;
  },
});

function capture(): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd: '/' }, out, err };
}

describe('parseCommand', () => {
  it('parses --flag value, --flag=value, short booleans, repeated options and positionals, typed', () => {
    const c = capture();
    const args = parseCommand(
      'demo',
      demo,
      ['a', '--out=o', '--name', 'n', '-q', '--tag', 'x=1', 'b', '--tag=y=2'],
      c.io,
    );
    if (typeof args === 'number') throw new Error(c.err.join('\n'));
    const { values, positionals } = args;
    const name: string = values.name; // required: a string, not string | undefined
    const format: 'text' | 'json' | undefined = values.format;
    expect({ name, format, out: values.out, tag: values.tag, quiet: values.quiet }).toEqual({
      name: 'n',
      format: undefined,
      out: 'o',
      tag: ['x=1', 'y=2'],
      quiet: true,
    });
    expect(positionals).toEqual(['a', 'b']);
  });

  it.each([
    [['f', '--name=n', '--out'], 'karpenter-gitops demo: --out needs a value (DIR).'],
    [['f', '--name=n', '--out', '--quiet'], 'karpenter-gitops demo: --out needs a value (DIR).'],
    [['f', '--name=n', '--out='], 'karpenter-gitops demo: --out needs a value (DIR).'],
    [['f', '--name=n', '--quiet=yes'], 'karpenter-gitops demo: --quiet takes no value.'],
    [['f', '--name=n', '--quit'], "karpenter-gitops demo: unknown option '--quit'; did you mean '--quiet'?"],
    [['f', '--name=n', '-x'], "karpenter-gitops demo: unknown option '-x'."],
    [['f'], 'karpenter-gitops demo: --name is required (NAME).'],
    [['f', '--name=a', '--name=b'], 'karpenter-gitops demo: --name given twice.'],
    [
      ['f', '--name=n', '--format', 'xml'],
      "karpenter-gitops demo: --format must be one of text, json, not 'xml'.",
    ],
    [['--name=n'], 'karpenter-gitops demo: give FILE... (files).'],
    [['a', 'b', 'c', 'd', '--name=n'], "karpenter-gitops demo: unexpected argument 'd'."],
  ])('%j is a usage error, exit 2: %s', (argv, message) => {
    const c = capture();
    expect(parseCommand('demo', demo, argv, c.io)).toBe(2);
    expect(c.err).toEqual([
      message,
      'usage: karpenter-gitops demo [--out DIR] [--tag K=V]... [--format text|json] --name NAME [--quiet] FILE...',
      "Run 'karpenter-gitops demo --help' for the options.",
    ]);
    expect(c.out).toEqual([]);
  });

  it('an option with an implicit value takes it when given bare, last or before another option', () => {
    const waiting = defineCommand({
      name: 'wait',
      summary: 'waits',
      options: {
        wait: { type: 'string', value: 'DURATION', implicitValue: '30m', description: 'how long' },
        force: { type: 'boolean', description: 'force' },
      },
      run: () => 0,
    });
    const parse = (argv: string[]) => {
      const c = capture();
      const args = parseCommand('wait', waiting, argv, c.io);
      if (typeof args === 'number') throw new Error(c.err.join('\n'));
      return args.values.wait;
    };
    expect(parse(['--wait'])).toBe('30m');
    expect(parse(['--wait', '--force'])).toBe('30m');
    expect(parse(['--wait', '10m', '--force'])).toBe('10m');
    expect(parse(['--wait=1h'])).toBe('1h');
    expect(parse(['--force'])).toBeUndefined();
    expect(usageLine('wait', waiting)).toBe('karpenter-gitops wait [--wait [DURATION]] [--force]');
  });

  it('--help wins over anything else on the line, exit 0', () => {
    const c = capture();
    expect(parseCommand('demo', demo, ['--bogus', '-h'], c.io)).toBe(0);
    expect(c.out).toEqual([helpText('demo', demo)]);
  });

  it('a value after -- is a positional even if it starts with -', () => {
    const c = capture();
    const args = parseCommand('demo', demo, ['--name=n', '--', '-odd-file'], c.io);
    expect(typeof args === 'number' ? c.err : args.positionals).toEqual(['-odd-file']);
  });
});

describe('help', () => {
  it('is generated from the declaration: summary, usage, every option with its description, default and choices', () => {
    expect(helpText('demo', demo).split('\n')).toEqual([
      'karpenter-gitops demo: a command to test the frame with',
      '',
      `usage: ${usageLine('demo', demo)}`,
      '',
      'arguments:',
      '  FILE...  files',
      '',
      'options:',
      '  --out DIR        output folder (default: dist/)',
      '  --tag K=V        a tag (may be repeated)',
      '  --format FORMAT  output (one of text, json)',
      '  --name NAME      the name (required)',
      '  -q, --quiet      say less',
      '  -h, --help       print this help',
      '  --debug          on an internal error, also print the stack trace',
    ]);
  });
});

describe('runCommand', () => {
  const parent = defineCommand({
    name: 'tool',
    summary: 'has subcommands',
    options: {},
    subcommands: [demo],
    run: (_args, io) => {
      io.out('parent');
      return 0;
    },
  });

  it('runs the subcommand the first word names, else the command itself', async () => {
    const c = capture();
    expect(await runCommand('tool', parent, ['demo', 'f', '--name=n'], c.io)).toBe(0);
    expect(JSON.parse(c.out[0])).toMatchObject({ positionals: ['f'], values: { name: 'n' } });
    expect(await runCommand('tool', parent, [], c.io)).toBe(0);
    expect(c.out[1]).toBe('parent');
  });

  it('an unknown subcommand is a usage error with the closest match', async () => {
    const c = capture();
    expect(await runCommand('tool', parent, ['dem'], c.io)).toBe(2);
    expect(c.err[0]).toBe("karpenter-gitops tool: unknown subcommand 'dem'; did you mean 'demo'?");
    expect(await runCommand('tool', parent, ['zzz'], c.io)).toBe(2);
    expect(c.err[3]).toBe("karpenter-gitops tool: unknown subcommand 'zzz' (subcommands: demo).");
  });
});
