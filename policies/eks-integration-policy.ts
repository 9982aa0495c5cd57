/** Controller permission to discover the API server endpoint of its own cluster. */
import { ClusterModel } from '../model';
import { arnBuilder } from './partition';
import { PolicyDocument, policyDocument, statement } from './policy-document';

export function eksIntegrationPolicy(cluster: ClusterModel): PolicyDocument {
  return policyDocument([
    statement({
      Sid: 'AllowAPIServerEndpointDiscovery',
      Effect: 'Allow',
      Action: 'eks:DescribeCluster',
      Resource: arnBuilder(cluster.aws).eksCluster(cluster.name),
    }),
  ]);
}
