/** Block devices against what the AMI family does with them. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const cls = (alias: string, devices: string) =>
  `${MINIMAL}nodeClasses:\n  d:\n    ${alias}\n    blockDeviceMappings:\n${devices}`;

describe('block device checks', () => {
  it('Bottlerocket with a small xvda and a keyed 100Gi xvdb rootVolume passes', () => {
    const { warnings } = loadCluster(
      cls(
        'alias: bottlerocket@v1.39.1',
        '      - deviceName: /dev/xvda\n        ebs: { volumeSize: 4Gi, kmsKeyID: k }\n      - deviceName: /dev/xvdb\n        rootVolume: true\n        ebs: { volumeSize: 100Gi, kmsKeyID: k }\n',
      ),
    );
    expect(warnings).toEqual([]);
  });

  it('AL2023: rootVolume on an extra disk is an error naming /dev/xvda', () => {
    expect(
      errorsOfCluster(
        cls(
          'alias: al2023@v20260714',
          '      - deviceName: /dev/xvda\n        ebs: { volumeSize: 20Gi }\n      - deviceName: /dev/xvdf\n        rootVolume: true\n        ebs: { volumeSize: 500Gi }\n',
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:14:21 nodeClasses.d.blockDeviceMappings[1].rootVolume: rootVolume: true on /dev/xvdf, but AL2023 keeps pods' ephemeral storage on /dev/xvda: Karpenter would advertise 500Gi of ephemeral storage that pods do not get. Move rootVolume: true to the /dev/xvda mapping.",
    ]);
  });

  it('Bottlerocket: xvda only, without a key, still says the data volume gets the default size', () => {
    const errors = errorsOfCluster(
      cls(
        'alias: bottlerocket@v1.39.1',
        '      - deviceName: /dev/xvda\n        ebs: { volumeSize: 50Gi }\n',
      ),
    );
    expect(errors).toEqual([
      "clusters/demo.yaml:11:21 nodeClasses.d.blockDeviceMappings[0].deviceName: /dev/xvda is only Bottlerocket's OS volume, and no mapping names its data volume /dev/xvdb: containers, images and pods' ephemeral storage get /dev/xvdb at the AMI's default size. Keep /dev/xvda small (volumeSize: 4Gi) and add a mapping for /dev/xvdb with rootVolume: true, volumeSize: 50Gi.",
    ]);
  });

  it('Custom: the rootVolume mapping is the one that must carry the key', () => {
    const { warnings } = loadCluster(
      `${MINIMAL}nodeClasses:\n  d:\n    amiFamily: Custom\n    amiSelectorTerms:\n      - id: ami-0123456789abcdef0\n    userData: "#!/bin/bash\\nboot"\n    blockDeviceMappings:\n      - deviceName: /dev/sda1\n        ebs: { volumeSize: 10Gi, kmsKeyID: k }\n      - deviceName: /dev/sdb\n        rootVolume: true\n        ebs: { volumeSize: 100Gi }\n`,
    );
    expect(warnings.map((w) => [w.line, w.path])).toEqual([[18, 'nodeClasses.d.blockDeviceMappings[1].ebs']]);
  });
});
