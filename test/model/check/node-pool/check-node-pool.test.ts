/** Node pool checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);

describe('node pool checks', () => {
  it('restricted label domains and kubernetes.io/hostname', () => {
    expect(
      pool(
        '    labels:\n      kubernetes.io/hostname: a\n      karpenter.sh/team: b\n      node.kubernetes.io/role: c\n      topology.kubernetes.io/zone: d\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:14:7 nodePools.p.labels.kubernetes.io/hostname: label 'kubernetes.io/hostname' is restricted: Kubernetes sets it to the node's name. Remove it; select nodes with a label of your own domain instead.",
      "clusters/demo.yaml:15:7 nodePools.p.labels.karpenter.sh/team: label domain 'karpenter.sh' is restricted: Karpenter or Kubernetes own labels under it. Use your own domain (e.g. example.com/team), or kops.k8s.io / node.kubernetes.io / node-restriction.kubernetes.io.",
      "clusters/demo.yaml:17:7 nodePools.p.labels.topology.kubernetes.io/zone: label domain 'kubernetes.io' is restricted: Karpenter or Kubernetes own labels under it. Karpenter sets topology.kubernetes.io/zone on the nodes itself: to choose its value, write a requirement on it (key topology.kubernetes.io/zone, operator In) instead of a label. Else: Use your own domain (e.g. example.com/zone), or kops.k8s.io / node.kubernetes.io / node-restriction.kubernetes.io.",
    ]);
  });

  it('label and taint syntax', () => {
    expect(
      pool('    labels:\n      team: "a b"\n    taints:\n      - key: -bad\n        effect: NoSchedule\n'),
    ).toEqual([
      "clusters/demo.yaml:14:13 nodePools.p.labels.team: 'a b' is not a valid label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit. Use a shorter value without spaces or special characters.",
      "clusters/demo.yaml:16:14 nodePools.p.taints[0].key: '-bad' is not a valid taint key: the name must be 1-63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit. Use a valid taint key such as example.com/dedicated.",
    ]);
  });

  it('raw requirements: operators and restricted keys', () => {
    expect(
      pool(
        '    requirements:\n      - key: kubernetes.io/hostname\n        operator: Exists\n      - key: karpenter.k8s.aws/instance-cpu\n        operator: Gt\n        values: ["a"]\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:14:14 nodePools.p.requirements[0].key: requirement on 'kubernetes.io/hostname' is restricted. Remove this requirement.",
      'clusters/demo.yaml:18:17 nodePools.p.requirements[1].values: operator Gt needs exactly one positive whole number. Write values: ["2"].',
    ]);
  });

  it('pool names must be DNS-1123 subdomains', () => {
    expect(errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  Big_Pool:\n    nodeClass: default\n`)).toEqual([
      "clusters/demo.yaml:11:3 nodePools.Big_Pool: node pool name 'Big_Pool' is not a valid Kubernetes name (DNS-1123 subdomain: lower-case letters, digits, '-' and '.'). Rename it, e.g. 'big-pool'.",
    ]);
  });

  it('duplicate pool names are YAML duplicate keys', () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n  p:\n    nodeClass: default\n`,
      ),
    ).toEqual([
      'clusters/demo.yaml:13:3 nodePools.p: duplicate key. Each key may appear once in a map; remove or rename one of them.',
    ]);
  });

  it('requirement values, shorthands included, are label values; minValues needs that many values', () => {
    expect(pool('    zones: [eu west 1a]\n    instanceCategories: { in: [c], minValues: 2 }\n')).toEqual([
      "clusters/demo.yaml:13:13 nodePools.p.zones[0]: 'eu west 1a' is not a valid label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit. Requirement values are label values: use one without spaces or special characters.",
      'clusters/demo.yaml:14:47 nodePools.p.instanceCategories.minValues: minValues 2 is more than the 1 values listed. Lower minValues or list more values.',
    ]);
  });
});
