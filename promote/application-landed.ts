/**
 * Has one generated Argo CD Application landed a commit? Read from the Application object on
 * the management cluster (argoproj.io/v1alpha1, Argo CD 3.5.1 CRD): `spec.source(s)`,
 * `status.sync.{status,revision,revisions,comparedTo}`, `status.health.status`, `operation`,
 * `status.operationState.{phase,retryCount,message}`.
 *
 * It applies the same rule as the stricter child health the tool generates into `argocd-cm`
 * (charts/argocd/application-health.ts): the status must describe the current spec
 * (`comparedTo` sources equal `spec` sources), no sync pending or running, Synced and Healthy.
 * On top, every source from the GitOps repository must be synced at the promoted commit or a
 * later one that contains it (decided by git in the user's repository).
 */
import { KubeObject } from './kube-reader';

/** Whether `commit` is `revision` or an ancestor of it; undefined when `revision` is not in the local repository. */
export type Contains = (revision: string, commit: string) => boolean | undefined;

interface Source {
  readonly repoURL?: string;
  readonly path?: string;
  readonly chart?: string;
  readonly targetRevision?: string;
  readonly ref?: string;
}

interface SourceHolder {
  readonly source?: Source;
  readonly sources?: readonly Source[];
}

function sourcesOf(t: SourceHolder | undefined): readonly Source[] {
  if (t === undefined) return [];
  if (t.sources !== undefined && t.sources.length > 0) return t.sources;
  if (t.source?.repoURL !== undefined && t.source.repoURL !== '') return [t.source];
  return [];
}

const SOURCE_KEYS = ['repoURL', 'path', 'chart', 'targetRevision', 'ref'] as const;

function sameSources(a: readonly Source[], b: readonly Source[]): boolean {
  return (
    a.length === b.length && a.every((s, i) => SOURCE_KEYS.every((k) => (s[k] ?? '') === (b[i][k] ?? '')))
  );
}

interface ApplicationStatus {
  readonly sync?: {
    readonly status?: string;
    readonly revision?: string;
    readonly revisions?: readonly string[];
    readonly comparedTo?: SourceHolder;
  };
  readonly health?: { readonly status?: string; readonly message?: string };
  readonly operationState?: {
    readonly phase?: string;
    readonly retryCount?: number;
    readonly message?: string;
  };
}

const short = (sha: string) => sha.slice(0, 12);

/**
 * Why the Application has not landed `commit`, or undefined if it has.
 * `repoURL` is the GitOps repository: only its sources are synced at a commit of it.
 */
export function applicationMissing(
  app: KubeObject,
  repoURL: string,
  commit: string,
  contains: Contains,
): string | undefined {
  const status = (app.status ?? {}) as ApplicationStatus;
  const comparedTo = status.sync?.comparedTo;
  const specSources = sourcesOf(app.spec as SourceHolder | undefined);
  if (comparedTo === undefined) return 'not compared yet by the Application controller';
  if (!sameSources(specSources, sourcesOf(comparedTo))) {
    return 'its current spec is not compared yet (the status still describes the previous one)';
  }
  if (app.operation !== undefined && app.operation !== null) return 'a sync is pending';
  const op = status.operationState;
  if (op?.phase === 'Running' || op?.phase === 'Terminating') {
    return (op.retryCount ?? 0) > 0
      ? `its sync failed and is being retried: ${op.message ?? ''}`.trimEnd()
      : 'a sync is in progress';
  }
  const sync = status.sync?.status ?? 'Unknown';
  if (sync !== 'Synced') return `${sync}, not Synced`;
  const revisions =
    comparedTo.sources !== undefined && comparedTo.sources.length > 0
      ? (status.sync?.revisions ?? [])
      : [status.sync?.revision ?? ''];
  for (const [i, source] of specSources.entries()) {
    if (source.repoURL !== repoURL || source.chart !== undefined) continue;
    const revision = revisions[i] ?? '';
    if (revision === '') return `Synced, but no revision is recorded for ${repoURL}`;
    const landed = contains(revision, commit);
    if (landed === undefined) {
      return `Synced at ${short(revision)}, which is not in the local repository: run git fetch and retry`;
    }
    if (!landed) return `Synced at ${short(revision)}, not at ${short(commit)}`;
  }
  const health = status.health?.status ?? 'Unknown';
  if (health !== 'Healthy') {
    const detail =
      status.health?.message ?? (op?.phase === 'Failed' || op?.phase === 'Error' ? op.message : undefined);
    return `${health}, not Healthy${detail ? `: ${detail}` : ''}`;
  }
  return undefined;
}
