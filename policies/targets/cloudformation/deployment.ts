/** How the `cloudformation` target's template is put in place: one stack per cluster. */
import { ClusterModel, distPaths } from '../../../model';
import { Deployment, REMOVED_LAST } from '../deployment';

export const cloudFormationDeployment: Deployment = {
  step: 'deploy the stack',
  command: (cluster: ClusterModel) =>
    `deploy the stack: aws cloudformation deploy --template-file dist/${distPaths.cloudFormation(cluster.name)} ` +
    `--stack-name Karpenter-${cluster.name} --capabilities CAPABILITY_NAMED_IAM --region ${cluster.aws.region}`,
  createsAwsSide: true,
  removal: () => `Delete the CloudFormation stack last (${REMOVED_LAST})`,
};
