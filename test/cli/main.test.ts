/** The one entry point: `karpenter-gitops <command>`, its help, version, usage errors and exit codes. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMANDS as ENTRIES, loadCommands } from '../../cli/commands';
import { runCli, runCliWith } from '../../cli/main';
import { CliIo, readToolPackage } from '../../io/cli-common';
import { AnyCommand, defineCommand } from '../../io/command';

let COMMANDS: AnyCommand[] = [];
beforeAll(async () => {
  COMMANDS = await loadCommands();
});

const WITH_FORMAT = ['check', 'impact', 'report', 'validate', 'preflight', 'promote'];

interface Captured {
  readonly io: CliIo;
  readonly out: string[];
  readonly err: string[];
}

function capture(cwd = '/nonexistent-project', extra: Partial<CliIo> = {}): Captured {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd, env: {}, ...extra }, out, err };
}

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  version: string;
  bugs: string;
};

describe('karpenter-gitops (top level)', () => {
  it('lists each command under the name it declares', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(ENTRIES.map((e) => e.name));
  });

  it('--version prints the version of package.json', async () => {
    const c = capture();
    expect(await runCli(['--version'], c.io)).toBe(0);
    expect(c.out).toEqual([pkg.version]);
    expect(readToolPackage().bugs).toBe(pkg.bugs);
  });

  it('--help lists every command with its summary', async () => {
    const c = capture();
    expect(await runCli(['--help'], c.io)).toBe(0);
    const help = c.out.join('\n');
    expect(help).toContain('usage: karpenter-gitops <command> [options]');
    for (const name of [
      'init',
      'synth',
      'check',
      'impact',
      'validate',
      'policies',
      'preflight',
      'promote',
      'convert',
    ])
      expect(help).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    expect(help).toContain('--debug');
  });

  it('no command, or an unknown one, is a usage error (exit 2) with the closest match', async () => {
    const none = capture();
    expect(await runCli([], none.io)).toBe(2);
    expect(none.err[0]).toBe('karpenter-gitops: give a command.');
    const typo = capture();
    expect(await runCli(['snth'], typo.io)).toBe(2);
    expect(typo.err[0]).toBe("karpenter-gitops: unknown command 'snth'; did you mean 'synth'?");
    expect(typo.err[1]).toMatch(
      /^usage: karpenter-gitops <command> \[options\] +\(commands: init, synth, check, /,
    );
    const far = capture();
    expect(await runCli(['deploy'], far.io)).toBe(2);
    expect(far.err[0]).toBe("karpenter-gitops: unknown command 'deploy'.");
    const flag = capture();
    expect(await runCli(['--verison'], flag.io)).toBe(2);
    expect(flag.err[0]).toBe("karpenter-gitops: unknown option '--verison'; did you mean '--version'?");
  });
});

describe('every command', () => {
  it.each(ENTRIES.map((c) => [c.name]))(
    '%s --help is generated from its declaration (exit 0)',
    async (name) => {
      const command = COMMANDS.find((c) => c.name === name)!;
      const c = capture();
      expect(await runCli([name, '--help'], c.io)).toBe(0);
      expect(c.err).toEqual([]);
      const help = c.out.join('\n');
      expect(help.split('\n')[0]).toBe(`karpenter-gitops ${name}: ${command.summary}`);
      expect(help).toContain(`usage: karpenter-gitops ${name}`);
      for (const [option, decl] of Object.entries(command.options)) {
        expect(help).toContain(`--${option}`);
        expect(help).toContain(decl.description);
        if (decl.choices) expect(help).toContain(`one of ${decl.choices.join(', ')}`);
      }
      expect(help).toMatch(/-h, --help +print this help/);
      for (const sub of command.subcommands ?? []) {
        const s = capture();
        expect(await runCli([name, sub.name, '-h'], s.io)).toBe(0);
        expect(s.out.join('\n')).toContain(`usage: karpenter-gitops ${name} ${sub.name}`);
      }
    },
  );

  it.each(ENTRIES.map((c) => [c.name]))(
    '%s: an unknown flag is a usage error (exit 2), with the closest match',
    async (name) => {
      const command = COMMANDS.find((c) => c.name === name)!;
      const [first] = Object.keys(command.options);
      const c = capture();
      expect(await runCli([name, `--${first}x`], c.io)).toBe(2);
      expect(c.err[0]).toBe(
        `karpenter-gitops ${name}: unknown option '--${first}x'; did you mean '--${first}'?`,
      );
      expect(c.err[1]).toMatch(new RegExp(`^usage: karpenter-gitops ${name}`));
      expect(c.err[c.err.length - 1]).toBe(`Run 'karpenter-gitops ${name} --help' for the options.`);
    },
  );

  it('the commands with --format are the ones with machine output', () => {
    expect(COMMANDS.filter((c) => c.options.format !== undefined).map((c) => c.name)).toEqual(WITH_FORMAT);
  });

  it.each(WITH_FORMAT.map((name) => [name]))(
    '%s --format refuses an unknown value, naming the allowed ones',
    async (name) => {
      const command = COMMANDS.find((c) => c.name === name)!;
      const choices = command.options.format.choices!;
      const required = Object.entries(command.options)
        .filter(([, o]) => o.required)
        .map(([option]) => `--${option}=x`);
      const c = capture();
      expect(
        await runCli([name, '--format=yaml-ish', ...required, ...(command.positionals ? ['x'] : [])], c.io),
      ).toBe(2);
      expect(c.err[0]).toBe(
        `karpenter-gitops ${name}: --format must be one of ${choices.join(', ')}, not 'yaml-ish'.`,
      );
    },
  );

  it('every --format vocabulary is drawn from one list', () => {
    const known = new Set(['text', 'human', 'json', 'markdown', 'junit', 'github']);
    for (const command of COMMANDS)
      for (const choice of command.options.format?.choices ?? []) expect(known).toContain(choice);
  });
});

describe('paths and the working folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kg-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([['synth'], ['check'], ['policies'], ['preflight', '--cluster', 'x']])(
    '%s where there is no clusters/ says to run init, exit 1, nothing written',
    async (...argv) => {
      const c = capture(dir);
      expect(await runCli(argv, c.io)).toBe(1);
      const text = [...c.out, ...c.err].join('\n');
      expect(text).toContain(
        'clusters: the fleet description folder does not exist. To start a fleet here, ',
      );
      expect(text).toContain(
        'run `npx karpenter-gitops init --cluster NAME --account ID --region REGION --destination NAME --repo-url URL`',
      );
      expect(readdirSync(dir)).toEqual([]);
    },
  );

  it('--flag=value and --flag value both work (resolved against the working folder)', async () => {
    const a = capture(dir);
    expect(await runCli(['synth', '--clusters=fleet', '--out', 'out'], a.io)).toBe(1);
    expect(a.err).toEqual([
      'fleet: the fleet description folder does not exist. To start a fleet here, run ' +
        '`npx karpenter-gitops init --cluster NAME --account ID --region REGION --destination NAME --repo-url URL` ' +
        '(it writes fleet/), or give the folder with --clusters DIR.',
      'synth: 1 error; out/ was not changed.',
    ]);
  });
});

describe('internal errors', () => {
  const exploding = defineCommand({
    name: 'explode',
    summary: 'throws',
    options: {},
    run: () => {
      throw new Error('the disk is on fire');
    },
  });

  it('print one sentence and where to report it, exit 70, no stack', async () => {
    const c = capture();
    expect(await runCliWith([{ name: 'explode', load: async () => exploding }], ['explode'], c.io)).toBe(70);
    expect(c.err).toEqual([
      'karpenter-gitops explode: internal error: the disk is on fire',
      `This is a bug in karpenter-gitops ${pkg.version}, not in your input. Please report it at ${pkg.bugs} (run again with --debug for the stack trace).`,
    ]);
  });

  it('with --debug (anywhere before --) also print the stack', async () => {
    const c = capture();
    expect(
      await runCliWith([{ name: 'explode', load: async () => exploding }], ['explode', '--debug'], c.io),
    ).toBe(70);
    expect(c.err[1]).toBe(
      `This is a bug in karpenter-gitops ${pkg.version}, not in your input. Please report it at ${pkg.bugs}.`,
    );
    expect(c.err[2]).toMatch(/^Error: the disk is on fire\n\s+at /);
  });
});
