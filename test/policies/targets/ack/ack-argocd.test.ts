import {
  ACK_HEALTH_CHECKS,
  ACK_HEALTH_LUA,
  ackDestination,
} from '../../../../policies/targets/ack/ack-argocd';
import { runHealthLua } from '../../../charts/argocd/run-lua-health';
import { clusterModel } from '../../fixtures';

const role = (conditions?: unknown[]) => ({
  apiVersion: 'iam.services.k8s.aws/v1alpha1',
  kind: 'Role',
  metadata: { name: 'shop-node-role' },
  spec: { name: 'KarpenterNodeRole-shop' },
  ...(conditions !== undefined ? { status: { conditions } } : {}),
});

describe('the Argo CD health check of ACK kinds (argocd-cm, run on fengari)', () => {
  it('marks a Role with ACK.Terminal True Degraded, with the condition message', () => {
    const terminal = {
      type: 'ACK.Terminal',
      status: 'True',
      message: 'MalformedPolicyDocument: Has prohibited field Resource',
    };
    const synced = { type: 'ACK.ResourceSynced', status: 'True' };
    expect(runHealthLua(ACK_HEALTH_LUA, role([synced, terminal]))).toEqual({
      status: 'Degraded',
      message: 'MalformedPolicyDocument: Has prohibited field Resource',
    });
  });

  it('marks a Role with ACK.ResourceSynced True Healthy', () => {
    expect(
      runHealthLua(
        ACK_HEALTH_LUA,
        role([{ type: 'ACK.ResourceSynced', status: 'True', message: 'Resource synced successfully' }]),
      ),
    ).toEqual({ status: 'Healthy', message: 'Resource synced successfully' });
  });

  it('is Progressing before the controller reports, and while ResourceSynced is False', () => {
    expect(runHealthLua(ACK_HEALTH_LUA, role()).status).toBe('Progressing');
    expect(
      runHealthLua(
        ACK_HEALTH_LUA,
        role([{ type: 'ACK.ResourceSynced', status: 'False', message: 'waiting for referenced Policy' }]),
      ),
    ).toEqual({ status: 'Progressing', message: 'waiting for referenced Policy' });
    expect(runHealthLua(ACK_HEALTH_LUA, role([{ type: 'ACK.Terminal', status: 'False' }])).status).toBe(
      'Progressing',
    );
  });

  it('is keyed per ACK kind the target writes, as argocd-cm reads health overrides (<group>_<kind>)', () => {
    expect(Object.keys(ACK_HEALTH_CHECKS).sort()).toEqual([
      'resource.customizations.health.eks.services.k8s.aws_AccessEntry',
      'resource.customizations.health.eks.services.k8s.aws_PodIdentityAssociation',
      'resource.customizations.health.eventbridge.services.k8s.aws_Rule',
      'resource.customizations.health.iam.services.k8s.aws_InstanceProfile',
      'resource.customizations.health.iam.services.k8s.aws_Policy',
      'resource.customizations.health.iam.services.k8s.aws_Role',
      'resource.customizations.health.iam.services.k8s.aws_ServiceLinkedRole',
      'resource.customizations.health.sqs.services.k8s.aws_Queue',
    ]);
  });
});

describe('ackDestination', () => {
  it('is aws.ack.destination, else the workload cluster', () => {
    expect(ackDestination(clusterModel({ name: 'shop', aws: { managedBy: 'ack' } }))).toEqual({
      name: 'shop',
    });
    expect(
      ackDestination(
        clusterModel({
          name: 'shop',
          aws: { managedBy: 'ack', ack: { destination: { name: 'hub' }, deletionPolicy: 'retain' } },
        }),
      ),
    ).toEqual({ name: 'hub' });
  });
});
