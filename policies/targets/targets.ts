/**
 * The AWS-side output targets, one record each: what `aws.managedBy` names, the folder below
 * `dist/<cluster>/` it writes, how it generates a cluster's files from the neutral model
 * (policies/aws-side.ts), which format validation checks its files with, how `impact`
 * reads them, and how its AWS side is put in place (the fixes of `preflight` and `policies verify`).
 * `synth` (synth/generators.ts), the `policies` command, the validator's tree walk
 * (validation/validate-tree.ts), `impact` (review/impact/), preflight/ and policies/verify.ts all
 * read this table.
 *
 * Adding a target: its folder under policies/targets/ (renderer, generator, impact view,
 * deployment) and one line in AWS_SIDE_TARGETS (plus a checker under validation/<format>/ if its
 * format is new).
 * A target whose files Argo CD syncs (ack) also names its Application here (`application`).
 */
import { AwsManagedBy, ClusterModel, GeneratedFiles } from '../../model';
import { AwsSideModel } from '../aws-side';
import { ACK_APPLICATION } from './ack/ack-argocd';
import { ackImpactView, readAckManifest } from './ack/ack-impact-view';
import { ackDeployment } from './ack/deployment';
import { ACK_DIR, ACK_FILE, ackFiles } from './ack/generator';
import { cloudFormationImpactView } from './cloudformation/cloudformation-impact-view';
import { cloudFormationDeployment } from './cloudformation/deployment';
import { Deployment } from './deployment';
import { cloudFormationFiles } from './cloudformation/generator';
import { ImpactView } from './impact-view';
import { terraformDeployment } from './terraform/deployment';
import { terraformImpactView } from './terraform/terraform-impact-view';
import { TERRAFORM_DIR, TERRAFORM_FILE, terraformFiles } from './terraform/generator';
import { TARGET_DIRS } from './target-dirs';

/** The formats the validator checks AWS-side files in (a checker each, validation/<format>/). */
export const AWS_SIDE_FORMATS = ['cloudformation', 'terraform-json', 'ack'] as const;
export type AwsSideFormat = (typeof AWS_SIDE_FORMATS)[number];

/** A target that writes files. */
export interface FileTarget {
  readonly name: AwsManagedBy;
  /** Folder below `dist/<cluster>/`. */
  readonly dir: string;
  /** The main file in that folder (the one `impact` compares), e.g. `karpenter.json`. */
  readonly file: string;
  /** Human name in reports, e.g. `CloudFormation`. */
  readonly title: string;
  /** What one cluster's files are called in summaries, e.g. `CloudFormation template`. */
  readonly noun: string;
  readonly generate: (cluster: ClusterModel, side: AwsSideModel) => GeneratedFiles;
  readonly validate: AwsSideFormat;
  readonly impact: ImpactView;
  readonly deploy: Deployment;
  /**
   * How the main file's text reads as the value `impact` and the facts reader take.
   * @default JSON.parse
   */
  readonly read?: (text: string) => unknown;
  /**
   * A target whose files are Kubernetes objects that Argo CD syncs: the cluster's Application for
   * them (charts/argocd/), what its AppProject allows, and the health checks `argocd-cm` needs.
   * @default none: the files are applied outside Argo CD
   */
  readonly application?: TargetApplication;
}

/** The Argo CD Application of a target's folder (`<cluster>-karpenter-<role>`, `application-<role>.yaml`). */
export interface TargetApplication {
  readonly role: string;
  /** Its sync wave among the cluster's Applications (model SYNC_WAVES). */
  readonly wave: string;
  /** The namespace its objects live in (created by the sync). */
  readonly namespace: string;
  /** The Argo CD cluster it syncs to. */
  readonly destination: (cluster: ClusterModel) => { readonly name: string } | { readonly server: string };
  /** Namespaced kinds the AppProject allows at that destination. */
  readonly kinds: readonly { readonly group: string; readonly kind: string }[];
  /** `argocd-cm` keys → Lua health checks of those kinds. */
  readonly health: Readonly<Record<string, string>>;
}

/** A target that writes nothing (the AWS side exists already). */
export interface NoFileTarget {
  readonly name: AwsManagedBy;
  readonly dir?: undefined;
  readonly application?: undefined;
  readonly title: string;
  readonly deploy: Deployment;
}

const externalDeployment: Deployment = {
  step: 'create it where the team manages AWS',
  command: () =>
    'aws.managedBy is external: create it where the team manages AWS (docs/terraform-and-external.md)',
  createsAwsSide: false,
  removal: () =>
    'Remove the roles and the queue last, where the team manages AWS (aws.managedBy is external: the tool generated nothing)',
};

export type AwsSideTarget = FileTarget | NoFileTarget;

// prettier-ignore
export const AWS_SIDE_TARGETS: Readonly<Record<AwsManagedBy, AwsSideTarget>> = {
  cloudformation: { name: 'cloudformation', dir: TARGET_DIRS.cloudformation, file: 'karpenter.json', title: 'CloudFormation', noun: 'CloudFormation template', generate: cloudFormationFiles, validate: 'cloudformation', impact: cloudFormationImpactView, deploy: cloudFormationDeployment },
  terraform: { name: 'terraform', dir: TERRAFORM_DIR, file: TERRAFORM_FILE, title: 'Terraform', noun: 'Terraform module', generate: terraformFiles, validate: 'terraform-json', impact: terraformImpactView, deploy: terraformDeployment },
  ack: { name: 'ack', dir: ACK_DIR, file: ACK_FILE, title: 'AWS Controllers for Kubernetes', noun: 'ACK manifest', generate: ackFiles, validate: 'ack', impact: ackImpactView, deploy: ackDeployment, read: readAckManifest, application: ACK_APPLICATION },
  external: { name: 'external', title: 'external (not generated)', deploy: externalDeployment },
};

/** The targets that write files, in table order. */
export const FILE_TARGETS: readonly FileTarget[] = Object.values(AWS_SIDE_TARGETS).filter(
  (t): t is FileTarget => t.dir !== undefined,
);

/** The file target whose folder is `dir`, if any. */
export function targetOfDir(dir: string): FileTarget | undefined {
  return FILE_TARGETS.find((t) => t.dir === dir);
}

/** The target of a cluster. */
export function targetOf(cluster: ClusterModel): AwsSideTarget {
  return AWS_SIDE_TARGETS[cluster.aws.managedBy];
}

/** How a target's main file reads (its `read`, else JSON). */
export function readTargetFile(target: FileTarget, text: string): unknown {
  return target.read ? target.read(text) : JSON.parse(text);
}

/** The targets of `clusters` whose files Argo CD syncs, each once, in table order. */
export function applicationTargets(clusters: readonly ClusterModel[]): FileTarget[] {
  const used = new Set(clusters.map((c) => c.aws.managedBy));
  return FILE_TARGETS.filter((t) => t.application !== undefined && used.has(t.name));
}
