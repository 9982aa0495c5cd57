/**
 * `<cluster>-karpenter-crd`: the `karpenter-crd` chart at the cluster's Karpenter version,
 * sync wave -2. It exists because Helm installs a chart's `crds/` only once and never
 * upgrades them; as templates of their own chart the CRDs follow every version bump.
 * ServerSideApply: the CRDs are too large for client-side apply's annotation.
 * Delete=false: deleting this Application must not delete the CRDs (that would delete
 * every NodePool, and with them every node Karpenter launched).
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { KARPENTER_CHART_REPO, KARPENTER_CRD_CHART, SYNC_WAVES, ClusterModel } from '../../model';
import {
  applicationMetadata,
  clusterDestination,
  hasConversionWebhook,
  SYNC_OPTIONS,
  SyncOption,
  syncPolicy,
} from './application-common';
import { argocdObject } from './argocd-object';
import { applicationName, RELEASE_NAMES } from './application-names';

export interface CrdApplicationProps {
  readonly cluster: ClusterModel;
}

export class CrdApplication extends Construct {
  public readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: CrdApplicationProps) {
    super(scope, id);
    const cluster = props.cluster;
    const gitops = cluster.gitops;
    const conversion = hasConversionWebhook(cluster);
    const options: SyncOption[] = [SYNC_OPTIONS.serverSideApply, SYNC_OPTIONS.noDelete];
    if (conversion) options.push(SYNC_OPTIONS.respectIgnoreDifferences);
    this.apiObject = argocdObject(this, 'application', 'Application', {
      metadata: applicationMetadata(applicationName(cluster, 'crd'), gitops, SYNC_WAVES.crdApplication),
      spec: {
        project: gitops.project,
        source: {
          repoURL: KARPENTER_CHART_REPO,
          chart: KARPENTER_CRD_CHART,
          targetRevision: cluster.karpenter.version,
          helm: { releaseName: RELEASE_NAMES.crd },
        },
        // The release namespace is where 1.0.x CRDs point their conversion webhook.
        destination: clusterDestination(gitops, cluster.karpenter.namespace),
        syncPolicy: syncPolicy(gitops, options),
        // 1.0.x: the controller injects the webhook's CA bundle into the CRDs at runtime.
        ...(conversion
          ? {
              ignoreDifferences: [
                {
                  group: 'apiextensions.k8s.io',
                  kind: 'CustomResourceDefinition',
                  jsonPointers: ['/spec/conversion/webhook/clientConfig/caBundle'],
                },
              ],
            }
          : {}),
      },
    });
  }
}
