import { userLintOptions } from '../../../validation/cloudformation/lint-settings';

describe('userLintOptions', () => {
  it("keeps results in the user's cache folder and asks a server there, run in the given folder", () => {
    const o = userLintOptions({ HOME: '/home/ana', XDG_CACHE_HOME: '/cache' }, '/repo');
    expect(o).toEqual({
      cacheDir: '/cache/karpenter-gitops/cfn-lint',
      cwd: '/repo',
      home: '/home/ana',
      ...(process.platform === 'win32' ? {} : { server: { dir: '/cache/karpenter-gitops/cfn-lint-server' } }),
    });
  });

  it('asks no server under CI unless told to, nor when it is turned off', () => {
    expect(userLintOptions({ HOME: '/h', CI: 'true' }, '/repo').server).toBeUndefined();
    expect(
      userLintOptions({ HOME: '/h', KARPENTER_GITOPS_CFN_LINT_SERVER: 'off' }, '/repo').server,
    ).toBeUndefined();
    expect(userLintOptions({ HOME: '/h' }, '/repo').cacheDir).toBe('/h/.cache/karpenter-gitops/cfn-lint');
  });
});
