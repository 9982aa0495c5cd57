/**
 * The Terraform renderer of the neutral AWS side (policies/aws-side.ts): one module in
 * Terraform's JSON syntax (`karpenter.tf.json`), used from the team's own root as
 * `module "karpenter_shop" { source = "./dist/shop/terraform" }`.
 *
 * Module conventions (Terraform's "Module Development" guidance): the module declares the
 * providers it needs in `terraform.required_providers` and configures none, so the root's
 * `provider "aws"` (region, credentials, assume_role, default_tags) applies, and the root may
 * use `count`/`for_each`/`depends_on` on the module. Every value comes from the fleet: no
 * variables; every ARN inside the policies is literal, so IAM stores exactly the documents the
 * policy scenarios proved (the same objects the CloudFormation template holds).
 *
 * Addresses are fixed names per part (`aws_iam_role.node`, `aws_iam_policy.controller_node_lifecycle`,
 * ...) and never derived from values a fleet change may rename, so regenerating never moves state.
 */
import { createHash } from 'crypto';
import { AWS_PROVIDER_CONSTRAINT, AWS_PROVIDER_SOURCE } from '../../../imports/terraform/aws-provider-schema';
import { ClusterModel, UserError } from '../../../model';
import { AwsSideModel, AwsTag, ManagedPolicySpec, QueueSpec, RoleSpec, RuleSpec } from '../../aws-side';
import { PolicyDocument, PolicyStatement } from '../../policy-document';
import { nameProblems } from '../../names';

/**
 * The hashicorp/aws versions the module requires: the range of the provider schema the module is
 * checked against (imports/terraform/, pinned by `npm run import`), so what is required is what was tested.
 */
export const AWS_PROVIDER = { source: AWS_PROVIDER_SOURCE, version: AWS_PROVIDER_CONSTRAINT } as const;
/** Terraform versions that read the module (JSON syntax, `required_providers` with `source`). */
export const TERRAFORM_VERSION = '>= 1.3';

export type TfValue = string | number | boolean | readonly TfValue[] | { readonly [key: string]: TfValue };
export type TfBlock = Readonly<Record<string, TfValue>>;

export interface TerraformModule {
  readonly '//': string;
  readonly terraform: TfBlock;
  readonly data: Readonly<Record<string, Readonly<Record<string, TfBlock>>>>;
  readonly resource: Readonly<Record<string, Readonly<Record<string, TfBlock>>>>;
  readonly output: Readonly<Record<string, TfBlock>>;
}

/**
 * A literal string in Terraform's JSON syntax: every string is a template there, so `${` and
 * `%{` in a value are escaped as `$${` and `%%{`.
 */
export function literal(text: string): string {
  return text.replace(/\$\{/g, () => '$${').replace(/%\{/g, () => '%%{');
}

/** `${<address>.<attribute>}`: a reference to another resource of the module. */
function reference(address: string, attribute: string): string {
  return `\${${address}.${attribute}}`;
}

/** A policy document as the JSON string the provider takes (`policy`, `assume_role_policy`). */
export function policyJson(doc: PolicyDocument | readonly PolicyStatement[]): string {
  return literal(JSON.stringify(doc));
}

function snake(camel: string): string {
  return camel
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

function tags(list: readonly AwsTag[]): TfBlock {
  return Object.fromEntries(list.map((t) => [literal(t.key), literal(t.value)]));
}

/** Resource names of the parts: fixed, so addresses never change. */
export const TF_NAMES = {
  nodeRole: 'node',
  controllerRole: 'controller',
  accessEntry: 'node',
  /** `aws_eks_access_policy_association.node_AmazonEKSAutoNodePolicy` */
  accessPolicyAssociation: (policyArn: string) =>
    `node_${policyArn.slice(policyArn.lastIndexOf('/') + 1).replace(/[^A-Za-z0-9_-]/g, '_')}`,
  instanceProfile: 'node',
  podIdentityAssociation: 'controller',
  queue: 'interruption',
  spotServiceLinkedRole: 'spot',
  /** `aws_iam_policy.controller_node_lifecycle` */
  policy: (p: Pick<ManagedPolicySpec, 'kind'>) => `controller_${snake(p.kind)}`,
  /** `aws_cloudwatch_event_rule.spot_interruption` */
  rule: (r: Pick<RuleSpec, 'kind'>) => snake(r.kind),
  /** `aws_iam_role_policy_attachment.node_AmazonEKS_CNI_Policy`, `..._111122223333_team_Extra` */
  policyArnAttachment: (role: string, arn: string) => {
    const m = /^arn:[^:]+:iam::([^:]*):policy\/(.+)$/.exec(arn);
    const name = m ? (m[1] === 'aws' ? m[2] : `${m[1]}_${m[2]}`) : arn;
    return `${role}_${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  },
} as const;

const TYPES = {
  role: 'aws_iam_role',
  policy: 'aws_iam_policy',
  attachment: 'aws_iam_role_policy_attachment',
  instanceProfile: 'aws_iam_instance_profile',
  accessEntry: 'aws_eks_access_entry',
  accessPolicyAssociation: 'aws_eks_access_policy_association',
  podIdentity: 'aws_eks_pod_identity_association',
  queue: 'aws_sqs_queue',
  queuePolicy: 'aws_sqs_queue_policy',
  rule: 'aws_cloudwatch_event_rule',
  target: 'aws_cloudwatch_event_target',
  serviceLinkedRole: 'aws_iam_service_linked_role',
} as const;

class Resources {
  readonly byType: Record<string, Record<string, TfBlock>> = {};
  has(type: string, name: string): boolean {
    return this.byType[type]?.[name] !== undefined;
  }
  add(type: string, name: string, block: TfBlock): string {
    const of = (this.byType[type] ??= {});
    if (of[name] !== undefined) throw new Error(`terraform: ${type}.${name} generated twice`);
    of[name] = block;
    return `${type}.${name}`;
  }
}

/** The data sources the place check reads: who and where the root's provider is. */
const PLACE = {
  account: 'data.aws_caller_identity.current.account_id',
  region: 'data.aws_region.current.region',
  partition: 'data.aws_partition.current.partition',
} as const;

/**
 * Every ARN in the policies is literal, for one account, region and partition: applied with a
 * provider configured for another, the roles would exist and grant nothing. A precondition on
 * each role makes `terraform plan` fail instead, naming what the root must configure.
 */
function placeCheck(side: AwsSideModel): TfBlock {
  return {
    precondition: [
      {
        condition: `\${${PLACE.account} == "${side.accountId}" && ${PLACE.region} == "${side.region}" && ${PLACE.partition} == "${side.partition}"}`,
        error_message: literal(
          `This module is generated for EKS cluster ${side.cluster} in account ${side.accountId}, region ${side.region} (partition ${side.partition}): configure the root's provider "aws" for them.`,
        ),
      },
    ],
  };
}

function role(
  out: Resources,
  r: RoleSpec,
  tfName: string,
  side: AwsSideModel,
  policyAddress: Map<string, string>,
  lifecycle: TfBlock,
) {
  const address = out.add(TYPES.role, tfName, {
    lifecycle,
    name: literal(r.name),
    description: literal(r.description),
    path: literal(r.path),
    assume_role_policy: policyJson(r.trust),
    ...(r.permissionsBoundaryArn !== undefined
      ? { permissions_boundary: literal(r.permissionsBoundaryArn) }
      : {}),
    tags: tags(side.tags),
  });
  for (const arn of r.policyArns) {
    const name = TF_NAMES.policyArnAttachment(tfName, arn);
    // Two ARNs whose names read alike once made addressable (`a/b`, `a_b`): the later one, in the
    // role's sorted order, takes a suffix from its ARN, so both addresses stay stable.
    const free = out.has(TYPES.attachment, name)
      ? `${name}_${createHash('sha256').update(arn).digest('hex').slice(0, 8)}`
      : name;
    out.add(TYPES.attachment, free, { role: reference(address, 'name'), policy_arn: literal(arn) });
  }
  for (const id of r.policyIds) {
    const policy = policyAddress.get(id);
    if (policy === undefined) throw new Error(`terraform: role ${r.id} names unknown policy ${id}`);
    out.add(TYPES.attachment, policy.slice(TYPES.policy.length + 1), {
      role: reference(address, 'name'),
      policy_arn: reference(policy, 'arn'),
    });
  }
  return address;
}

function sortedKeys<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((k) => [k, record[k]]),
  );
}

/**
 * The interruption queue, its policy, and the EventBridge rules that feed it (self-managed Karpenter
 * only); returns the queue's address.
 */
function queueResources(out: Resources, side: AwsSideModel, q: QueueSpec): string {
  const queue = out.add(TYPES.queue, TF_NAMES.queue, {
    name: literal(q.name),
    message_retention_seconds: q.messageRetentionSeconds,
    ...(q.kmsKeyArn !== undefined
      ? { kms_master_key_id: literal(q.kmsKeyArn) }
      : { sqs_managed_sse_enabled: true }),
    tags: tags(side.tags),
  });
  out.add(TYPES.queuePolicy, TF_NAMES.queue, {
    queue_url: reference(queue, 'url'),
    policy: policyJson(q.policy),
  });
  for (const r of side.rules) {
    if (r.queueId !== q.id) throw new Error(`terraform: rule ${r.id} targets unknown queue ${r.queueId}`);
    const rule = out.add(TYPES.rule, TF_NAMES.rule(r), {
      name: literal(r.name),
      description: literal(r.description),
      state: 'ENABLED',
      event_pattern: literal(JSON.stringify(r.eventPattern)),
      tags: tags(side.tags),
    });
    out.add(TYPES.target, TF_NAMES.rule(r), {
      rule: reference(rule, 'name'),
      target_id: literal(r.targetId),
      arn: reference(queue, 'arn'),
    });
  }
  return queue;
}

/** The module's outputs: what the cluster's Helm values and node classes need from it, and key policy statements to add. */
function moduleOutputs(
  side: AwsSideModel,
  at: {
    readonly controllerRole?: string;
    readonly nodeRole: string;
    readonly queue?: string;
    readonly instanceProfile?: string;
  },
): Record<string, TfBlock> {
  const { controllerRole, nodeRole, queue, instanceProfile } = at;
  const output: Record<string, TfBlock> = {
    ...(controllerRole !== undefined
      ? {
          controller_role_arn: {
            description:
              'Controller role ARN (IRSA annotation eks.amazonaws.com/role-arn, or the Pod Identity association)',
            value: reference(controllerRole, 'arn'),
          },
          controller_role_name: {
            description: 'Controller role name',
            value: reference(controllerRole, 'name'),
          },
        }
      : {}),
    ...(queue !== undefined
      ? {
          interruption_queue_arn: { description: 'Interruption queue ARN', value: reference(queue, 'arn') },
          interruption_queue_name: {
            description: 'Interruption queue name (settings.interruptionQueue)',
            value: reference(queue, 'name'),
          },
        }
      : {}),
    node_role_arn: { description: 'Node role ARN', value: reference(nodeRole, 'arn') },
    node_role_name: {
      description: `Node role name (${side.mode === 'eks-auto-mode' ? 'NodeClass' : 'EC2NodeClass'} spec.role)`,
      value: reference(nodeRole, 'name'),
    },
  };
  if (instanceProfile)
    output.node_instance_profile_name = {
      description: 'Instance profile of the node role (EC2NodeClass spec.instanceProfile)',
      value: reference(instanceProfile, 'name'),
    };
  if (side.keyPolicies.queue)
    output.interruption_queue_key_policy_statement = {
      description: `Add this statement to the key policy of ${literal(side.keyPolicies.queue.keyArn)}, or EventBridge cannot deliver to the queue`,
      value: literal(JSON.stringify(side.keyPolicies.queue.statement)),
    };
  if (side.keyPolicies.volumes)
    output.volume_key_policy_statements = {
      description: `Add these statements to the key policy of every customer KMS key node volumes use (${side.keyPolicies.volumes.keyArns.map(literal).join(', ')})${side.controllerRole !== undefined ? ', after the controller role exists' : ''}, or EC2 cannot create the volumes`,
      value: policyJson(side.keyPolicies.volumes.statements),
    };
  return output;
}

/** The module of a neutral AWS side. */
export function renderTerraform(side: AwsSideModel): TerraformModule {
  const out = new Resources();
  const policyAddress = new Map<string, string>();
  for (const p of side.controllerPolicies)
    policyAddress.set(
      p.id,
      out.add(TYPES.policy, TF_NAMES.policy(p), {
        name: literal(p.name),
        description: literal(p.description),
        path: literal(p.path),
        policy: policyJson(p.document),
        tags: tags(side.tags),
      }),
    );
  const nodeRole = role(out, side.nodeRole, TF_NAMES.nodeRole, side, policyAddress, placeCheck(side));
  const controllerRole =
    side.controllerRole === undefined
      ? undefined
      : role(out, side.controllerRole, TF_NAMES.controllerRole, side, policyAddress, placeCheck(side));
  const roleAddress = new Map([[side.nodeRole.id, nodeRole]]);
  if (side.controllerRole !== undefined && controllerRole !== undefined)
    roleAddress.set(side.controllerRole.id, controllerRole);
  const roleOf = (id: string) => {
    const a = roleAddress.get(id);
    if (a === undefined) throw new Error(`terraform: unknown role ${id}`);
    return a;
  };
  const accessEntry = out.add(TYPES.accessEntry, TF_NAMES.accessEntry, {
    cluster_name: literal(side.accessEntry.clusterName),
    principal_arn: reference(roleOf(side.accessEntry.roleId), 'arn'),
    type: side.accessEntry.type,
    tags: tags(side.tags),
  });
  for (const association of side.accessEntry.accessPolicies)
    out.add(TYPES.accessPolicyAssociation, TF_NAMES.accessPolicyAssociation(association.policyArn), {
      cluster_name: reference(accessEntry, 'cluster_name'),
      principal_arn: reference(accessEntry, 'principal_arn'),
      policy_arn: literal(association.policyArn),
      access_scope: { type: association.scope },
    });
  let instanceProfile: string | undefined;
  if (side.instanceProfile)
    instanceProfile = out.add(TYPES.instanceProfile, TF_NAMES.instanceProfile, {
      name: literal(side.instanceProfile.name),
      path: literal(side.instanceProfile.path),
      role: reference(roleOf(side.instanceProfile.roleId), 'name'),
      tags: tags(side.tags),
    });
  if (side.podIdentityAssociation)
    out.add(TYPES.podIdentity, TF_NAMES.podIdentityAssociation, {
      cluster_name: literal(side.podIdentityAssociation.clusterName),
      namespace: literal(side.podIdentityAssociation.namespace),
      service_account: literal(side.podIdentityAssociation.serviceAccount),
      role_arn: reference(roleOf(side.podIdentityAssociation.roleId), 'arn'),
      tags: tags(side.tags),
    });
  const queue = side.queue === undefined ? undefined : queueResources(out, side, side.queue);
  if (side.spotServiceLinkedRole)
    out.add(TYPES.serviceLinkedRole, TF_NAMES.spotServiceLinkedRole, {
      aws_service_name: side.spotServiceLinkedRole.serviceName,
      description: literal(side.spotServiceLinkedRole.description),
      tags: tags(side.tags),
    });

  const output = moduleOutputs(side, { controllerRole, nodeRole, queue, instanceProfile });
  return {
    '//':
      (side.mode === 'eks-auto-mode'
        ? `EKS Auto Mode nodes of EKS cluster ${side.cluster} (${side.accountId}, ${side.region}): node role and its access entry. `
        : `Karpenter ${side.karpenterVersion} on EKS cluster ${side.cluster} (${side.accountId}, ${side.region}): IAM roles and policies, ` +
          `interruption queue and rules. `) +
      `Generated by karpenter-gitops from ${literal(side.source)}; do not edit. ` +
      `Use it as a module: module "karpenter_${side.cluster.replace(/[^A-Za-z0-9_]/g, '_')}" { source = "./<dist>/${side.cluster}/terraform" }, with a provider "aws" for account ${side.accountId} and region ${side.region} in the root.`,
    terraform: {
      required_version: TERRAFORM_VERSION,
      required_providers: { aws: { source: AWS_PROVIDER.source, version: AWS_PROVIDER.version } },
    },
    data: {
      aws_caller_identity: { current: {} },
      aws_partition: { current: {} },
      aws_region: { current: {} },
    },
    resource: sortedKeys(
      Object.fromEntries(Object.entries(out.byType).map(([t, byName]) => [t, sortedKeys(byName)])),
    ),
    output: sortedKeys(output),
  };
}

/** Throws UserError when a derived name breaks an AWS limit (normally caught at load time). */
export function terraformModule(cluster: ClusterModel, side: AwsSideModel): TerraformModule {
  const problems = nameProblems(cluster);
  if (problems.length > 0) throw new UserError(problems);
  return renderTerraform(side);
}

/** Every object's keys sorted (code-unit order), arrays kept in order: one spelling per module. */
function sortedDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedDeep);
  if (typeof v !== 'object' || v === null) return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, sortedDeep(o[k])]),
  );
}

/** The module as deterministic JSON: keys sorted at every level, 2-space indent, trailing newline. */
export function renderModule(module: TerraformModule): string {
  return `${JSON.stringify(sortedDeep(module), null, 2)}\n`;
}
