/** Bottlerocket TOML userData: checked like bottlerocket.settings, at the fleet line of each key. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

// Line 8 `b:`, 9 alias, 10 `userData: |`, the TOML from line 11 (indent 6).
const br = (toml: string) =>
  `${MINIMAL}nodeClasses:\n  b:\n    alias: bottlerocket@v1.39.1\n    userData: |\n${toml
    .split('\n')
    .map((l) => (l ? `      ${l}` : l))
    .join('\n')}`;

describe('Bottlerocket TOML userData', () => {
  it('a typo and a bad enum value point at their lines inside the block', () => {
    expect(
      errorsOfCluster(
        br('[settings.kernal]\nlockdown = "integrity"\n\n[settings.kernel]\nlockdown = "strict"\n'),
      ),
    ).toEqual([
      "clusters/demo.yaml:11:17 nodeClasses.b.userData.settings.kernal: 'kernal' is not a Bottlerocket 1.39.x setting under settings; Bottlerocket refuses the whole userData. Did you mean 'kernel'? Rename the key to a setting Bottlerocket documents.",
      "clusters/demo.yaml:15:7 nodeClasses.b.userData.settings.kernel.lockdown: 'strict' is not a value Bottlerocket accepts for settings.kernel.lockdown. Write one of: confidentiality, integrity, none.",
    ]);
  });

  it('dotted keys and Karpenter-written settings', () => {
    const { warnings } = loadCluster(
      br('[settings]\nkubernetes.cluster-name = "x"\nkernel.lockdown = "none"\n'),
    );
    expect(warnings.map((w) => [w.line, w.col, w.path])).toEqual([
      [12, 18, 'nodeClasses.b.userData.settings.kubernetes.cluster-name'],
    ]);
    expect(warnings[0].message).toContain('Karpenter writes settings.kubernetes.cluster-name itself');
  });

  it('TOML Karpenter cannot parse is an error at the line of the mistake', () => {
    const [line] = errorsOfCluster(br('[settings.kernel]\nlockdown = integrity\n'));
    expect(line).toMatch(
      /^clusters\/demo\.yaml:12:\d+ nodeClasses\.b\.userData: this Bottlerocket userData is not valid TOML \(.+\): Karpenter cannot merge its settings and launches no node\. Fix the TOML, or write the settings as a YAML map under bottlerocket\.settings\.$/,
    );
  });

  it('valid settings pass', () => {
    expect(loadCluster(br('[settings.host-containers.admin]\nenabled = false\n')).warnings).toEqual([]);
  });
});
