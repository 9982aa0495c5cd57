/**
 * The names a Terraform module in JSON syntax creates, for the cross-artifact checks: literal
 * strings only (an interpolation such as `${var.name}` is not knowable without Terraform, so it is
 * left out, as CloudFormation's unresolvable intrinsics are).
 */
import { AwsSideFacts, emptyFacts, isRecord } from '../aws-side-facts';

function literalString(v: unknown): string | undefined {
  if (typeof v !== 'string' || /(^|[^$])\$\{|(^|[^%])%\{/.test(v)) return undefined;
  return v.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{');
}

/** `resource.<type>` as a list of blocks (Terraform JSON allows one object or an array of them per name). */
function blocksOf(resource: Record<string, unknown>, type: string): Record<string, unknown>[] {
  const byName = resource[type];
  if (!isRecord(byName)) return [];
  return Object.values(byName)
    .flatMap((b) => (Array.isArray(b) ? b : [b]))
    .filter(isRecord);
}

export function terraformFacts(module: unknown): AwsSideFacts {
  const facts = emptyFacts('Terraform');
  const resource = isRecord(module) && isRecord(module.resource) ? module.resource : undefined;
  if (!resource) return facts;
  const add = (set: Set<string>, v: unknown) => {
    const s = literalString(v);
    if (s !== undefined) set.add(s);
  };
  for (const b of [
    ...blocksOf(resource, 'aws_eks_access_entry'),
    ...blocksOf(resource, 'aws_eks_pod_identity_association'),
  ])
    add(facts.clusterNames, b.cluster_name);
  for (const b of blocksOf(resource, 'aws_sqs_queue')) add(facts.queueNames, b.name);
  for (const b of blocksOf(resource, 'aws_iam_role'))
    if (JSON.stringify(b.assume_role_policy ?? '').includes('ec2.amazonaws.com'))
      add(facts.nodeRoleNames, b.name);
  for (const b of blocksOf(resource, 'aws_iam_instance_profile')) add(facts.instanceProfileNames, b.name);
  return facts;
}
