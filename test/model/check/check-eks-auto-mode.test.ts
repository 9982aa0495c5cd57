/**
 * The checks `karpenter.mode` brings (model/check/check-eks-auto-mode.ts): each error at its
 * fleet line, naming what EKS Auto Mode does instead.
 */
import { DEFAULTS, MINIMAL, errorsOf, errorsOfCluster, load, loadCluster } from '../../support/fleet-files';

const AUTO = `${MINIMAL}karpenter:
  mode: eks-auto-mode
`;
// Lines 1-6 are MINIMAL, 7-8 the mode: what a test appends starts at line 9.

const CLASS = `nodeClasses:
  private: {}
`;
const POOL = (extra: string) => `nodePools:
  web:
    nodeClass: private
    limits: { cpu: "10" }
${extra}`;

describe('karpenter.mode', () => {
  test('a misspelt mode is an error at its line with the closest name', () => {
    const errors = errorsOfCluster(`${MINIMAL}karpenter:\n  mode: eks-automode\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^clusters\/demo\.yaml:8:9 karpenter\.mode: /);
    expect(errors[0]).toContain("'eks-auto-mode'");
  });

  test('set in _defaults.yaml it applies to every cluster', () => {
    const { cluster } = loadCluster(
      `${MINIMAL}nodeClasses:\n  private:\n    alias: al2023@v20260714\n${POOL('')}`,
    );
    expect(cluster.karpenter.mode).toBe('self-managed');
    const errors = errorsOf({
      '_defaults.yaml': `${DEFAULTS}karpenter:\n  mode: eks-auto-mode\n`,
      'demo.yaml': `${MINIMAL}nodeClasses:\n  private:\n    alias: al2023@v20260714\n${POOL('')}`,
    });
    expect(errors).toEqual([
      'clusters/demo.yaml:9:5 nodeClasses.private.alias: alias is not a field of the EKS Auto Mode NodeClass: EKS Auto Mode chooses and patches the node AMI itself (no AMI selection). Remove it (karpenter.mode: eks-auto-mode).',
    ]);
  });
});

describe('an EKS Auto Mode cluster', () => {
  test('resolves: Auto Mode node role, 336h default lifetime, eks.amazonaws.com/ shorthand keys', () => {
    const { cluster } = loadCluster(
      `${AUTO}${CLASS}${POOL('    instanceCategories: [c, m]\n    instanceGenerationGreaterThan: 6\n    instanceFamilies: [c7g]\n')}`,
    );
    expect(cluster.karpenter.mode).toBe('eks-auto-mode');
    expect(cluster.iam.nodeRoleName).toBe('EKSAutoNodeRole-demo');
    const pool = cluster.nodePools[0];
    expect(pool.expireAfter).toBe('336h');
    expect(pool.requirements.map((r) => r.key)).toEqual([
      'eks.amazonaws.com/instance-category',
      'eks.amazonaws.com/instance-family',
      'eks.amazonaws.com/instance-generation',
    ]);
    expect(cluster.nodeClasses[0].autoMode).toEqual({
      podSubnetSelectorTerms: [],
      podSecurityGroupSelectorTerms: [],
      certificateBundles: [],
    });
  });

  test('expireAfter above 21 days is an error naming the limit and the default', () => {
    expect(errorsOfCluster(`${AUTO}${CLASS}${POOL('    expireAfter: 720h\n')}`)).toEqual([
      "clusters/demo.yaml:15:18 nodePools.web.expireAfter: expireAfter 720h is above the 21 days (504h) EKS Auto Mode lets a node live: Auto Mode replaces every node by then. Set expireAfter: 504h or less, or leave it out (Auto Mode's default is 336h).",
    ]);
    expect(errorsOfCluster(`${AUTO}${CLASS}${POOL('    expireAfter: Never\n')}`)[0]).toMatch(
      /^clusters\/demo\.yaml:15:18 nodePools\.web\.expireAfter: expireAfter Never is above the 21 days/,
    );
    expect(() => loadCluster(`${AUTO}${CLASS}${POOL('    expireAfter: 504h\n')}`)).not.toThrow();
  });

  test.each([
    ['userData: "#!/bin/sh"', 'userData', 'EKS Auto Mode owns the node configuration (no user data)'],
    ['kubelet: { maxPods: 50 }', 'kubelet', 'EKS Auto Mode owns the kubelet configuration'],
    [
      'amiSelectorTerms: [{ id: ami-0123456789abcdef0 }]',
      'amiSelectorTerms',
      'chooses and patches the node AMI',
    ],
    [
      'blockDeviceMappings: [{ deviceName: /dev/xvda, ebs: { volumeSize: 20Gi } }]',
      'blockDeviceMappings',
      'set ephemeralStorage (size, iops, throughput, kmsKeyID) instead',
    ],
    ['metadataOptions: { httpTokens: required }', 'metadataOptions', 'enforces IMDSv2 with a hop limit of 1'],
  ])('node class field %s is an error at its line naming what Auto Mode does', (line, field, instead) => {
    const errors = errorsOfCluster(`${AUTO}nodeClasses:\n  private:\n    ${line}\n${POOL('')}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      `clusters/demo.yaml:11:5 nodeClasses.private.${field}: ${field} is not a field of the EKS Auto Mode NodeClass`,
    );
    expect(errors[0]).toContain(instead);
  });

  test('a requirement on a karpenter.k8s.aws/ key names the eks.amazonaws.com/ key to use', () => {
    const errors = errorsOfCluster(
      `${AUTO}${CLASS}${POOL('    requirements:\n      - key: karpenter.k8s.aws/instance-cpu\n        operator: In\n        values: ["4"]\n')}`,
    );
    expect(errors).toEqual([
      "clusters/demo.yaml:16:14 nodePools.web.requirements[0].key: karpenter.k8s.aws/instance-cpu is self-managed Karpenter's label: EKS Auto Mode labels its nodes with eks.amazonaws.com/instance-cpu. Write key: eks.amazonaws.com/instance-cpu.",
    ]);
  });

  test('a karpenter.k8s.aws/ key without an Auto Mode counterpart says so', () => {
    const errors = errorsOfCluster(
      `${AUTO}${CLASS}${POOL('    requirements:\n      - key: karpenter.k8s.aws/instance-capability-flex\n        operator: Exists\n')}`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('clusters/demo.yaml:16:14 nodePools.web.requirements[0].key: ');
    expect(errors[0]).toContain('EKS Auto Mode has no counterpart');
  });

  test('an instance family or size Auto Mode does not offer is an error at the value', () => {
    const errors = errorsOfCluster(`${AUTO}${CLASS}${POOL('    instanceFamilies: [c7g, a1]\n')}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^clusters\/demo\.yaml:15:29 nodePools\.web\.instanceFamilies\[1\]: EKS Auto Mode does not launch the instance family a1 \(EKS User Guide, supported instance reference: https:\/\/docs\.aws\.amazon\.com\/eks\/latest\/userguide\/automode-learn-instances\.html#auto-supported-instances\)/,
    );
    const types = errorsOfCluster(
      `${AUTO}${CLASS}${POOL('    instanceTypes: [t3.micro, m7g.large, m7g.xlarge, c7g.large]\n')}`,
    );
    expect(types).toHaveLength(1);
    expect(types[0]).toMatch(
      /^clusters\/demo\.yaml:15:21 nodePools\.web\.instanceTypes\[0\]: EKS Auto Mode never launches micro instances \(t3\.micro\)/,
    );
  });

  test.each([
    ['nodePools', 'system', 'built-in pool'],
    ['nodePools', 'general-purpose', 'built-in pool'],
    ['nodeClasses', 'default', 'built-in NodeClass'],
  ])('a %s entry named %s collides with the built-in one', (section, name, what) => {
    const text =
      section === 'nodePools'
        ? `${AUTO}${CLASS}nodePools:\n  ${name}:\n    nodeClass: private\n    limits: { cpu: "1" }\n`
        : `${AUTO}nodeClasses:\n  ${name}: {}\nnodePools:\n  web:\n    nodeClass: ${name}\n    limits: { cpu: "1" }\n`;
    const errors = errorsOfCluster(text);
    const line = section === 'nodePools' ? 12 : 10;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`clusters/demo.yaml:${line}:3 ${section}.${name}: `);
    expect(errors[0]).toContain(what);
  });

  test('controller settings in the cluster file have no Auto Mode meaning; in _defaults.yaml they are fleet-wide', () => {
    const errors = errorsOfCluster(
      `${AUTO}  featureGates: { spotToSpotConsolidation: true }\n${CLASS}${POOL('')}`,
    );
    expect(errors).toEqual([
      "clusters/demo.yaml:9:3 karpenter.featureGates: karpenter.featureGates has no meaning with karpenter.mode: eks-auto-mode: EKS decides the Karpenter features of Auto Mode: there are no feature gates to set. Remove it from this cluster's file (or set karpenter.mode: self-managed).",
    ]);
    const fleet = load({
      '_defaults.yaml': `${DEFAULTS}karpenter:\n  controller: { replicas: 3 }\n`,
      'demo.yaml': `${AUTO}${CLASS}${POOL('')}`,
    }).fleet;
    expect(fleet.clusters[0].karpenter.mode).toBe('eks-auto-mode');
  });

  test('operatingSystems is an error: Auto Mode runs Linux only', () => {
    const errors = errorsOfCluster(`${AUTO}${CLASS}${POOL('    operatingSystems: [linux]\n')}`);
    expect(errors).toEqual([
      'clusters/demo.yaml:15:5 nodePools.web.operatingSystems: EKS Auto Mode runs Linux nodes only and does not support the kubernetes.io/os label in requirements. Remove operatingSystems.',
    ]);
  });
});

describe('a self-managed cluster', () => {
  test('an Auto Mode-only node class field is an error at its line', () => {
    const errors = errorsOfCluster(
      `${MINIMAL}nodeClasses:\n  default:\n    alias: al2023@v20260714\n    ephemeralStorage: { size: 80Gi }\n`,
    );
    expect(errors).toEqual([
      'clusters/demo.yaml:10:5 nodeClasses.default.ephemeralStorage: ephemeralStorage is a field of the EKS Auto Mode NodeClass, but this cluster runs self-managed Karpenter (an EC2NodeClass). Use blockDeviceMappings (volumeSize, kmsKeyID, ...) in an EC2NodeClass, or set karpenter.mode: eks-auto-mode.',
    ]);
  });
});
