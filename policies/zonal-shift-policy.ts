/** Controller permission to read the zonal-shift status of its own cluster (only when enabled). */
import { ClusterModel } from '../model';
import { arnBuilder } from './partition';
import { PolicyDocument, policyDocument, statement } from './policy-document';

export function zonalShiftPolicy(cluster: ClusterModel): PolicyDocument {
  return policyDocument([
    statement({
      Sid: 'AllowZonalShiftStatusReadOnly',
      Effect: 'Allow',
      Action: 'arc-zonal-shift:GetManagedResource',
      // The action has no resource-level permissions; the condition scopes it to the cluster.
      Resource: '*',
      Condition: {
        StringEquals: {
          'arc-zonal-shift:ResourceIdentifier': arnBuilder(cluster.aws).eksCluster(cluster.name),
        },
      },
    }),
  ]);
}
