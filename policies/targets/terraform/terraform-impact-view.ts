/**
 * How `impact` reads the Terraform module: `resource.<type>.<name>` by address `<type>.<name>`,
 * every other top-level block (`output`, `terraform`, ...) as a section, and the arguments whose
 * change makes Terraform destroy and create the resource (the hashicorp/aws provider marks them
 * ForceNew: "Forces new resource" in its documentation; internal/service/<service>/<resource>.go).
 */
import { AwsArea, ImpactResource, ImpactView, isRecord } from '../impact-view';

const FORCES_NEW: Readonly<Record<string, readonly string[]>> = {
  aws_iam_role: ['name', 'name_prefix', 'path'],
  aws_iam_policy: ['name', 'name_prefix', 'path'],
  aws_iam_instance_profile: ['name', 'name_prefix', 'path'],
  aws_iam_role_policy_attachment: ['role', 'policy_arn'],
  aws_iam_service_linked_role: ['aws_service_name', 'custom_suffix'],
  aws_sqs_queue: ['name', 'name_prefix', 'fifo_queue'],
  aws_sqs_queue_policy: ['queue_url'],
  aws_cloudwatch_event_rule: ['name', 'name_prefix', 'event_bus_name'],
  aws_cloudwatch_event_target: ['rule', 'target_id', 'event_bus_name'],
  aws_eks_access_entry: ['cluster_name', 'principal_arn', 'type'],
  aws_eks_pod_identity_association: ['cluster_name', 'namespace', 'service_account'],
};

/** `type.name` of a managed resource inside an interpolation (`data.` sources are not resources). */
const RESOURCE_REFERENCE = /(?<![\w.])([a-z][a-z0-9]*_[a-z0-9_]+)\.([A-Za-z_][A-Za-z0-9_-]*)/g;

/**
 * A replaced resource's attributes are unknown until it is created again, so an argument that
 * interpolates them is planned as changed: replaced where the argument is ForceNew, updated in
 * place otherwise (Terraform docs, "Resource Behavior", and `terraform plan`'s "forces replacement").
 */
function referencesIn(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const refs: string[] = [];
  for (const interpolation of value.matchAll(/\$\{([^}]*)\}/g))
    for (const m of interpolation[1].matchAll(RESOURCE_REFERENCE)) refs.push(`${m[1]}.${m[2]}`);
  return refs;
}

function areaOf(type: string): AwsArea {
  if (type.startsWith('aws_iam_') || type.startsWith('aws_eks_')) return 'IAM';
  if (type.startsWith('aws_sqs_') || type.startsWith('aws_cloudwatch_event_') || type.startsWith('aws_kms_'))
    return 'Interruption';
  return 'Other';
}

export const terraformImpactView: ImpactView = {
  read: (module) => {
    const resources: Record<string, ImpactResource> = {};
    const sections: Record<string, unknown> = {};
    if (!isRecord(module)) return { resources, sections };
    for (const [key, value] of Object.entries(module)) {
      if (key !== 'resource') sections[key] = value;
      else if (isRecord(value))
        for (const [type, byName] of Object.entries(value))
          if (isRecord(byName))
            for (const [name, body] of Object.entries(byName)) resources[`${type}.${name}`] = { type, body };
    }
    return { resources, sections };
  },
  replacing: FORCES_NEW,
  areaOf,
  roleName: (r) =>
    r.type === 'aws_iam_role' && isRecord(r.body) && typeof r.body.name === 'string'
      ? r.body.name
      : undefined,
  referencesIn,
  orderingOnly: ['depends_on', 'lifecycle'],
  replacingPhrase: 'is ForceNew',
  fieldLabel: (path) => path,
};
