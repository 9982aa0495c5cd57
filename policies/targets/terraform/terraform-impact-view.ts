/**
 * How `impact` reads the Terraform module: `resource.<type>.<name>` by address `<type>.<name>`,
 * every other top-level block (`output`, `terraform`, ...) as a section, and the arguments whose
 * change makes Terraform destroy and create the resource (the hashicorp/aws provider marks them
 * ForceNew: "Forces new resource" in its documentation; internal/service/<service>/<resource>.go).
 */
import { AwsArea, ImpactResource, ImpactView, isRecord } from '../impact-view';

/**
 * ForceNew arguments of the types the generator emits. Typed here because the pinned schema
 * (imports/terraform/aws-provider-schema.ts, read from the provider's prebuilt bindings) does not
 * encode ForceNew: neither the bindings nor `terraform providers schema -json` carry it. Each line
 * names the provider source file (hashicorp/terraform-provider-aws, the pinned 6.66.0 line) whose
 * schema marks the arguments `ForceNew: true`; arguments not listed (aws_iam_instance_profile
 * `role`, aws_cloudwatch_event_target `arn`, aws_eks_pod_identity_association `role_arn`, policy
 * documents) are updated in place.
 */
const FORCES_NEW: Readonly<Record<string, readonly string[]>> = {
  // internal/service/iam/role.go
  aws_iam_role: ['name', 'name_prefix', 'path'],
  // internal/service/iam/policy.go
  aws_iam_policy: ['name', 'name_prefix', 'path'],
  // internal/service/iam/instance_profile.go (`role` is Optional only: RemoveRole/AddRoleToInstanceProfile on update)
  aws_iam_instance_profile: ['name', 'name_prefix', 'path'],
  // internal/service/iam/role_policy_attachment.go (no Update at all: both arguments ForceNew)
  aws_iam_role_policy_attachment: ['role', 'policy_arn'],
  // internal/service/iam/service_linked_role.go
  aws_iam_service_linked_role: ['aws_service_name', 'custom_suffix'],
  // internal/service/sqs/queue.go
  aws_sqs_queue: ['name', 'name_prefix', 'fifo_queue'],
  // internal/service/sqs/queue_policy.go
  aws_sqs_queue_policy: ['queue_url'],
  // internal/service/events/rule.go
  aws_cloudwatch_event_rule: ['name', 'name_prefix', 'event_bus_name'],
  // internal/service/events/target.go (`arn` is Required, not ForceNew)
  aws_cloudwatch_event_target: ['rule', 'target_id', 'event_bus_name'],
  // internal/service/eks/access_entry.go
  aws_eks_access_entry: ['cluster_name', 'principal_arn', 'type'],
  // internal/service/eks/pod_identity_association.go (`role_arn` updates in place)
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
