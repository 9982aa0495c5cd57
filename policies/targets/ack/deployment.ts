/** How the `ack` target's objects are put in place: Argo CD syncs them where the ACK controllers run. */
import { ClusterModel } from '../../../model';
import { Deployment, REMOVED_LAST } from '../deployment';
import { ACK_DIR } from './generator';

export const ackDeployment: Deployment = {
  step: 'let Argo CD sync the ACK objects (the <cluster>-karpenter-aws Application)',
  command: (cluster: ClusterModel) =>
    `let Argo CD sync ${cluster.name}-karpenter-aws (dist/${cluster.name}/${ACK_DIR}) where the ACK controllers run, with the argocd-cm patch applied, until it is Healthy (docs/ack.md)`,
  createsAwsSide: true,
  removal: ({ awsApplication }) =>
    `Delete ${awsApplication} last (${REMOVED_LAST}); with deletion-policy retain (the default) ACK leaves the roles and the queue in AWS: delete them there once nothing uses them`,
};
