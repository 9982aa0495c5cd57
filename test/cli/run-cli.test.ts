/**
 * The dispatcher over a list of commands, as a bundle of one command runs it
 * (bin/build-package.js: `runCliWith([command], argv, io)`): the command's own line, help and
 * exit codes are the same as through every command (test/cli/main.test.ts).
 */
import { runCli } from '../../cli/main';
import { runCliWith } from '../../cli/run-cli';
import { CliIo } from '../../io/cli-common';
import { COMMANDS } from '../../cli/commands';

function capture(): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd: '/nonexistent-project', env: {} },
    out,
    err,
  };
}

const synthOnly = COMMANDS.filter((c) => c.name === 'synth');

describe('runCliWith one command (a bundle’s entry)', () => {
  it.each([
    [['synth', '--help']],
    [['synth', '--no-such-option']],
    [['synth', '--clusters', 'missing']],
    [['synth', '--out', '.']],
  ])('%j prints and exits exactly as through every command', async (...argv) => {
    const alone = capture();
    const all = capture();
    const code = await runCliWith(synthOnly, argv[0], alone.io);
    expect(code).toBe(await runCli(argv[0], all.io));
    expect(alone.out).toEqual(all.out);
    expect(alone.err).toEqual(all.err);
    expect(alone.out.length + alone.err.length).toBeGreaterThan(0);
  });

  it('loads only the commands it is given', async () => {
    const loaded: string[] = [];
    const entries = COMMANDS.map((c) => ({
      name: c.name,
      load: () => {
        loaded.push(c.name);
        return c.load();
      },
    }));
    const { io } = capture();
    expect(await runCliWith(entries, ['synth', '--help'], io)).toBe(0);
    expect(loaded).toEqual(['synth']);
  });
});
