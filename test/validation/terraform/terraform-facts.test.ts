import { terraformFacts } from '../../../validation/terraform/terraform-facts';

describe('terraformFacts', () => {
  it('reads literal names, skips interpolated ones, unescapes $${ and takes the array form of blocks', () => {
    const facts = terraformFacts({
      resource: {
        aws_iam_role: {
          node: { name: 'nodes', assume_role_policy: '{"Principal":{"Service":"ec2.amazonaws.com"}}' },
          controller: {
            name: 'controller',
            assume_role_policy: '{"Principal":{"Service":"pods.eks.amazonaws.com"}}',
          },
          other: [{ name: '${var.role}', assume_role_policy: 'ec2.amazonaws.com' }],
        },
        aws_sqs_queue: { q: [{ name: 'a$${b}' }] },
        aws_iam_instance_profile: { node: { name: 'profile' } },
        aws_eks_access_entry: { node: { cluster_name: 'shop' } },
        aws_eks_pod_identity_association: { controller: { cluster_name: '${local.cluster}' } },
      },
    });
    expect(facts.title).toBe('Terraform');
    expect([...facts.nodeRoleNames]).toEqual(['nodes']);
    expect([...facts.queueNames]).toEqual(['a${b}']);
    expect([...facts.instanceProfileNames]).toEqual(['profile']);
    expect([...facts.clusterNames]).toEqual(['shop']);
  });

  it('reads nothing from a value without resources', () => {
    for (const v of [undefined, null, [], 'x', { resource: [] }]) {
      const f = terraformFacts(v);
      expect([
        f.clusterNames.size,
        f.queueNames.size,
        f.nodeRoleNames.size,
        f.instanceProfileNames.size,
      ]).toEqual([0, 0, 0, 0]);
    }
  });
});
