/** Bottlerocket settings against the pinned catalogue, and the keys Karpenter writes. */
import { bottlerocketSettingsProblems } from '../../../../model/check/node-class/check-bottlerocket-settings';
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const br = (settings: string, extra = '') =>
  `${MINIMAL}nodeClasses:\n  b:\n    alias: bottlerocket@v1.39.1\n${extra}    bottlerocket:\n      settings:\n${settings}`;

describe('Bottlerocket settings checks', () => {
  it('the committed edge settings are all known', () => {
    expect(
      bottlerocketSettingsProblems(
        {
          'host-containers': { admin: { enabled: false }, control: { enabled: true } },
          kernel: { lockdown: 'integrity' },
        },
        {},
      ),
    ).toEqual([]);
  });

  it('an unknown nested key gets a did-you-mean at its key', () => {
    expect(errorsOfCluster(br('        kernel:\n          lockdwn: integrity\n'))).toEqual([
      "clusters/demo.yaml:13:11 nodeClasses.b.bottlerocket.settings.kernel.lockdwn: 'lockdwn' is not a Bottlerocket 1.39.x setting under settings.kernel; Bottlerocket refuses the whole userData. Did you mean 'lockdown'? Rename the key to a setting Bottlerocket documents.",
    ]);
  });

  it('a table of settings written as a scalar, and an unknown group without a close match', () => {
    expect(errorsOfCluster(br('        kernel: strict\n        zzzzzzzz: {}\n'))).toEqual([
      "clusters/demo.yaml:12:17 nodeClasses.b.bottlerocket.settings.kernel: settings.kernel is a table of settings, not the string 'strict'. Write its keys below it, e.g. lockdown.",
      expect.stringMatching(
        /^clusters\/demo\.yaml:13:9 nodeClasses\.b\.bottlerocket\.settings\.zzzzzzzz: 'zzzzzzzz' is not a Bottlerocket 1\.39\.x setting under settings; .* Use one of: autoscaling, aws, /,
      ),
    ]);
  });

  it('list enums are checked item by item; numbers and strings by type', () => {
    expect(
      errorsOfCluster(
        br(
          "        kubernetes:\n          cpu-manager-policy-options: [full-pcpus-only, fast]\n          eviction-max-pod-grace-period: '40'\n",
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:13:39 nodeClasses.b.bottlerocket.settings.kubernetes.cpu-manager-policy-options: 'fast' is not a value Bottlerocket accepts for settings.kubernetes.cpu-manager-policy-options. Write one of: full-pcpus-only.",
      "clusters/demo.yaml:14:42 nodeClasses.b.bottlerocket.settings.kubernetes.eviction-max-pod-grace-period: settings.kubernetes.eviction-max-pod-grace-period takes a number, not the string '40'. Write a number.",
    ]);
  });

  it('kubelet-derived keys warn only when the class kubelet sets them', () => {
    const settings =
      '        kubernetes:\n          eviction-hard: { memory.available: 5% }\n          node-taints: {}\n';
    const without = loadCluster(br(settings)).warnings.map((w) => w.path);
    expect(without).toEqual(['nodeClasses.b.bottlerocket.settings.kubernetes.node-taints']);
    const withKubelet = loadCluster(
      br(settings, '    kubelet:\n      evictionHard: { memory.available: 10% }\n'),
    ).warnings;
    expect(withKubelet.map((w) => [w.line, w.path, w.fix])).toEqual([
      [
        15,
        'nodeClasses.b.bottlerocket.settings.kubernetes.eviction-hard',
        'Set kubelet.evictionHard only, and remove settings.kubernetes.eviction-hard',
      ],
      [
        16,
        'nodeClasses.b.bottlerocket.settings.kubernetes.node-taints',
        'Remove settings.kubernetes.node-taints',
      ],
    ]);
    expect(withKubelet[1].message).toContain('the node pool taints and startup taints, replacing these');
  });

  it('user-named entries (host containers, modules) match wildcards', () => {
    expect(
      bottlerocketSettingsProblems(
        {
          'host-containers': { mine: { enabled: true, source: 'x', superpowered: false } },
          kernel: { modules: { sctp: { allowed: false } } },
        },
        {},
      ),
    ).toEqual([]);
  });
});
