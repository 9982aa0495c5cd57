/**
 * `<cluster>-karpenter`: the controller chart at the cluster's Karpenter version, sync
 * wave -1, CRDs skipped (the CRD Application owns them). Two sources: the chart from the
 * OCI registry, and the GitOps repository as `ref: values` so the chart reads
 * `$values/<distPath>/<cluster>/values/karpenter.yaml` at the same revision Argo CD syncs.
 *
 * It carries the cluster's AWS region as an annotation (REGION_ANNOTATION) for readers of dist/.
 *
 * The registry is written without `oci://`: Argo CD treats a Helm repoURL without scheme
 * as an OCI registry (util/helm IsHelmOciRepo), so the public ECR chart needs no
 * repository secret.
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import {
  KARPENTER_CHART,
  KARPENTER_CHART_REPO,
  REGION_ANNOTATION,
  SYNC_WAVES,
  distPaths,
  ClusterModel,
} from '../../model';
import { applicationMetadata, clusterDestination, repoPath, syncPolicy } from './application-common';
import { applicationName, RELEASE_NAMES, VALUES_REF } from './application-names';
import { argocdObject } from './argocd-object';

export interface ControllerApplicationProps {
  readonly cluster: ClusterModel;
}

/** The values file as the chart source sees it: `$values/<path in the GitOps repo>`. */
export function valuesFileRef(cluster: ClusterModel): string {
  return `$${VALUES_REF}/${repoPath(cluster.gitops, distPaths.karpenterValues(cluster.name))}`;
}

export class ControllerApplication extends Construct {
  public readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: ControllerApplicationProps) {
    super(scope, id);
    const cluster = props.cluster;
    const gitops = cluster.gitops;
    const metadata = applicationMetadata(
      applicationName(cluster, 'controller'),
      gitops,
      SYNC_WAVES.controllerApplication,
    );
    this.apiObject = argocdObject(this, 'application', 'Application', {
      // The region, for readers of dist/ alone (the impact report's prices); Argo CD ignores it.
      metadata: {
        ...metadata,
        annotations: { ...metadata.annotations, [REGION_ANNOTATION]: cluster.aws.region },
      },
      spec: {
        project: gitops.project,
        sources: [
          {
            repoURL: KARPENTER_CHART_REPO,
            chart: KARPENTER_CHART,
            targetRevision: cluster.karpenter.version,
            helm: {
              releaseName: RELEASE_NAMES.controller,
              skipCrds: true,
              valueFiles: [valuesFileRef(cluster)],
            },
          },
          { repoURL: gitops.repoURL, targetRevision: gitops.targetRevision, ref: VALUES_REF },
        ],
        destination: clusterDestination(gitops, cluster.karpenter.namespace),
        syncPolicy: syncPolicy(gitops, []),
      },
    });
  }
}
