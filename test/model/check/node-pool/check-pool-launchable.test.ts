import { formatDiagnostic } from '../../../../model/shared/diagnostics';
import { loadCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = (extra = '') => `nodeClasses:\n  default:\n    alias: al2023@v20260714\n${extra}`;
const pool = (body: string, cls = '') =>
  `${MINIMAL}${CLASS(cls)}nodePools:\n  p:\n    nodeClass: default\n    instanceCategories: [c, m, r]\n${body}`;
const warnings = (text: string) => loadCluster(text).warnings.map(formatDiagnostic);

describe('pools that launch nothing', () => {
  it('limits.cpu "0": a warning naming the pool, which says a pause is fine', () => {
    expect(warnings(pool('    limits: { cpu: "0" }\n'))).toEqual([
      "clusters/demo.yaml:14:20 warning: nodePools.p.limits.cpu: limits.cpu 0 is below the smallest instance type the pool allows (c6g.medium, 1 cpu), so pool 'p' launches nothing. If the pool is paused on purpose, nothing to do; else raise limits.cpu to at least 1.",
    ]);
  });

  it('a memory limit below the smallest allowed type', () => {
    expect(warnings(pool('    instanceSizes: [xlarge, 2xlarge]\n    limits: { memory: 4Gi }\n'))).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:15:23 warning: nodePools\.p\.limits\.memory: limits\.memory 4Gi is below the smallest instance type the pool allows \([a-z0-9]+\.xlarge, 7Gi memory\), so pool 'p' launches nothing\. Raise limits\.memory to at least 7Gi, or allow smaller instance types\.$/,
      ),
    ]);
  });

  it('maxPods above every allowed type’s pod capacity; podsPerCore caps it', () => {
    const body = '    instanceTypes: [m5.large, m5.xlarge]\n';
    expect(warnings(pool(body, '    kubelet:\n      maxPods: 110\n'))).toEqual([
      "clusters/demo.yaml:11:16 warning: nodeClasses.default.kubelet.maxPods: maxPods 110 is more than any instance type pool 'p' allows has IP addresses for (at most 58 pods, on m5.xlarge), so pods beyond that stay ContainerCreating without an IP. Lower maxPods to 58, or enable VPC CNI prefix delegation (then ignore this warning).",
      expect.stringContaining('only 2 instance types'),
    ]);
    expect(
      warnings(pool(body, '    kubelet:\n      maxPods: 110\n      podsPerCore: 10\n')).filter((w) =>
        w.includes('maxPods'),
      ),
    ).toEqual([]);
  });

  it('a root volume smaller than the family default', () => {
    const cls =
      '    blockDeviceMappings:\n      - deviceName: /dev/xvda\n        rootVolume: true\n        ebs: { volumeSize: 5Gi, volumeType: gp3 }\n';
    expect(warnings(pool('', cls))).toEqual([
      'clusters/demo.yaml:13:28 warning: nodeClasses.default.blockDeviceMappings[0].ebs.volumeSize: volumeSize 5Gi on /dev/xvda is below the 20Gi Karpenter gives that AL2023 device by default; if the AMI\'s snapshot is larger, EC2 refuses every launch ("Volume of size … is smaller than snapshot"). Use at least 20Gi (karpenter-gitops preflight reads the AMI\'s exact snapshot size).',
    ]);
  });
});
