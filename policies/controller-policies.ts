/**
 * The controller's managed policies, split by concept as upstream splits them, plus the
 * optional zonal-shift and volume-encryption policies. Each is a separate managed policy
 * so each stays far below the 6,144-character quota.
 */
import { ClusterModel } from '../model';
import { eksIntegrationPolicy } from './eks-integration-policy';
import { iamIntegrationPolicy } from './iam-integration-policy';
import { interruptionPolicy } from './interruption-policy';
import { ControllerPolicyKind, managedPolicyName } from './names';
import { nodeLifecyclePolicy } from './node-lifecycle-policy';
import { PolicyDocument } from './policy-document';
import { resourceDiscoveryPolicy } from './resource-discovery-policy';
import { volumeEncryptionPolicy } from './volume-encryption-policy';
import { zonalShiftPolicy } from './zonal-shift-policy';

export interface ControllerPolicy {
  readonly kind: ControllerPolicyKind;
  /** CloudFormation logical ID, e.g. `NodeLifecyclePolicy`. */
  readonly logicalId: string;
  /** IAM name, e.g. `KarpenterControllerNodeLifecyclePolicy-<cluster>`. */
  readonly name: string;
  readonly description: string;
  readonly document: PolicyDocument;
}

const DESCRIPTIONS: Readonly<Record<ControllerPolicyKind, string>> = {
  NodeLifecycle: 'launch, tag and terminate the nodes of cluster',
  IAMIntegration: 'pass the node role and manage instance profiles of cluster',
  EKSIntegration: 'discover the API server of cluster',
  Interruption: 'consume the interruption queue of cluster',
  ResourceDiscovery: 'read EC2, SSM and pricing data for cluster',
  ZonalShift: 'read the zonal-shift status of cluster',
  VolumeEncryption: 'use the customer KMS keys of the node volumes of cluster',
};

/** The policies attached to the controller role, in template order. */
export function controllerPolicies(cluster: ClusterModel): ControllerPolicy[] {
  const docs: [ControllerPolicyKind, PolicyDocument | undefined][] = [
    ['NodeLifecycle', nodeLifecyclePolicy(cluster)],
    ['IAMIntegration', iamIntegrationPolicy(cluster)],
    ['EKSIntegration', eksIntegrationPolicy(cluster)],
    ['Interruption', interruptionPolicy(cluster)],
    ['ResourceDiscovery', resourceDiscoveryPolicy(cluster)],
    ['ZonalShift', cluster.iam.zonalShift ? zonalShiftPolicy(cluster) : undefined],
    ['VolumeEncryption', volumeEncryptionPolicy(cluster)],
  ];
  return docs.flatMap(([kind, document]) =>
    document
      ? [
          {
            kind,
            logicalId: `${kind}Policy`,
            name: managedPolicyName(kind, cluster.name),
            description: `Karpenter controller: ${DESCRIPTIONS[kind]} ${cluster.name}`,
            document,
          },
        ]
      : [],
  );
}
