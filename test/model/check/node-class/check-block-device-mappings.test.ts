/** Block device mapping checks. `demo.yaml` = MINIMAL (6 lines) + `nodeClasses:` (line 7) + `  d:` (line 8) + the body. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  d:\n${body}`;

describe('block device mappings', () => {
  it('volume size must be a whole Gi/G/Ti/T size', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    alias: al2023@v20260714\n    blockDeviceMappings:\n      - deviceName: /dev/xvda\n        ebs: { volumeSize: 20GB }\n',
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:12:28 nodeClasses.d.blockDeviceMappings[0].ebs.volumeSize: '20GB' is not a volume size EBS and Karpenter accept. Write a whole size in Gi, G, Ti or T (at most 59000Gi / 64000G / 58Ti / 64T), e.g. 20Gi.",
    ]);
  });
});
