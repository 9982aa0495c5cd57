import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) => `${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`;

describe('zone checks', () => {
  it('a zone of another region', () => {
    expect(errorsOfCluster(pool('    zones: [eu-west-1a, us-east-1a]\n'))).toEqual([
      "clusters/demo.yaml:13:25 nodePools.p.zones[1]: zone 'us-east-1a' is in region us-east-1, but this cluster is in eu-west-1. Write a zone of eu-west-1: the region followed by a zone letter, e.g. eu-west-1a.",
    ]);
  });

  it('a zone ID where zone names belong, and a name that is no zone', () => {
    expect(errorsOfCluster(pool('    zones: { notIn: [euw1-az1, euwest-1b] }\n'))).toEqual([
      "clusters/demo.yaml:13:22 nodePools.p.zones.notIn[0]: 'euw1-az1' is a zone ID, but zones.notIn takes zone names. Write the zone name (e.g. eu-west-1a), or put zone IDs in a requirement on topology.k8s.aws/zone-id.",
      "clusters/demo.yaml:13:32 nodePools.p.zones.notIn[1]: 'euwest-1b' is not a zone of region eu-west-1. Write a zone of eu-west-1: the region followed by a zone letter, e.g. eu-west-1a.",
    ]);
  });

  it('raw requirements on zone names and zone IDs', () => {
    const body =
      '    requirements:\n      - key: topology.kubernetes.io/zone\n        operator: In\n        values: [ap-northeast-2a]\n      - key: topology.k8s.aws/zone-id\n        operator: In\n        values: [euw1-az3, use1-az1, eu-west-1a]\n';
    expect(errorsOfCluster(pool(body))).toEqual([
      "clusters/demo.yaml:16:18 nodePools.p.requirements[0].values[0]: zone 'ap-northeast-2a' is in region ap-northeast-2, but this cluster is in eu-west-1. Write a zone of eu-west-1: the region followed by a zone letter, e.g. eu-west-1a.",
      "clusters/demo.yaml:19:28 nodePools.p.requirements[1].values[1]: zone ID 'use1-az1' is in region us-east-1, but this cluster is in eu-west-1. Write a zone ID of eu-west-1, e.g. euw1-az1 (aws ec2 describe-availability-zones lists them).",
      "clusters/demo.yaml:19:38 nodePools.p.requirements[1].values[2]: 'eu-west-1a' is not a zone ID of region eu-west-1. Write a zone ID of eu-west-1, e.g. euw1-az1 (aws ec2 describe-availability-zones lists them).",
    ]);
  });

  it('accepts zones, Local Zones and zone IDs of the region', () => {
    const body =
      '    zones: [eu-west-1a, eu-west-1c]\n    requirements:\n      - key: topology.k8s.aws/zone-id\n        operator: NotIn\n        values: [euw1-az2]\n';
    expect(loadCluster(pool(body)).warnings).toEqual([]);
  });

  it('does not check zones against a region that is itself wrong', () => {
    const text = pool('    zones: [eu-west-1a]\n').replace('region: eu-west-1', 'region: eu-wst-1');
    expect(errorsOfCluster(text)).toHaveLength(1);
  });
});
