/** The names a CloudFormation template creates, for the cross-artifact checks. */
import { AwsSideFacts, emptyFacts, isRecord } from '../aws-side-facts';

/** A literal string, a Ref to a parameter with a Default, or undefined (not knowable statically). */
function cfnString(v: unknown, params: Record<string, unknown>): string | undefined {
  if (typeof v === 'string') return v;
  if (isRecord(v) && typeof v.Ref === 'string') {
    const p = params[v.Ref];
    const d = isRecord(p) ? p.Default : undefined;
    return typeof d === 'string' ? d : undefined;
  }
  if (isRecord(v) && typeof v['Fn::Sub'] === 'string' && !v['Fn::Sub'].includes('${')) return v['Fn::Sub'];
  return undefined;
}

function trustsEc2(props: Record<string, unknown>): boolean {
  return JSON.stringify(props.AssumeRolePolicyDocument ?? '').includes('ec2.amazonaws.com');
}

export function cloudFormationFacts(template: unknown): AwsSideFacts {
  const facts = emptyFacts('CloudFormation');
  const resources = isRecord(template) ? template.Resources : undefined;
  const params = isRecord(template) && isRecord(template.Parameters) ? template.Parameters : {};
  if (!isRecord(resources)) return facts;
  for (const r of Object.values(resources)) {
    if (!isRecord(r)) continue;
    const props = isRecord(r.Properties) ? r.Properties : {};
    const add = (set: Set<string>, v: unknown) => {
      const s = cfnString(v, params);
      if (s !== undefined) set.add(s);
    };
    switch (r.Type) {
      case 'AWS::EKS::AccessEntry':
      case 'AWS::EKS::PodIdentityAssociation':
        add(facts.clusterNames, props.ClusterName);
        break;
      case 'AWS::SQS::Queue':
        add(facts.queueNames, props.QueueName);
        break;
      case 'AWS::IAM::Role':
        if (trustsEc2(props)) add(facts.nodeRoleNames, props.RoleName);
        break;
      case 'AWS::IAM::InstanceProfile':
        add(facts.instanceProfileNames, props.InstanceProfileName);
        break;
    }
  }
  return facts;
}
