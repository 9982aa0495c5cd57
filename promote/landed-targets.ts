/**
 * What "landed" means for each cluster of a ring: the Argo CD Applications, NodePools and
 * EC2NodeClasses generated for it at the commit being promoted (read from that commit's
 * `dist/`, so the gate checks what is promoted, not the working tree), where to find them
 * (Argo CD namespace, GitOps repository) and the kubeconfig context of the cluster.
 */
import { parse } from 'yaml';
import { applicationName } from '../charts/argocd/application-names';
import { UserError, didYouMean, distPaths, ClusterModel, compareCodeUnits, wholeFileError } from '../model';

/** Runs git in the user's repository and returns its trimmed output. */
type Git = (...args: string[]) => string;

export interface ClusterTarget {
  readonly cluster: string;
  /** Kubeconfig context of the workload cluster. */
  readonly context: string;
  readonly argocdNamespace: string;
  /** The GitOps repository: Application sources from it must be synced at the commit. */
  readonly repoURL: string;
  /** Names of the cluster's Applications, the root first. */
  readonly applications: readonly string[];
  readonly nodePools: readonly string[];
  readonly nodeClasses: readonly string[];
}

const usage = (message: string, fix: string, file = '--context'): UserError =>
  new UserError([wholeFileError(file, message, fix)]);

/** The workload context of a cluster: `--context CLUSTER=CONTEXT`, else its Argo CD destination name. */
function contextOf(cluster: ClusterModel, contexts: Readonly<Record<string, string>>): string {
  const given = contexts[cluster.name];
  if (given !== undefined) return given;
  const destination = cluster.gitops.destination;
  if ('name' in destination) return destination.name;
  throw usage(
    `needed for cluster ${cluster.name}: its gitops.destination.server ${destination.server} names no kubeconfig context`,
    `Pass --context ${cluster.name}=<kubeconfig context>`,
  );
}

/** Refuses `--context` entries naming clusters that are not checked. */
export function checkContextClusters(
  contexts: Readonly<Record<string, string>>,
  all: readonly ClusterModel[],
): void {
  const names = all.map((c) => c.name);
  for (const cluster of Object.keys(contexts)) {
    if (names.includes(cluster)) continue;
    const guess = didYouMean(cluster, names);
    throw usage(
      `${cluster}=${contexts[cluster]}: the fleet has no cluster '${cluster}'`,
      `${guess !== undefined ? `Did you mean '${guess}'? ` : ''}Clusters: ${names.join(', ')}`,
    );
  }
}

function namesOf(git: Git, commit: string, files: readonly string[]): string[] {
  return files
    .map(
      (file) =>
        (parse(git('show', `${commit}:${file}`)) as { metadata?: { name?: string } } | null)?.metadata?.name,
    )
    .filter((n): n is string => typeof n === 'string')
    .sort();
}

/** The targets of the given clusters at `commit`; refuses a cluster whose `dist/` that commit lacks. */
export function landedTargets(
  clusters: readonly ClusterModel[],
  commit: string,
  git: Git,
  contexts: Readonly<Record<string, string>>,
): ClusterTarget[] {
  return [...clusters]
    .sort((a, b) => compareCodeUnits(a.name, b.name))
    .map((cluster) => {
      const { distPath } = cluster.gitops;
      const prefix = distPath === '.' ? '' : `${distPath}/`;
      const argocd = `${prefix}${distPaths.argocdDir(cluster.name)}`;
      const karpenter = `${prefix}${distPaths.karpenterDir(cluster.name)}`;
      const files = git('ls-tree', '-r', '--name-only', commit, '--', `${argocd}/`, `${karpenter}/`)
        .split('\n')
        .filter((f) => f !== '');
      const under = (dir: string, stem: string) =>
        files.filter(
          (f) =>
            f.startsWith(`${dir}/${stem}-`) && f.endsWith('.yaml') && !f.slice(dir.length + 1).includes('/'),
        );
      const applicationFiles = under(argocd, 'application');
      if (applicationFiles.length === 0) {
        throw usage(
          `has no application-*.yaml at commit ${commit.slice(0, 12)}, so what cluster ${cluster.name} must run is unknown`,
          'Run karpenter-gitops synth and commit dist/ before promoting',
          `${argocd}/`,
        );
      }
      return {
        cluster: cluster.name,
        context: contextOf(cluster, contexts),
        argocdNamespace: cluster.gitops.argocdNamespace,
        repoURL: cluster.gitops.repoURL,
        applications: [applicationName(cluster, 'root'), ...namesOf(git, commit, applicationFiles)],
        nodePools: namesOf(git, commit, under(karpenter, 'nodepool')),
        nodeClasses: namesOf(git, commit, under(karpenter, 'ec2nodeclass')),
      };
    });
}
