/**
 * The names an ACK manifest (the `ack` target's dist/<cluster>/ack/karpenter.yaml, a list of
 * objects) creates, for the cross-artifact checks: the EKS cluster of its access entries and Pod
 * Identity associations, its queues, the roles EC2 assumes (node roles) and its instance profiles.
 */
import { AwsSideFacts, emptyFacts, isRecord } from '../aws-side-facts';

export function ackFacts(objects: unknown): AwsSideFacts {
  const facts = emptyFacts('AWS Controllers for Kubernetes');
  if (!Array.isArray(objects)) return facts;
  const add = (set: Set<string>, v: unknown) => {
    if (typeof v === 'string') set.add(v);
  };
  for (const o of objects) {
    if (!isRecord(o) || !isRecord(o.spec) || typeof o.apiVersion !== 'string') continue;
    const group = o.apiVersion.split('/')[0];
    const spec = o.spec;
    if (group === 'eks.services.k8s.aws' && (o.kind === 'AccessEntry' || o.kind === 'PodIdentityAssociation'))
      add(facts.clusterNames, spec.clusterName);
    else if (group === 'sqs.services.k8s.aws' && o.kind === 'Queue') add(facts.queueNames, spec.queueName);
    else if (group === 'iam.services.k8s.aws' && o.kind === 'InstanceProfile')
      add(facts.instanceProfileNames, spec.name);
    else if (
      group === 'iam.services.k8s.aws' &&
      o.kind === 'Role' &&
      typeof spec.assumeRolePolicyDocument === 'string' &&
      spec.assumeRolePolicyDocument.includes('ec2.amazonaws.com')
    )
      add(facts.nodeRoleNames, spec.name);
  }
  return facts;
}
