import { awsSideModel } from '../../../policies/aws-side';
import { ackObjects } from '../../../policies/targets/ack/ack-manifests';
import { ackFacts } from '../../../validation/ack/ack-facts';
import { clusterModel } from '../../policies/fixtures';

describe('ackFacts', () => {
  it('reads the cluster, queue, node role and instance profile an ACK manifest creates', () => {
    const c = clusterModel({ name: 'shop', aws: { managedBy: 'ack' }, iam: { createInstanceProfile: true } });
    const facts = ackFacts(JSON.parse(JSON.stringify(ackObjects(c, awsSideModel(c)))));
    expect(facts.title).toBe('AWS Controllers for Kubernetes');
    expect([...facts.clusterNames]).toEqual(['shop']);
    expect([...facts.queueNames]).toEqual(['shop']);
    expect([...facts.nodeRoleNames]).toEqual(['KarpenterNodeRole-shop']);
    expect([...facts.instanceProfileNames]).toEqual(['KarpenterNodeRole-shop']);
  });

  it('ignores what is not an ACK object of those kinds', () => {
    const facts = ackFacts([
      null,
      { apiVersion: 'v1', kind: 'ConfigMap', spec: { name: 'x' } },
      { apiVersion: 'sqs.services.k8s.aws/v1alpha1', kind: 'Queue', spec: { queueName: 7 } },
    ]);
    expect(facts.queueNames.size + facts.nodeRoleNames.size + facts.clusterNames.size).toBe(0);
    expect(ackFacts('not a list').queueNames.size).toBe(0);
  });
});
