import { errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) => `${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`;

describe('label keys in reserved domains', () => {
  it('a typo in a restricted-domain requirement key is an error at its fleet line, with a did-you-mean', () => {
    const errors = errorsOfCluster(
      pool(
        '    requirements:\n      - key: karpenter.k8s.aws/instanckube-family\n        operator: In\n        values: [m5]\n',
      ),
    );
    expect(errors).toEqual([
      "clusters/demo.yaml:14:9 nodePools.p.requirements[0].key: 'karpenter.k8s.aws/instanckube-family' is in the label domain karpenter.k8s.aws, which Karpenter 1.14.1 and Kubernetes reserve, but is no label they know, so the requirement matches no node. Did you mean 'karpenter.k8s.aws/instance-family'?",
    ]);
  });

  it('kubernetes.io keys: a near-miss is an error; custom keys elsewhere and in open subdomains stay allowed', () => {
    const errors = errorsOfCluster(
      pool(
        '    requirements:\n      - key: topology.kubernetes.io/zon\n        operator: Exists\n      - key: example.com/team\n        operator: Exists\n      - key: node.kubernetes.io/role\n        operator: Exists\n      - key: node.kubernetes.io/instance-typ\n        operator: Exists\n',
      ),
    );
    expect(errors).toEqual([
      "clusters/demo.yaml:14:9 nodePools.p.requirements[0].key: 'topology.kubernetes.io/zon' is in the label domain kubernetes.io, which Karpenter 1.14.1 and Kubernetes reserve, but is no label they know, so the requirement matches no node. Did you mean 'topology.kubernetes.io/zone'?",
      "clusters/demo.yaml:20:9 nodePools.p.requirements[3].key: 'node.kubernetes.io/instance-typ' is in the label domain kubernetes.io, which Karpenter 1.14.1 and Kubernetes reserve, but is no label they know, so the requirement matches no node. Did you mean 'node.kubernetes.io/instance-type'?",
    ]);
  });

  it('known keys of both domains pass', () => {
    const { cluster, warnings } = loadCluster(
      pool(
        '    requirements:\n      - key: karpenter.k8s.aws/instance-gpu-count\n        operator: DoesNotExist\n      - key: topology.k8s.aws/zone-id\n        operator: Exists\n',
      ),
    );
    expect(cluster.nodePools.map((p) => p.name)).toEqual(['p']);
    expect(warnings).toEqual([]);
  });
});
