/** Node pool checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20250505\n';
const pool = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);

describe('node pool checks', () => {
  it('a node class that does not exist, with did-you-mean', () => {
    expect(errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: defualt\n`)).toEqual([
      "clusters/demo.yaml:12:16 nodePools.p.nodeClass: node class 'defualt' does not exist (this cluster has: default). Did you mean 'default'? Or add a node class 'defualt' under nodeClasses.",
    ]);
  });

  it('a bad duration: 30d says to use 720h', () => {
    expect(pool('    disruption:\n      consolidateAfter: 30d\n')).toEqual([
      "clusters/demo.yaml:14:25 nodePools.p.disruption.consolidateAfter: '30d' is not a duration Karpenter accepts (only s, m and h units). Use 720h.",
    ]);
  });

  it('durations that cannot be converted name the accepted units', () => {
    expect(pool('    expireAfter: 1.5h\n    terminationGracePeriod: Never\n')).toEqual([
      "clusters/demo.yaml:13:18 nodePools.p.expireAfter: '1.5h' is not a duration Karpenter accepts. Write whole numbers with s, m and h units, or Never, e.g. 30s, 2m or 720h.",
      "clusters/demo.yaml:14:29 nodePools.p.terminationGracePeriod: 'Never' is not a duration Karpenter accepts. Write whole numbers with s, m and h units, e.g. 30s, 2m or 720h.",
    ]);
  });

  it('restricted label domains and kubernetes.io/hostname', () => {
    expect(
      pool(
        '    labels:\n      kubernetes.io/hostname: a\n      karpenter.sh/team: b\n      node.kubernetes.io/role: c\n      topology.kubernetes.io/zone: d\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:14:7 nodePools.p.labels.kubernetes.io/hostname: label 'kubernetes.io/hostname' is restricted: Kubernetes sets it to the node's name. Remove it; select nodes with a label of your own domain instead.",
      "clusters/demo.yaml:15:7 nodePools.p.labels.karpenter.sh/team: label domain 'karpenter.sh' is restricted: Karpenter or Kubernetes own labels under it. Use your own domain (e.g. example.com/team), or kops.k8s.io / node.kubernetes.io / node-restriction.kubernetes.io.",
      "clusters/demo.yaml:17:7 nodePools.p.labels.topology.kubernetes.io/zone: label domain 'kubernetes.io' is restricted: Karpenter or Kubernetes own labels under it. Use your own domain (e.g. example.com/zone), or kops.k8s.io / node.kubernetes.io / node-restriction.kubernetes.io.",
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

  it('a budget schedule without a duration', () => {
    expect(
      pool('    disruption:\n      budgets:\n        - nodes: "0"\n          schedule: "0 9 * * mon-fri"\n'),
    ).toEqual([
      'clusters/demo.yaml:16:11 nodePools.p.disruption.budgets[0].schedule: a budget with a schedule needs a duration. Add duration (e.g. 8h): how long the budget applies after each scheduled start.',
    ]);
  });

  it('budget nodes, cron and duration units', () => {
    expect(
      pool(
        '    disruption:\n      budgets:\n        - nodes: "110%"\n          schedule: "daily"\n          duration: 90s\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:15:18 nodePools.p.disruption.budgets[0].nodes: '110%' is not a node count or percentage. Write a whole number (e.g. 0 or 5) or a percentage (e.g. 10%).",
      'clusters/demo.yaml:16:21 nodePools.p.disruption.budgets[0].schedule: \'daily\' is not a schedule Karpenter can parse: expected exactly 5 fields (minute hour day-of-month month day-of-week), found 1; Karpenter would fail closed and allow no disruption under this budget at any time. Write five fields (minute 0-59, hour 0-23, day of month 1-31, month 1-12 or jan-dec, day of week 0-6 or sun-sat), in UTC, e.g. "0 9 * * mon-fri", or one of @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly.',
      "clusters/demo.yaml:17:21 nodePools.p.disruption.budgets[0].duration: '90s' is not a duration Karpenter accepts. Write whole numbers with h and m units, e.g. 8h or 30m.",
    ]);
  });

  it('shorthand maps need exactly one of in / notIn', () => {
    expect(
      pool(
        '    zones: { minValues: 2 }\n    instanceTypes: { in: [m5.large, m5.xlarge, m5.2xlarge], notIn: [c5.large] }\n',
      ),
    ).toEqual([
      'clusters/demo.yaml:13:12 nodePools.p.zones: neither in nor notIn is set. Give exactly one of in: [...] or notIn: [...].',
      'clusters/demo.yaml:14:20 nodePools.p.instanceTypes: in and notIn are both set. Give exactly one of in: [...] or notIn: [...].',
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

  it('limits must be quantities', () => {
    expect(pool('    limits:\n      cpu: lots\n')).toEqual([
      "clusters/demo.yaml:14:12 nodePools.p.limits.cpu: 'lots' is not a Kubernetes quantity. Write e.g. 100, 500m or 400Gi.",
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

  it('limits accept every Kubernetes quantity form', () => {
    expect(() =>
      loadCluster(
        `${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n    limits: { cpu: 1e3, memory: 1.5Ti, x.com/y: 500m }\n`,
      ),
    ).not.toThrow();
  });

  it('annotations over the 256 KiB Kubernetes limit', () => {
    expect(pool(`    annotations:\n      example.com/big: ${'a'.repeat(300000)}\n`)).toEqual([
      'clusters/demo.yaml:13:5 nodePools.p.annotations: annotations total 300015 bytes, more than the 262144 Kubernetes accepts. Keep annotations short; store bulk data elsewhere.',
    ]);
  });

  it('an empty taint value', () => {
    expect(pool('    taints:\n      - key: a\n        value: ""\n        effect: NoSchedule\n')).toEqual([
      'clusters/demo.yaml:15:16 nodePools.p.taints[0].value: an empty taint value is not accepted. Remove value (a taint may have only a key and an effect).',
    ]);
  });
});
