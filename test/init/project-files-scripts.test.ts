/** init's npm scripts: one thin call of the CLI per command a user runs in their repository. */
import { COMMANDS } from '../../cli/commands';
import { initScripts, mergePackageJson } from '../../init/project-files';

describe('initScripts', () => {
  it('has a script for every command of the CLI but init itself, each calling that command', () => {
    const scripts = initScripts();
    const commands = COMMANDS.map((c) => c.name).filter((name) => name !== 'init');
    expect(Object.keys(scripts).sort()).toEqual([...commands].sort());
    for (const name of commands) expect(scripts[name]).toMatch(new RegExp(`^karpenter-gitops ${name}\\b`));
  });
});

describe('mergePackageJson: the cdk8s CLI that cdk8s.yaml needs', () => {
  const tool = { name: 'karpenter-gitops', version: '1.2.3', cdk8sCli: '2.207.60' };
  const devDeps = (text: string) =>
    (JSON.parse(text) as { devDependencies: Record<string, string> }).devDependencies;

  it('is pinned beside the tool in a new package.json', () => {
    expect(devDeps(mergePackageJson(undefined, tool, 'ops', false).text)).toEqual({
      'cdk8s-cli': '2.207.60',
      'karpenter-gitops': '1.2.3',
    });
  });

  it("keeps the repository's own cdk8s CLI, in devDependencies or dependencies", () => {
    const own = JSON.stringify({ name: 'ops', devDependencies: { 'cdk8s-cli': '^2.100.0' } });
    expect(devDeps(mergePackageJson(own, tool, 'ops', true).text)['cdk8s-cli']).toBe('^2.100.0');
    const asDep = JSON.stringify({ name: 'ops', dependencies: { 'cdk8s-cli': '2.1.0' } });
    expect(devDeps(mergePackageJson(asDep, tool, 'ops', false).text)).toEqual({
      'karpenter-gitops': '1.2.3',
    });
  });

  it('pins nothing more when the tool names no cdk8s CLI', () => {
    expect(
      devDeps(mergePackageJson(undefined, { name: 'karpenter-gitops', version: '1.2.3' }, 'ops', false).text),
    ).toEqual({
      'karpenter-gitops': '1.2.3',
    });
  });
});
