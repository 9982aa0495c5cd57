/** init's npm scripts: one thin call of the CLI per command a user runs in their repository. */
import { COMMANDS } from '../../cli/commands';
import { initScripts } from '../../init/project-files';

describe('initScripts', () => {
  it('has a script for every command of the CLI but init itself, each calling that command', () => {
    const scripts = initScripts();
    const commands = COMMANDS.map((c) => c.name).filter((name) => name !== 'init');
    expect(Object.keys(scripts).sort()).toEqual([...commands].sort());
    for (const name of commands) expect(scripts[name]).toMatch(new RegExp(`^karpenter-gitops ${name}\\b`));
  });
});
