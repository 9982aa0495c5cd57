/**
 * The starting fleet `karpenter-gitops init` writes: `clusters/_defaults.yaml` and
 * `clusters/<cluster>.yaml`, small, commented and secure by default (a pinned AMI alias,
 * IMDSv2 and encrypted volumes from the tool's defaults, one general pool with limits, spot
 * and on-demand). It is checked with the real loader before anything is written, so a bad
 * account ID or region gets exactly the messages `synth` would give.
 */
import { DEFAULTS_FILE, FleetSource, loadFleetFromSources } from '../model/load-fleet';
import { DEFAULT_CLUSTERS_DIR } from '../io/read-fleet';
import {
  AwsManagedBy,
  DEFAULT_KARPENTER_VERSION,
  FLEET_DEFAULTS,
  FleetJsonSchemaKind,
  newestAl2023Release,
  yamlSchemaModeline,
} from '../model';

export interface StarterFleetProps {
  readonly cluster: string;
  readonly accountId: string;
  readonly region: string;
  /** The cluster's name as registered in Argo CD. */
  readonly destination: string;
  /** The Git repository Argo CD reads dist/ from. */
  readonly repoURL: string;
  /** Who manages the cluster's AWS side (`aws.managedBy`). @default 'cloudformation' */
  readonly awsManagedBy?: AwsManagedBy;
  /** The branch Argo CD tracks (init/tracked-branch.ts). @default 'main' */
  readonly targetRevision?: string;
  /**
   * The installed package whose editor schema each file names on its first line
   * (`# yaml-language-server: $schema=...`). @default 'karpenter-gitops'
   */
  readonly schemaPackage?: string;
}

/** The `aws.managedBy` line and what the target needs, for the starting cluster file. */
function awsSideYaml(props: StarterFleetProps): { readonly aws: string; readonly rest: string } {
  const target = props.awsManagedBy ?? FLEET_DEFAULTS.awsManagedBy;
  if (target === 'terraform')
    return {
      aws: `  # The AWS side as a Terraform module, dist/${props.cluster}/terraform/: use it from your root
  # module (docs/terraform-and-external.md).
  managedBy: terraform
`,
      rest: '',
    };
  if (target === 'ack')
    return {
      aws: `  # The AWS side as AWS Controllers for Kubernetes objects, dist/${props.cluster}/ack/, synced by Argo CD
  # where the ACK controllers run (EKS Capabilities; docs/ack.md). Set ack.destination to that
  # cluster when it is not this one; roles and queue are retained when their objects are deleted.
  managedBy: ack
`,
      rest: '',
    };
  if (target === 'external')
    return {
      aws: `  # The roles and the queue exist (e.g. terraform-aws-eks's karpenter module): nothing is generated
  # for the AWS side; preflight and policies verify prove the roles allow what the cluster needs.
  managedBy: external
`,
      rest: `# The existing resources, by name (these are the karpenter module's defaults: take the real names
# from its outputs iam_role_name, node_iam_role_name and queue_name).
iam:
  controllerRoleName: ${q(`KarpenterController-${props.cluster}`)}
  nodeRoleName: ${q(`Karpenter-${props.cluster}`)}
karpenter:
  interruptionQueue:
    name: ${q(`Karpenter-${props.cluster}`)}
`,
    };
  return { aws: '', rest: '' };
}

/** A YAML double-quoted scalar (JSON strings are valid YAML): user input never changes the structure. */
function q(value: string): string {
  return JSON.stringify(value);
}

/**
 * The AMI alias the starting node class pins: the newest AL2023 release in the tool's data
 * (imports/eks-optimized-amis/, from the release notes of awslabs/amazon-eks-ami) that published
 * AMIs for the Kubernetes version a new cluster gets. `preflight` reports a newer one from SSM.
 */
export const STARTER_AMI_ALIAS = starterAmiAlias(FLEET_DEFAULTS.kubernetesVersion);

function starterAmiAlias(kubernetesVersion: string): string {
  const version = newestAl2023Release(kubernetesVersion);
  if (version === undefined)
    throw new Error(
      `no AL2023 release in codegen/sources/eks-optimized-amis/ publishes Kubernetes ${kubernetesVersion}: add the newer releases and run npm run import`,
    );
  return `al2023@${version}`;
}

export function defaultsYaml(props: StarterFleetProps): string {
  return `# Fleet-wide settings, deep-merged under every clusters/<cluster>.yaml (the cluster file wins).
# Written by karpenter-gitops init; see the fleet reference for every field.
karpenter:
  # The Karpenter version every cluster runs; bump it, then synth, check and impact.
  version: ${DEFAULT_KARPENTER_VERSION}
tags:
  # Tags on every AWS resource Karpenter and the tool's AWS side (CloudFormation or Terraform) create.
  managed-by: karpenter-gitops
gitops:
  # The repository Argo CD syncs dist/ from: this one.
  repoURL: ${q(props.repoURL)}
  targetRevision: ${q(props.targetRevision ?? 'main')}
  distPath: dist
  argocdNamespace: argocd
`;
}

export function clusterYaml(props: StarterFleetProps): string {
  const side = awsSideYaml(props);
  return `# Cluster ${props.cluster}: one node class and one general-purpose node pool to start from.
# Secure defaults apply without being written here: IMDSv2 required, encrypted gp3 root volume,
# least-privilege IAM scoped to this cluster.
aws:
  accountId: ${q(props.accountId)}   # in quotes: an unquoted number is refused
  region: ${q(props.region)}
${side.aws}${side.rest}gitops:
  destination:
    name: ${q(props.destination)}   # the cluster as registered in Argo CD
nodeClasses:
  default:
    # A pinned AMI release: nodes change only when you bump it (impact shows which).
    alias: ${STARTER_AMI_ALIAS}
nodePools:
  general:
    nodeClass: default
    # Spot first, on-demand when spot is short.
    capacityTypes: [spot, on-demand]
    instanceCategories: { in: [c, m, r], minValues: 2 }
    instanceGenerationGreaterThan: 5
    disruption:
      consolidationPolicy: WhenEmptyOrUnderutilized
      consolidateAfter: 1m
    # The most this pool may provision in total: raise it as the cluster grows.
    limits:
      cpu: "100"
      memory: 400Gi
`;
}

/** The two files, as paths relative to the repository. */
export function starterFleetSources(
  props: StarterFleetProps,
  clustersDir = DEFAULT_CLUSTERS_DIR,
): FleetSource[] {
  // The editor schema, from node_modules: completion and checking in editors that use
  // yaml-language-server. A comment: synth never reads it.
  const depth = clustersDir.split('/').filter((p) => p !== '' && p !== '.').length;
  const modeline = (kind: FleetJsonSchemaKind) =>
    `${yamlSchemaModeline(props.schemaPackage ?? 'karpenter-gitops', kind, depth)}\n`;
  return [
    { path: `${clustersDir}/${DEFAULTS_FILE}`, text: modeline('defaults') + defaultsYaml(props) },
    { path: `${clustersDir}/${props.cluster}.yaml`, text: modeline('cluster') + clusterYaml(props) },
  ];
}

/** Loads the starting fleet with the real loader; throws UserError with synth's messages. */
export function checkStarterFleet(sources: readonly FleetSource[]): void {
  loadFleetFromSources(sources);
}
