/**
 * Every default of the fleet description, in one place. Only the resolver applies them
 * (model/resolve/resolve-*.ts); the post-resolve checks read the resolved model, never these.
 */
import {
  AckDeletionPolicy,
  AwsManagedBy,
  ConsolidationPolicy,
  LogLevel,
  NAMESPACES,
  Partition,
  TAGS,
} from '../facts/constants';
import { DEFAULT_KARPENTER_VERSION, DEFAULT_KUBERNETES_VERSION } from '../facts/versions';

export const FLEET_DEFAULTS = {
  partition: 'aws' as Partition,
  awsManagedBy: 'cloudformation' as AwsManagedBy,
  /** Roles and queues outlive their ACK objects (`aws.ack.deletionPolicy`). */
  ackDeletionPolicy: 'retain' as AckDeletionPolicy,
  kubernetesVersion: DEFAULT_KUBERNETES_VERSION,
  karpenterVersion: DEFAULT_KARPENTER_VERSION,
  karpenterNamespace: NAMESPACES.karpenterDefault,
  serviceAccount: 'karpenter',
  controller: {
    replicas: 2,
    logLevel: 'info' as LogLevel,
    requests: { cpu: '1', memory: '1Gi' },
    limits: { memory: '1Gi' },
    priorityClassName: 'system-cluster-critical',
    pdbMaxUnavailable: 1,
    topologySpread: true,
  },
  identity: 'pod-identity' as const,
  iamPath: '/',
  targetRevision: 'main',
  distPath: 'dist',
  argocdNamespace: NAMESPACES.argocd,
  fleetEntry: 'roots' as const,
  metadataOptions: {
    httpEndpoint: 'enabled' as const,
    httpProtocolIPv6: 'disabled' as const,
    httpPutResponseHopLimit: 1,
    httpTokens: 'required' as const,
  },
  volumeType: 'gp3' as const,
  consolidationPolicy: 'WhenEmptyOrUnderutilized' as ConsolidationPolicy,
  consolidateAfter: '0s',
  budgets: [{ nodes: '10%' }] as const,
  expireAfter: '720h',
} as const;

/** The branch a rollout ring tracks when `gitops.rings[].targetRevision` is not set: `ring/<name>`. */
export const defaultRingRevision = (ring: string): string => `ring/${ring}`;

/** `KarpenterControllerRole-<cluster>`. */
export const defaultControllerRoleName = (cluster: string): string => `KarpenterControllerRole-${cluster}`;
/** `KarpenterNodeRole-<cluster>`. */
export const defaultNodeRoleName = (cluster: string): string => `KarpenterNodeRole-${cluster}`;
/** The interruption queue is named after the cluster. */
export const defaultQueueName = (cluster: string): string => cluster;
/** Subnets and security groups carrying `karpenter.sh/discovery: <cluster>`. */
export const defaultDiscoveryTerms = (cluster: string) => [{ tags: { [TAGS.discovery]: cluster } }];
