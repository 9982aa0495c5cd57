/** Node class checks. `demo.yaml` = MINIMAL (6 lines) + `nodeClasses:` (line 7) + `  d:` (line 8) + the body. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  d:\n${body}`;

describe('node class checks', () => {
  it('exactly one of role / instanceProfile', () => {
    expect(
      errorsOfCluster(nodeClass('    alias: al2023@v20260714\n    role: a\n    instanceProfile: b\n')),
    ).toEqual([
      'clusters/demo.yaml:11:5 nodeClasses.d.instanceProfile: role and instanceProfile are both set. Keep one: role (Karpenter manages the instance profile) or instanceProfile.',
    ]);
  });

  it('class names must be DNS-1123 subdomains', () => {
    expect(errorsOfCluster(`${MINIMAL}nodeClasses:\n  Default:\n    alias: al2023@v20260714\n`)).toEqual([
      "clusters/demo.yaml:8:3 nodeClasses.Default: node class name 'Default' is not a valid Kubernetes name (DNS-1123 subdomain: lower-case letters, digits, '-' and '.'). Rename it, e.g. 'default'.",
    ]);
  });

  it('unencrypted volumes and IMDSv1 are warnings', () => {
    const { warnings } = loadCluster(
      nodeClass(
        '    alias: al2023@v20260714\n    metadataOptions: { httpTokens: optional }\n    blockDeviceMappings:\n      - deviceName: /dev/xvda\n        ebs: { volumeSize: 20Gi, encrypted: false }\n',
      ),
    );
    expect(warnings.map((w) => [w.line, w.path, w.message])).toEqual([
      [10, 'nodeClasses.d.metadataOptions.httpTokens', 'IMDSv1 is allowed (httpTokens: optional)'],
      [13, 'nodeClasses.d.blockDeviceMappings[0].ebs.encrypted', 'volume is not encrypted'],
    ]);
  });

  it('kubelet map keys Karpenter accepts', () => {
    expect(
      errorsOfCluster(
        nodeClass('    alias: al2023@v20260714\n    kubelet:\n      evictionHard: { memory.availble: 5% }\n'),
      ),
    ).toEqual([
      "clusters/demo.yaml:11:23 nodeClasses.d.kubelet.evictionHard.memory.availble: 'memory.availble' is not a valid key of kubelet.evictionHard. Did you mean 'memory.available'? Use one of: memory.available, nodefs.available, nodefs.inodesFree, imagefs.available, imagefs.inodesFree, pid.available.",
    ]);
  });

  it('kubelet reservations and eviction thresholds are quantities', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    alias: al2023@v20260714\n    kubelet:\n      kubeReserved: { cpu: lots }\n      evictionHard: { memory.available: 5%, nodefs.available: ten }\n',
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:11:28 nodeClasses.d.kubelet.kubeReserved.cpu: 'lots' is not a quantity. Write e.g. 100m, 1Gi or 3Gi.",
      "clusters/demo.yaml:12:63 nodeClasses.d.kubelet.evictionHard.nodefs.available: 'ten' is not a percentage or a quantity. Write e.g. 5% or 500Mi.",
    ]);
  });
});
