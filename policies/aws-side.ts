/**
 * The AWS side of one cluster as one neutral description, built once from the resolved
 * ClusterModel: roles and their trust, the controller's managed policies with their documents,
 * the optional instance profile, the node role's access entry, the Pod Identity association (or
 * the IRSA trust), the interruption queue and its policy, the five EventBridge rules and their
 * target, the optional Spot service-linked role, and the key-policy statements customer KMS keys
 * need. Every output target renders this value (policies/targets/: CloudFormation, Terraform),
 * and the policy scenarios (policies/scenarios/scenario-inputs.ts) prove its documents, so every
 * target carries the same proven policies.
 *
 * References between parts are by `id` (the CloudFormation logical ID, which stays stable); a
 * renderer maps an id to its own address (`Fn::GetAtt`, `aws_iam_role.node.arn`, ...).
 */
import { ClusterModel, MANAGED_BY, Partition, TAGS } from '../model';
import { controllerPolicies } from './controller-policies';
import { controllerTrustPolicy } from './controller-role';
import { INTERRUPTION_EVENTS, InterruptionEventKind } from './interruption-events';
import { MESSAGE_RETENTION_SECONDS, queueKeyPolicyStatement, queuePolicy } from './interruption-queue';
import { ControllerPolicyKind, instanceProfileName, ruleName } from './names';
import { nodeRolePolicyArns, nodeTrustPolicy } from './node-role';
import { arnBuilder } from './partition';
import { PolicyDocument, PolicyStatement } from './policy-document';
import { volumeKeyArns, volumeKeyPolicyStatements } from './volume-key-policy';

/** Stable ids of the parts (the CloudFormation logical IDs of the template). */
export const AWS_SIDE_IDS = {
  nodeRole: 'KarpenterNodeRole',
  nodeAccessEntry: 'KarpenterNodeAccessEntry',
  nodeInstanceProfile: 'KarpenterNodeInstanceProfile',
  controllerRole: 'KarpenterControllerRole',
  podIdentityAssociation: 'KarpenterControllerPodIdentityAssociation',
  queue: 'KarpenterInterruptionQueue',
  queuePolicy: 'KarpenterInterruptionQueuePolicy',
  /** The id of the queue in every rule's target list. */
  queueTarget: 'KarpenterInterruptionQueueTarget',
  spotServiceLinkedRole: 'SpotServiceLinkedRole',
} as const;

/** One tag, in the order the model lists them (sorted by key). */
export interface AwsTag {
  readonly key: string;
  readonly value: string;
}

export interface RoleSpec {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly path: string;
  readonly trust: PolicyDocument;
  /** Policies attached by ARN (AWS managed, or the fleet's own), in attachment order. */
  readonly policyArns: readonly string[];
  /** Ids of this model's managed policies attached to the role, in attachment order. */
  readonly policyIds: readonly string[];
  /** @default none */
  readonly permissionsBoundaryArn?: string;
}

export interface ManagedPolicySpec {
  readonly id: string;
  readonly kind: ControllerPolicyKind;
  readonly name: string;
  readonly description: string;
  readonly path: string;
  readonly document: PolicyDocument;
}

export interface InstanceProfileSpec {
  readonly id: string;
  readonly name: string;
  readonly path: string;
  /** Id of the role it holds. */
  readonly roleId: string;
}

export interface AccessEntrySpec {
  readonly id: string;
  readonly clusterName: string;
  /** Id of the role whose ARN is the principal. */
  readonly roleId: string;
  readonly type: 'EC2_LINUX';
}

export interface PodIdentityAssociationSpec {
  readonly id: string;
  readonly clusterName: string;
  readonly namespace: string;
  readonly serviceAccount: string;
  readonly roleId: string;
}

export interface QueueSpec {
  readonly id: string;
  readonly name: string;
  readonly messageRetentionSeconds: number;
  /** Customer KMS key for SSE; @default none: SSE-SQS */
  readonly kmsKeyArn?: string;
  readonly policyId: string;
  readonly policy: PolicyDocument;
}

export interface RuleSpec {
  readonly id: string;
  readonly kind: InterruptionEventKind;
  readonly name: string;
  readonly description: string;
  readonly eventPattern: { readonly source: readonly string[]; readonly 'detail-type': readonly string[] };
  /** The target's id within the rule. */
  readonly targetId: string;
  /** Id of the queue the rule sends to. */
  readonly queueId: string;
}

export interface ServiceLinkedRoleSpec {
  readonly id: string;
  readonly serviceName: string;
  readonly description: string;
}

/** Statements for key policies the tool does not own: published, for the key owner to add. */
export interface KeyPolicies {
  /** The queue's customer key; @default none (SSE-SQS) */
  readonly queue?: { readonly keyArn: string; readonly statement: PolicyStatement };
  /** Every customer key node volumes use; @default none */
  readonly volumes?: { readonly keyArns: readonly string[]; readonly statements: readonly PolicyStatement[] };
}

export interface AwsSideModel {
  readonly cluster: string;
  /** The cluster's file, for "generated from" notes. */
  readonly source: string;
  readonly karpenterVersion: string;
  readonly accountId: string;
  readonly region: string;
  readonly partition: Partition;
  /** The cluster's tags plus managed-by, sorted by key, on every resource that takes tags. */
  readonly tags: readonly AwsTag[];
  readonly nodeRole: RoleSpec;
  readonly accessEntry: AccessEntrySpec;
  /** Only with `iam.createInstanceProfile`. */
  readonly instanceProfile?: InstanceProfileSpec;
  readonly controllerRole: RoleSpec;
  /** The controller's managed policies, in attachment order. */
  readonly controllerPolicies: readonly ManagedPolicySpec[];
  /** Pod Identity only; with IRSA the trust of `controllerRole` names the OIDC provider. */
  readonly podIdentityAssociation?: PodIdentityAssociationSpec;
  readonly queue: QueueSpec;
  /** The five rules, in INTERRUPTION_EVENTS order. */
  readonly rules: readonly RuleSpec[];
  /** Only with `iam.createSpotServiceLinkedRole`. */
  readonly spotServiceLinkedRole?: ServiceLinkedRoleSpec;
  readonly keyPolicies: KeyPolicies;
}

/** Sorted by key; the tool's managed-by tag wins over a user tag of the same key. */
export function awsTags(cluster: ClusterModel): AwsTag[] {
  const merged = new Map<string, string>(Object.entries(cluster.tags));
  merged.set(TAGS.managedBy, MANAGED_BY);
  return [...merged.keys()].sort().map((key) => ({ key, value: merged.get(key) as string }));
}

/** The controller role's ARN, as IAM reports it (with the path). */
export function controllerRoleArn(cluster: ClusterModel): string {
  return arnBuilder(cluster.aws).role(cluster.iam.controllerRoleName, cluster.iam.path);
}

/** The neutral AWS side of a cluster. Pure; names were checked at load time (policies/names.ts). */
export function awsSideModel(cluster: ClusterModel): AwsSideModel {
  const ids = AWS_SIDE_IDS;
  const iam = cluster.iam;
  const boundary =
    iam.permissionsBoundaryArn !== undefined ? { permissionsBoundaryArn: iam.permissionsBoundaryArn } : {};
  const policies: ManagedPolicySpec[] = controllerPolicies(cluster).map((p) => ({
    id: p.logicalId,
    kind: p.kind,
    name: p.name,
    description: p.description,
    path: iam.path,
    document: p.document,
  }));
  const queueStatement = queueKeyPolicyStatement(cluster);
  const volumeStatements = volumeKeyPolicyStatements(cluster);
  const q = cluster.karpenter.interruptionQueue;
  return {
    cluster: cluster.name,
    source: cluster.source.file,
    karpenterVersion: cluster.karpenter.version,
    accountId: cluster.aws.accountId,
    region: cluster.aws.region,
    partition: cluster.aws.partition,
    tags: awsTags(cluster),
    nodeRole: {
      id: ids.nodeRole,
      name: iam.nodeRoleName,
      description: `Karpenter nodes of EKS cluster ${cluster.name}`,
      path: iam.path,
      trust: nodeTrustPolicy(cluster),
      policyArns: nodeRolePolicyArns(cluster),
      policyIds: [],
      ...boundary,
    },
    accessEntry: {
      id: ids.nodeAccessEntry,
      clusterName: cluster.name,
      roleId: ids.nodeRole,
      type: 'EC2_LINUX',
    },
    ...(iam.createInstanceProfile
      ? {
          instanceProfile: {
            id: ids.nodeInstanceProfile,
            name: instanceProfileName(cluster),
            path: iam.path,
            roleId: ids.nodeRole,
          },
        }
      : {}),
    controllerRole: {
      id: ids.controllerRole,
      name: iam.controllerRoleName,
      description: `Karpenter controller of EKS cluster ${cluster.name}`,
      path: iam.path,
      trust: controllerTrustPolicy(cluster),
      policyArns: [],
      policyIds: policies.map((p) => p.id),
      ...boundary,
    },
    controllerPolicies: policies,
    ...(iam.identity.type === 'pod-identity'
      ? {
          podIdentityAssociation: {
            id: ids.podIdentityAssociation,
            clusterName: cluster.name,
            namespace: cluster.karpenter.namespace,
            serviceAccount: cluster.karpenter.serviceAccount,
            roleId: ids.controllerRole,
          },
        }
      : {}),
    queue: {
      id: ids.queue,
      name: q.name,
      messageRetentionSeconds: MESSAGE_RETENTION_SECONDS,
      ...(q.kmsKeyArn !== undefined ? { kmsKeyArn: q.kmsKeyArn } : {}),
      policyId: ids.queuePolicy,
      policy: queuePolicy(cluster),
    },
    rules: INTERRUPTION_EVENTS.map((event) => ({
      id: event.logicalId,
      kind: event.kind,
      name: ruleName(event.kind, cluster.name),
      description: `Karpenter interruption handling of EKS cluster ${cluster.name}: ${event.detailType}`,
      eventPattern: { source: [event.source], 'detail-type': [event.detailType] },
      targetId: ids.queueTarget,
      queueId: ids.queue,
    })),
    ...(iam.createSpotServiceLinkedRole
      ? {
          spotServiceLinkedRole: {
            id: ids.spotServiceLinkedRole,
            serviceName: 'spot.amazonaws.com',
            description: 'Lets EC2 launch and manage Spot Instances for Karpenter',
          },
        }
      : {}),
    keyPolicies: {
      ...(queueStatement && q.kmsKeyArn !== undefined
        ? { queue: { keyArn: q.kmsKeyArn, statement: queueStatement } }
        : {}),
      ...(volumeStatements
        ? { volumes: { keyArns: volumeKeyArns(cluster), statements: volumeStatements } }
        : {}),
    },
  };
}
