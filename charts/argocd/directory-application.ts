/**
 * Applications that sync a folder of `dist/` as plain manifests:
 *
 * - `<cluster>-karpenter-base` (wave -3): `dist/<cluster>/base`, the namespaces the
 *   controller and the smoke tests need, before any chart; Delete=false, so deleting the
 *   Application never deletes the controller's namespace;
 * - `<cluster>-karpenter-nodepools` (wave 0): `dist/<cluster>/karpenter`, EC2NodeClasses
 *   (wave 0 inside), NodePools (wave 1) and smoke tests (wave 2), once the controller runs.
 *   SkipDryRunOnMissingResource: on a fresh cluster the dry run happens before the CRD
 *   Application has created the Karpenter CRDs.
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { SYNC_WAVES, distPaths, ClusterModel } from '../../model';
import {
  applicationMetadata,
  clusterDestination,
  repoPath,
  SYNC_OPTIONS,
  syncPolicy,
} from './application-common';
import { argocdObject } from './argocd-object';
import { applicationName } from './application-names';

export interface DirectoryApplicationProps {
  readonly cluster: ClusterModel;
  readonly role: 'base' | 'nodepools';
}

const ROLE = {
  // Delete=false: deleting the Application must not delete the controller's namespace.
  base: { wave: SYNC_WAVES.baseApplication, dir: distPaths.baseDir, options: [SYNC_OPTIONS.noDelete] },
  nodepools: {
    wave: SYNC_WAVES.nodePoolsApplication,
    dir: distPaths.karpenterDir,
    options: [SYNC_OPTIONS.skipDryRunOnMissingResource],
  },
} as const;

export class DirectoryApplication extends Construct {
  public readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: DirectoryApplicationProps) {
    super(scope, id);
    const { cluster, role } = props;
    const gitops = cluster.gitops;
    const r = ROLE[role];
    this.apiObject = argocdObject(this, 'application', 'Application', {
      metadata: applicationMetadata(applicationName(cluster, role), gitops, r.wave),
      spec: {
        project: gitops.project,
        source: {
          repoURL: gitops.repoURL,
          targetRevision: gitops.targetRevision,
          path: repoPath(gitops, r.dir(cluster.name)),
          directory: { recurse: false },
        },
        destination: clusterDestination(gitops, cluster.karpenter.namespace),
        syncPolicy: syncPolicy(gitops, r.options),
      },
    });
  }
}
