/** How the `ack` target's objects are put in place: Argo CD syncs them to the ACK controllers' cluster. */
import { ClusterModel } from '../../../model';
import { Deployment } from '../deployment';
import { ACK_DIR } from './generator';

export const ackDeployment: Deployment = {
  step: 'let Argo CD sync the ACK Application and wait for it to be Healthy',
  command: (cluster: ClusterModel) =>
    `let Argo CD sync ${cluster.name}-karpenter-aws (dist/${cluster.name}/${ACK_DIR}) and wait for it to be Healthy (docs/ack.md)`,
  createsAwsSide: true,
};
