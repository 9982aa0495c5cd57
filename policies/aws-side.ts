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
import { ClusterModel, KarpenterMode, MANAGED_BY, Partition, TAGS, autoNodeAccessPolicyArn } from '../model';
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
  /** EKS Auto Mode: ids of their own, so a cluster moving between modes replaces rather than edits. */
  autoModeNodeRole: 'EKSAutoModeNodeRole',
  autoModeNodeAccessEntry: 'EKSAutoModeNodeAccessEntry',
  autoModeNodeInstanceProfile: 'EKSAutoModeNodeInstanceProfile',
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
  /** `EC2_LINUX` for self-managed Karpenter nodes, `EC2` for EKS Auto Mode nodes. */
  readonly type: 'EC2_LINUX' | 'EC2';
  /**
   * Access policies associated with the entry, cluster-wide (EKS Auto Mode: AmazonEKSAutoNodePolicy).
   * @default [] (an EC2_LINUX entry's permissions come from its type)
   */
  readonly accessPolicies: readonly { readonly policyArn: string; readonly scope: 'cluster' }[];
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
  /** Who runs Karpenter: with `eks-auto-mode` there is no controller role, queue or rule. */
  readonly mode: KarpenterMode;
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
  /** Self-managed only; @default absent (EKS Auto Mode runs the controller itself) */
  readonly controllerRole?: RoleSpec;
  /** The controller's managed policies, in attachment order; empty in EKS Auto Mode. */
  readonly controllerPolicies: readonly ManagedPolicySpec[];
  /** Pod Identity only; with IRSA the trust of `controllerRole` names the OIDC provider. */
  readonly podIdentityAssociation?: PodIdentityAssociationSpec;
  /** Self-managed only; @default absent (EKS Auto Mode handles interruption itself) */
  readonly queue?: QueueSpec;
  /** The five rules, in INTERRUPTION_EVENTS order; empty in EKS Auto Mode. */
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
  if (cluster.karpenter.mode === 'eks-auto-mode') return autoModeAwsSideModel(cluster);
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
    ...sideIdentity(cluster),
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
      accessPolicies: [],
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

/** What every AWS side names of its cluster, whoever runs Karpenter. */
function sideIdentity(
  cluster: ClusterModel,
): Pick<
  AwsSideModel,
  'mode' | 'cluster' | 'source' | 'karpenterVersion' | 'accountId' | 'region' | 'partition' | 'tags'
> {
  return {
    mode: cluster.karpenter.mode,
    cluster: cluster.name,
    source: cluster.source.file,
    karpenterVersion: cluster.karpenter.version,
    accountId: cluster.aws.accountId,
    region: cluster.aws.region,
    partition: cluster.aws.partition,
    tags: awsTags(cluster),
  };
}

/**
 * The AWS side of an EKS Auto Mode cluster: the node role (AmazonEKSWorkerNodeMinimalPolicy and
 * AmazonEC2ContainerRegistryPullOnly), its optional instance profile, and its access entry of
 * type EC2 with the AmazonEKSAutoNodePolicy access policy (EKS User Guide, "Create a Node Class",
 * node class access entry: https://docs.aws.amazon.com/eks/latest/userguide/create-node-class.html).
 * No controller role, queue or rules: EKS runs Karpenter and handles interruption. The cluster
 * role's Auto Mode policies belong to whoever creates the cluster.
 */
function autoModeAwsSideModel(cluster: ClusterModel): AwsSideModel {
  const ids = AWS_SIDE_IDS;
  const iam = cluster.iam;
  const volumeStatements = volumeKeyPolicyStatements(cluster);
  return {
    ...sideIdentity(cluster),
    nodeRole: {
      id: ids.autoModeNodeRole,
      name: iam.nodeRoleName,
      description: `EKS Auto Mode nodes of EKS cluster ${cluster.name}`,
      path: iam.path,
      trust: nodeTrustPolicy(cluster),
      policyArns: nodeRolePolicyArns(cluster),
      policyIds: [],
      ...(iam.permissionsBoundaryArn !== undefined
        ? { permissionsBoundaryArn: iam.permissionsBoundaryArn }
        : {}),
    },
    accessEntry: {
      id: ids.autoModeNodeAccessEntry,
      clusterName: cluster.name,
      roleId: ids.autoModeNodeRole,
      type: 'EC2',
      accessPolicies: [{ policyArn: autoNodeAccessPolicyArn(cluster.aws.partition), scope: 'cluster' }],
    },
    ...(iam.createInstanceProfile
      ? {
          instanceProfile: {
            id: ids.autoModeNodeInstanceProfile,
            name: instanceProfileName(cluster),
            path: iam.path,
            roleId: ids.autoModeNodeRole,
          },
        }
      : {}),
    controllerPolicies: [],
    rules: [],
    ...(iam.createSpotServiceLinkedRole
      ? {
          spotServiceLinkedRole: {
            id: ids.spotServiceLinkedRole,
            serviceName: 'spot.amazonaws.com',
            description: 'Lets EC2 launch and manage Spot Instances',
          },
        }
      : {}),
    keyPolicies: volumeStatements
      ? { volumes: { keyArns: volumeKeyArns(cluster), statements: volumeStatements } }
      : {},
  };
}
