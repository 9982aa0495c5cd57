/**
 * The ACK renderer of the neutral AWS side (policies/aws-side.ts): the same roles and trust,
 * managed policies, instance profile, access entry, Pod Identity association, queue with its
 * policy, five rules and Spot service-linked role that CloudFormation and Terraform render, as
 * Kubernetes objects of the ACK controllers (policies/targets/ack/ack-controllers.ts).
 *
 * - Policy documents are the model's documents as JSON text (`policyDocument`,
 *   `assumeRolePolicyDocument`, the queue's `policy`, the rules' `eventPattern`): IAM stores what
 *   the other targets store.
 * - A Role names this cluster's Policies through `policyRefs` and AWS managed policies by ARN; the
 *   instance profile and the Pod Identity association name their Role through `roleRef`.
 * - A Rule's `targets[].arn` is a literal ARN (eventbridge-controller v1.5.1 has no reference to a
 *   Queue): the queue ARN from the account, region and queue name. The access entry's
 *   `principalARN` is the node role's ARN, literal too (eks-controller v1.20.0 has no roleRef there).
 * - Roles, the Spot service-linked role and the queue carry `services.k8s.aws/deletion-policy`
 *   (`aws.ack.deletionPolicy`, default `retain`): pruning or deleting the object leaves the AWS
 *   resource in place. Every object carries `services.k8s.aws/region`.
 */
import { ClusterModel, SYNC_WAVES, TAGS, MANAGED_BY, ARGOCD_ANNOTATIONS } from '../../../model';
import {
  AccessEntrySpec,
  AwsSideModel,
  AwsTag,
  InstanceProfileSpec,
  ManagedPolicySpec,
  PodIdentityAssociationSpec,
  QueueSpec,
  RoleSpec,
  RuleSpec,
  ServiceLinkedRoleSpec,
} from '../../aws-side';
import { arnBuilder } from '../../partition';
import { ACK_ANNOTATIONS, AckKind, ackApiVersion } from './ack-controllers';

/** The namespace of the ACK objects on their destination cluster (one for the whole fleet). */
export const ACK_NAMESPACE = 'karpenter-ack';

/** Label naming the workload cluster an object belongs to (the destination may hold many). */
export const ACK_CLUSTER_LABEL = 'karpenter-gitops.io/cluster';

export interface AckObject {
  readonly apiVersion: string;
  readonly kind: AckKind;
  readonly metadata: {
    readonly name: string;
    readonly namespace: string;
    readonly labels: Readonly<Record<string, string>>;
    readonly annotations: Readonly<Record<string, string>>;
  };
  readonly spec: Readonly<Record<string, unknown>>;
}

/** Sync waves inside the ACK Application: what others reference first. */
const WAVE: Readonly<Record<AckKind, string>> = {
  Policy: '0',
  Queue: '0',
  ServiceLinkedRole: '0',
  Role: '1',
  InstanceProfile: '2',
  AccessEntry: '2',
  PodIdentityAssociation: '2',
  Rule: '2',
};

/** Kinds whose AWS resource outlives the object under the deletion policy. */
const RETAINED: ReadonlySet<AckKind> = new Set<AckKind>(['Role', 'ServiceLinkedRole', 'Queue']);

/** The object name of a part, unique in the shared namespace: `<cluster>-<part>`. */
export function ackObjectName(cluster: string, part: string): string {
  return `${cluster}-${part.toLowerCase()}`;
}

const tagList = (tags: readonly AwsTag[]) => tags.map((t) => ({ key: t.key, value: t.value }));
const tagMap = (tags: readonly AwsTag[]) => Object.fromEntries(tags.map((t) => [t.key, t.value]));

/** Parts by model id → object name, so references are by the same stable ids as the model's. */
function names(side: AwsSideModel): (id: string) => string {
  const byId = new Map<string, string>([
    [side.nodeRole.id, ackObjectName(side.cluster, 'node-role')],
    [side.controllerRole.id, ackObjectName(side.cluster, 'controller-role')],
    [side.accessEntry.id, ackObjectName(side.cluster, 'node-access-entry')],
    [side.queue.id, ackObjectName(side.cluster, 'interruption-queue')],
    ...side.controllerPolicies.map((p): [string, string] => [
      p.id,
      ackObjectName(side.cluster, `policy-${p.kind}`),
    ]),
    ...side.rules.map((r): [string, string] => [r.id, ackObjectName(side.cluster, `rule-${r.kind}`)]),
  ]);
  if (side.instanceProfile)
    byId.set(side.instanceProfile.id, ackObjectName(side.cluster, 'node-instance-profile'));
  if (side.podIdentityAssociation)
    byId.set(side.podIdentityAssociation.id, ackObjectName(side.cluster, 'controller-pod-identity'));
  if (side.spotServiceLinkedRole)
    byId.set(side.spotServiceLinkedRole.id, ackObjectName(side.cluster, 'spot-service-linked-role'));
  return (id) => {
    const name = byId.get(id);
    if (name === undefined) throw new Error(`no ACK object for part ${id}`);
    return name;
  };
}

interface Ctx {
  readonly cluster: ClusterModel;
  readonly side: AwsSideModel;
  readonly name: (id: string) => string;
}

function object(ctx: Ctx, kind: AckKind, id: string, spec: Record<string, unknown>): AckObject {
  const retain = RETAINED.has(kind) ? (ctx.cluster.aws.ack?.deletionPolicy ?? 'retain') : undefined;
  return {
    apiVersion: ackApiVersion(kind),
    kind,
    metadata: {
      name: ctx.name(id),
      namespace: ACK_NAMESPACE,
      labels: { [TAGS.managedBy]: MANAGED_BY, [ACK_CLUSTER_LABEL]: ctx.side.cluster },
      annotations: {
        [ARGOCD_ANNOTATIONS.syncWave]: WAVE[kind],
        ...(retain !== undefined ? { [ACK_ANNOTATIONS.deletionPolicy]: retain } : {}),
        [ACK_ANNOTATIONS.region]: ctx.side.region,
      },
    },
    spec,
  };
}

function role(ctx: Ctx, r: RoleSpec): AckObject {
  return object(ctx, 'Role', r.id, {
    name: r.name,
    description: r.description,
    path: r.path,
    assumeRolePolicyDocument: JSON.stringify(r.trust),
    ...(r.policyArns.length > 0 ? { policies: [...r.policyArns] } : {}),
    ...(r.policyIds.length > 0
      ? { policyRefs: r.policyIds.map((id) => ({ from: { name: ctx.name(id) } })) }
      : {}),
    ...(r.permissionsBoundaryArn !== undefined ? { permissionsBoundary: r.permissionsBoundaryArn } : {}),
    tags: tagList(ctx.side.tags),
  });
}

function policy(ctx: Ctx, p: ManagedPolicySpec): AckObject {
  return object(ctx, 'Policy', p.id, {
    name: p.name,
    description: p.description,
    path: p.path,
    policyDocument: JSON.stringify(p.document),
  });
}

function instanceProfile(ctx: Ctx, p: InstanceProfileSpec): AckObject {
  return object(ctx, 'InstanceProfile', p.id, {
    name: p.name,
    path: p.path,
    roleRef: { from: { name: ctx.name(p.roleId) } },
  });
}

function accessEntry(ctx: Ctx, e: AccessEntrySpec, nodeRole: RoleSpec): AckObject {
  return object(ctx, 'AccessEntry', e.id, {
    clusterName: e.clusterName,
    principalARN: arnBuilder(ctx.cluster.aws).role(nodeRole.name, nodeRole.path),
    type: e.type,
    tags: tagMap(ctx.side.tags),
  });
}

function podIdentityAssociation(ctx: Ctx, a: PodIdentityAssociationSpec): AckObject {
  return object(ctx, 'PodIdentityAssociation', a.id, {
    clusterName: a.clusterName,
    namespace: a.namespace,
    serviceAccount: a.serviceAccount,
    roleRef: { from: { name: ctx.name(a.roleId) } },
    tags: tagMap(ctx.side.tags),
  });
}

/** The queue ARN, literal: a Rule cannot reference a Queue object. */
export function queueArn(cluster: ClusterModel, q: QueueSpec): string {
  return arnBuilder(cluster.aws).sqsQueue(q.name);
}

function queue(ctx: Ctx, q: QueueSpec): AckObject {
  // sqs-controller v1.6.1 takes the queue attributes as strings (SQS SetQueueAttributes).
  return object(ctx, 'Queue', q.id, {
    queueName: q.name,
    messageRetentionPeriod: String(q.messageRetentionSeconds),
    ...(q.kmsKeyArn !== undefined ? { kmsMasterKeyID: q.kmsKeyArn } : { sqsManagedSSEEnabled: 'true' }),
    policy: JSON.stringify(q.policy),
    tags: tagMap(ctx.side.tags),
  });
}

function rule(ctx: Ctx, r: RuleSpec): AckObject {
  return object(ctx, 'Rule', r.id, {
    name: r.name,
    description: r.description,
    state: 'ENABLED',
    eventPattern: JSON.stringify(r.eventPattern),
    targets: [{ id: r.targetId, arn: queueArn(ctx.cluster, ctx.side.queue) }],
    tags: tagList(ctx.side.tags),
  });
}

function serviceLinkedRole(ctx: Ctx, s: ServiceLinkedRoleSpec): AckObject {
  return object(ctx, 'ServiceLinkedRole', s.id, {
    awsServiceName: s.serviceName,
    description: s.description,
  });
}

/** The ACK objects of one cluster, in a fixed order (the model's). */
export function ackObjects(cluster: ClusterModel, side: AwsSideModel): AckObject[] {
  const ctx: Ctx = { cluster, side, name: names(side) };
  const out: AckObject[] = [role(ctx, side.nodeRole), accessEntry(ctx, side.accessEntry, side.nodeRole)];
  if (side.instanceProfile) out.push(instanceProfile(ctx, side.instanceProfile));
  out.push(...side.controllerPolicies.map((p) => policy(ctx, p)), role(ctx, side.controllerRole));
  if (side.podIdentityAssociation) out.push(podIdentityAssociation(ctx, side.podIdentityAssociation));
  out.push(queue(ctx, side.queue), ...side.rules.map((r) => rule(ctx, r)));
  if (side.spotServiceLinkedRole) out.push(serviceLinkedRole(ctx, side.spotServiceLinkedRole));
  return out;
}

/** The sync wave of the Application that syncs these objects (before the controller's). */
export const ACK_APPLICATION_WAVE = SYNC_WAVES.awsSideApplication;
