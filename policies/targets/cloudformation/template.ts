/**
 * The CloudFormation renderer of the neutral AWS side (policies/aws-side.ts): the whole AWS side
 * of one cluster as one template. No Parameters: every value comes from the fleet description,
 * so ARNs inside policies are literal and IAM stores exactly the documents we generate.
 */
import { UserError, ClusterModel } from '../../../model';
import {
  AccessEntrySpec,
  AwsSideModel,
  AwsTag,
  awsSideModel,
  InstanceProfileSpec,
  ManagedPolicySpec,
  PodIdentityAssociationSpec,
  QueueSpec,
  RoleSpec,
  RuleSpec,
  ServiceLinkedRoleSpec,
} from '../../aws-side';
import { nameProblems } from '../../names';
import { CfnOutput, CfnResource, CfnTemplate, getAtt, ref } from './cfn';

/** Top-level Metadata key holding what the tool wants readers of the template to know. */
export const METADATA_KEY = 'KarpenterGitops';

export interface CfnTag {
  readonly Key: string;
  readonly Value: string;
}

function cfnTags(tags: readonly AwsTag[]): CfnTag[] {
  return tags.map((t) => ({ Key: t.key, Value: t.value }));
}

function role(r: RoleSpec, tags: readonly AwsTag[]): CfnResource {
  return {
    Type: 'AWS::IAM::Role',
    Properties: {
      RoleName: r.name,
      Description: r.description,
      Path: r.path,
      AssumeRolePolicyDocument: r.trust,
      ManagedPolicyArns: [...r.policyArns, ...r.policyIds.map((id) => ref(id))],
      ...(r.permissionsBoundaryArn !== undefined ? { PermissionsBoundary: r.permissionsBoundaryArn } : {}),
      Tags: cfnTags(tags),
    },
  };
}

function managedPolicy(p: ManagedPolicySpec): CfnResource {
  return {
    Type: 'AWS::IAM::ManagedPolicy',
    Properties: {
      ManagedPolicyName: p.name,
      Description: p.description,
      Path: p.path,
      PolicyDocument: p.document,
    },
  };
}

function accessEntry(e: AccessEntrySpec, tags: readonly AwsTag[]): CfnResource {
  return {
    Type: 'AWS::EKS::AccessEntry',
    Properties: {
      ClusterName: e.clusterName,
      PrincipalArn: getAtt(e.roleId, 'Arn'),
      Type: e.type,
      ...(e.accessPolicies.length > 0
        ? {
            AccessPolicies: e.accessPolicies.map((p) => ({
              PolicyArn: p.policyArn,
              AccessScope: { Type: p.scope },
            })),
          }
        : {}),
      Tags: cfnTags(tags),
    },
  };
}

function instanceProfile(p: InstanceProfileSpec): CfnResource {
  return {
    Type: 'AWS::IAM::InstanceProfile',
    Properties: { InstanceProfileName: p.name, Path: p.path, Roles: [ref(p.roleId)] },
  };
}

function podIdentityAssociation(a: PodIdentityAssociationSpec, tags: readonly AwsTag[]): CfnResource {
  return {
    Type: 'AWS::EKS::PodIdentityAssociation',
    Properties: {
      ClusterName: a.clusterName,
      Namespace: a.namespace,
      ServiceAccount: a.serviceAccount,
      RoleArn: getAtt(a.roleId, 'Arn'),
      Tags: cfnTags(tags),
    },
  };
}

function queue(q: QueueSpec, tags: readonly AwsTag[]): Record<string, CfnResource> {
  return {
    [q.id]: {
      Type: 'AWS::SQS::Queue',
      // Messages live 300 s; nothing worth keeping when the queue is replaced or removed.
      DeletionPolicy: 'Delete',
      UpdateReplacePolicy: 'Delete',
      Properties: {
        QueueName: q.name,
        MessageRetentionPeriod: q.messageRetentionSeconds,
        ...(q.kmsKeyArn !== undefined ? { KmsMasterKeyId: q.kmsKeyArn } : { SqsManagedSseEnabled: true }),
        Tags: cfnTags(tags),
      },
    },
    [q.policyId]: {
      Type: 'AWS::SQS::QueuePolicy',
      Properties: { Queues: [ref(q.id)], PolicyDocument: q.policy },
    },
  };
}

function rule(r: RuleSpec, tags: readonly AwsTag[]): CfnResource {
  return {
    Type: 'AWS::Events::Rule',
    Properties: {
      Name: r.name,
      Description: r.description,
      State: 'ENABLED',
      EventPattern: r.eventPattern,
      Targets: [{ Id: r.targetId, Arn: getAtt(r.queueId, 'Arn') }],
      Tags: cfnTags(tags),
    },
  };
}

function serviceLinkedRole(s: ServiceLinkedRoleSpec): CfnResource {
  return {
    Type: 'AWS::IAM::ServiceLinkedRole',
    Properties: { AWSServiceName: s.serviceName, Description: s.description },
  };
}

function resources(side: AwsSideModel): Record<string, CfnResource> {
  const out: Record<string, CfnResource> = {
    [side.nodeRole.id]: role(side.nodeRole, side.tags),
    [side.accessEntry.id]: accessEntry(side.accessEntry, side.tags),
    ...(side.controllerRole !== undefined
      ? { [side.controllerRole.id]: role(side.controllerRole, side.tags) }
      : {}),
    ...(side.queue !== undefined ? queue(side.queue, side.tags) : {}),
  };
  if (side.instanceProfile) out[side.instanceProfile.id] = instanceProfile(side.instanceProfile);
  for (const p of side.controllerPolicies) out[p.id] = managedPolicy(p);
  if (side.podIdentityAssociation)
    out[side.podIdentityAssociation.id] = podIdentityAssociation(side.podIdentityAssociation, side.tags);
  for (const r of side.rules) out[r.id] = rule(r, side.tags);
  if (side.spotServiceLinkedRole)
    out[side.spotServiceLinkedRole.id] = serviceLinkedRole(side.spotServiceLinkedRole);
  return out;
}

function outputs(side: AwsSideModel): Record<string, CfnOutput> {
  const classKind = side.mode === 'eks-auto-mode' ? 'NodeClass' : 'EC2NodeClass';
  const out: Record<string, CfnOutput> = {
    ...(side.controllerRole !== undefined
      ? {
          ControllerRoleArn: {
            Description: 'Controller role (IRSA annotation or Pod Identity association)',
            Value: getAtt(side.controllerRole.id, 'Arn'),
          },
        }
      : {}),
    ...(side.queue !== undefined
      ? {
          InterruptionQueueArn: {
            Description: 'Interruption queue ARN',
            Value: getAtt(side.queue.id, 'Arn'),
          },
          InterruptionQueueName: {
            Description: 'Interruption queue name (settings.interruptionQueue)',
            Value: getAtt(side.queue.id, 'QueueName'),
          },
        }
      : {}),
    NodeRoleArn: { Description: 'Node role ARN', Value: getAtt(side.nodeRole.id, 'Arn') },
    NodeRoleName: { Description: `Node role name (${classKind} spec.role)`, Value: ref(side.nodeRole.id) },
  };
  if (side.instanceProfile)
    out.NodeInstanceProfileName = {
      Description: `Instance profile of the node role (${classKind} spec.instanceProfile)`,
      Value: ref(side.instanceProfile.id),
    };
  if (side.keyPolicies.queue)
    out.InterruptionQueueKeyPolicyStatement = {
      Description: 'Add this statement to the key policy of the queue KMS key, or EventBridge cannot deliver',
      Value: JSON.stringify(side.keyPolicies.queue.statement),
    };
  if (side.keyPolicies.volumes)
    out.VolumeKeyPolicyStatements = {
      Description:
        'Add these statements to the key policy of every customer KMS key node volumes use, or EC2 cannot create the volumes',
      Value: JSON.stringify(side.keyPolicies.volumes.statements),
    };
  return out;
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((k) => [k, record[k]]),
  );
}

/** The template of a neutral AWS side. */
export function renderCloudFormation(side: AwsSideModel): CfnTemplate {
  const { queue: queueKey, volumes } = side.keyPolicies;
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description:
      (side.mode === 'eks-auto-mode'
        ? `EKS Auto Mode nodes of EKS cluster ${side.cluster} (${side.accountId}, ${side.region}): ` +
          `node role and its EC2 access entry. `
        : `Karpenter ${side.karpenterVersion} on EKS cluster ${side.cluster} (${side.accountId}, ${side.region}): ` +
          `IAM roles and policies, interruption queue and rules. `) +
      `Generated by karpenter-gitops from ${side.source}; do not edit.`,
    Metadata: {
      [METADATA_KEY]: {
        Cluster: side.cluster,
        Source: side.source,
        ...(side.mode === 'eks-auto-mode'
          ? { KarpenterMode: side.mode }
          : { KarpenterVersion: side.karpenterVersion }),
        AccountId: side.accountId,
        Region: side.region,
        ...(queueKey
          ? {
              InterruptionQueueKeyPolicy: {
                KeyArn: queueKey.keyArn,
                Note: 'The queue uses a customer KMS key this stack does not own. Add Statement to that key policy.',
                Statement: queueKey.statement,
              },
            }
          : {}),
        ...(volumes
          ? {
              VolumeKeyPolicy: {
                KeyArns: volumes.keyArns,
                Note:
                  side.controllerRole !== undefined
                    ? 'Node volumes use customer KMS keys this stack does not own. Add Statement to the policy of each key, after the stack (the controller role) exists.'
                    : 'Node volumes use customer KMS keys this stack does not own. Add Statement to the policy of each key.',
                Statement: volumes.statements,
              },
            }
          : {}),
      },
    },
    Resources: sortedByKey(resources(side)),
    Outputs: sortedByKey(outputs(side)),
  };
}

/** Throws UserError when a derived name breaks an AWS limit (normally caught at load time). */
export function cloudFormationTemplate(
  cluster: ClusterModel,
  side: AwsSideModel = awsSideModel(cluster),
): CfnTemplate {
  const problems = nameProblems(cluster);
  if (problems.length > 0) throw new UserError(problems);
  return renderCloudFormation(side);
}

/** The template as deterministic JSON: 2-space indent, trailing newline. */
export function renderTemplate(template: CfnTemplate): string {
  return `${JSON.stringify(template, null, 2)}\n`;
}
