/**
 * The flags the benchmark and the packed-package test give `init` (bench/installed-init-flags.ts)
 * are a whole command line: without a terminal, init parses them and asks for nothing more.
 */
import { INSTALLED_INIT_FLAGS } from '../../bench/installed-init-flags';
import { completeInitOptions, initCommand } from '../../init/init-command';
import { CliIo } from '../../io/cli-common';
import { parseCommand } from '../../io/command';

describe('INSTALLED_INIT_FLAGS', () => {
  it('give init every value it would otherwise ask for, without a terminal', async () => {
    const err: string[] = [];
    const io: CliIo = { out: () => undefined, err: (l) => err.push(l), cwd: '.' };
    const parsed = parseCommand('init', initCommand, INSTALLED_INIT_FLAGS, io);
    if (typeof parsed === 'number')
      throw new Error(`init refused the flags (exit ${parsed}): ${err.join(' ')}`);
    expect(err).toEqual([]);
    const values = parsed.values as Parameters<typeof completeInitOptions>[0];
    expect(await completeInitOptions(values, io)).toEqual({
      cluster: 'shop',
      account: '111122223333',
      region: 'eu-west-1',
      destination: 'shop',
      'repo-url': 'https://github.com/example/platform-gitops.git',
      dir: undefined,
      force: false,
    });
  });
});
