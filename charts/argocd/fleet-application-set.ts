/**
 * The ApplicationSet fleet entry (`gitops.fleetEntry: applicationset`): one ApplicationSet per
 * Argo CD namespace whose git-files generator reads `dist/fleet/clusters/<cluster>.json`
 * (generated, one per cluster) and creates each cluster's root, the same Application
 * `dist/fleet/root-<cluster>.yaml` holds with `fleetEntry: roots`.
 *
 * Why a git-files generator over generated files rather than a cluster generator: every
 * parameter of a root (repository, revision or ring revision, path, labels, sync policy) comes
 * from the reviewed fleet description and shows in the pull request's diff; a cluster generator
 * would read them from labels on Argo CD's cluster Secrets, which are neither in Git nor
 * checked by synth. A new cluster file creates its root without re-applying anything.
 *
 * Per-cluster ordering is kept: the generated root is the root (same source, sync waves and
 * health check), and roots are independent of each other, so no step of one cluster waits for
 * another. Deleting the ApplicationSet keeps everything: with `preserveResourcesOnDeletion` and no
 * finalizer in the template, the roots get no resources finalizer (applicationset/utils/utils.go
 * RenderTemplateParams; docs operator-manual/applicationset/Application-Deletion.md), so deleting
 * one never cascades, and the children carry the resource-level `Delete=false` anyway.
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { MANAGED_BY, TAGS, distPaths, ClusterModel } from '../../model';
import { generatorRevision } from '../../model/stages';
import {
  argocdAnnotations,
  argocdLabels,
  IN_CLUSTER_SERVER,
  repoPath,
  SYNC_OPTIONS,
  SYNC_RETRY,
} from './application-common';
import { applicationName, FLEET_PROJECT } from './application-names';
import { argocdObject } from './argocd-object';

/** Name of the ApplicationSet in each Argo CD namespace. */
export const FLEET_APPLICATION_SET = 'karpenter-gitops-roots';

/** What `dist/fleet/clusters/<cluster>.json` holds: the parameters of one root. */
export interface RootParams {
  readonly name: string;
  readonly cluster: string;
  readonly source: { readonly repoURL: string; readonly targetRevision: string; readonly path: string };
  readonly labels: Readonly<Record<string, string>>;
  readonly syncPolicy: { readonly automated: boolean; readonly prune: boolean; readonly selfHeal: boolean };
}

export function rootParams(cluster: ClusterModel): RootParams {
  const g = cluster.gitops;
  return {
    name: applicationName(cluster, 'root'),
    cluster: cluster.name,
    source: {
      repoURL: g.repoURL,
      targetRevision: g.targetRevision,
      path: repoPath(g, distPaths.argocdDir(cluster.name)),
    },
    labels: argocdLabels(g),
    syncPolicy: { ...g.syncPolicy },
  };
}

/** Parameter file content: stable key order, two-space indent, final newline. */
export function renderRootParams(cluster: ClusterModel): string {
  return `${JSON.stringify(rootParams(cluster), null, 2)}\n`;
}

/**
 * Labels and the automated sync policy differ per cluster and are maps or booleans, which a
 * string-templated field cannot produce: they come from a templatePatch (Argo CD 2.10+).
 */
export const ROOT_TEMPLATE_PATCH = `metadata:
  labels:
  {{- range $key, $value := .labels }}
    {{ $key | quote }}: {{ $value | quote }}
  {{- end }}
{{- if .syncPolicy.automated }}
spec:
  syncPolicy:
    automated:
      prune: {{ .syncPolicy.prune }}
      selfHeal: {{ .syncPolicy.selfHeal }}
{{- end }}
`;

export interface FleetApplicationSetProps {
  readonly argocdNamespace: string;
  /** The clusters with `gitops.fleetEntry: applicationset` in this namespace (checked to share repo, path and revision). */
  readonly clusters: readonly ClusterModel[];
}

export class FleetApplicationSet extends Construct {
  public readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: FleetApplicationSetProps) {
    super(scope, id);
    const g = props.clusters[0].gitops;
    this.apiObject = argocdObject(this, 'applicationset', 'ApplicationSet', {
      metadata: {
        name: FLEET_APPLICATION_SET,
        namespace: props.argocdNamespace,
        labels: { [TAGS.managedBy]: MANAGED_BY },
      },
      spec: {
        goTemplate: true,
        goTemplateOptions: ['missingkey=error'],
        generators: [
          {
            git: {
              repoURL: g.repoURL,
              revision: generatorRevision(g),
              files: [{ path: repoPath(g, distPaths.fleetClusterParamsGlob()) }],
            },
          },
        ],
        syncPolicy: { preserveResourcesOnDeletion: true },
        template: {
          metadata: {
            name: '{{ .name }}',
            namespace: props.argocdNamespace,
            // No finalizer: with preserveResourcesOnDeletion the ApplicationSet adds none
            // (applicationset/utils/utils.go RenderTemplateParams), so deleting a root never cascades.
            annotations: argocdAnnotations(),
          },
          spec: {
            project: FLEET_PROJECT,
            source: {
              repoURL: '{{ .source.repoURL }}',
              targetRevision: '{{ .source.targetRevision }}',
              path: '{{ .source.path }}',
              directory: { recurse: false },
            },
            destination: { server: IN_CLUSTER_SERVER, namespace: props.argocdNamespace },
            syncPolicy: {
              retry: { ...SYNC_RETRY, backoff: { ...SYNC_RETRY.backoff } },
              syncOptions: [SYNC_OPTIONS.noDelete],
            },
          },
        },
        templatePatch: ROOT_TEMPLATE_PATCH,
      },
    });
  }
}
