/**
 * The Application of an AWS-side target whose files Argo CD syncs (`aws.managedBy: ack`,
 * policies/targets/targets.ts `application`): `<cluster>-karpenter-aws` syncs
 * `dist/<cluster>/<target dir>` to the target's destination (for ack `aws.ack.destination`, the
 * cluster where the ACK controllers run, by default the workload cluster), in its sync wave
 * before the controller's, so the roles exist before the controller starts. The namespace is
 * created by the sync (it may be a hub that has none of the workload cluster's namespaces);
 * SkipDryRunOnMissingResource: the controllers' CRDs may arrive with the controllers.
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ClusterModel } from '../../model';
import { FileTarget, TargetApplication } from '../../policies/targets/targets';
import { applicationMetadata, repoPath, SYNC_OPTIONS, syncPolicy, SyncWave } from './application-common';
import { applicationName } from './application-names';
import { argocdObject } from './argocd-object';

export interface TargetApplicationProps {
  readonly cluster: ClusterModel;
  readonly target: FileTarget & { readonly application: TargetApplication };
}

export class AwsSideApplication extends Construct {
  public readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: TargetApplicationProps) {
    super(scope, id);
    const { cluster, target } = props;
    const app = target.application;
    const gitops = cluster.gitops;
    const destination = app.destination(cluster);
    this.apiObject = argocdObject(this, 'application', 'Application', {
      metadata: applicationMetadata(applicationName(cluster, 'aws'), gitops, app.wave as SyncWave),
      spec: {
        project: gitops.project,
        source: {
          repoURL: gitops.repoURL,
          targetRevision: gitops.targetRevision,
          path: repoPath(gitops, `${cluster.name}/${target.dir}`),
          directory: { recurse: false, include: target.file },
        },
        destination: { ...destination, namespace: app.namespace },
        syncPolicy: syncPolicy(gitops, [
          SYNC_OPTIONS.createNamespace,
          SYNC_OPTIONS.skipDryRunOnMissingResource,
        ]),
      },
    });
  }
}
