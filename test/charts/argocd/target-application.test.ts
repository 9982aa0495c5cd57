import { App } from 'cdk8s';
import { FleetChart } from '../../../charts/argocd/fleet-chart';
import { ClusterModel } from '../../../model/shared/fleet-model';
import { argoObjects, Json, TICKETING, withCluster } from './argo-fixtures';

const onAck = (destination?: string): ClusterModel =>
  withCluster((c) => ({
    ...c,
    aws: {
      ...c.aws,
      managedBy: 'ack',
      ack: {
        destination: destination ? { name: destination } : c.gitops.destination,
        deletionPolicy: 'retain',
      },
    },
  }));

function fleetObjects(clusters: ClusterModel[]): Map<string, Json> {
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const chart = new FleetChart(app, { fleet: { clusters } });
  return new Map(chart.manifests.map((m) => [m.path, m.apiObject.toJson()]));
}

describe('the Application of the ACK objects (aws.managedBy: ack)', () => {
  it('syncs dist/<cluster>/ack/karpenter.yaml to aws.ack.destination, in a wave before the controller', () => {
    const objects = argoObjects(onAck('hub'));
    const app = objects.get('ticketing/argocd/application-aws.yaml');
    expect(app.metadata.name).toBe('ticketing-karpenter-aws');
    expect(app.metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('-2');
    const controller = objects.get('ticketing/argocd/application-controller.yaml');
    expect(Number(app.metadata.annotations['argocd.argoproj.io/sync-wave'])).toBeLessThan(
      Number(controller.metadata.annotations['argocd.argoproj.io/sync-wave']),
    );
    expect(app.spec.destination).toEqual({ name: 'hub', namespace: 'karpenter-ack' });
    expect(app.spec.source).toMatchObject({
      path: 'dist/ticketing/ack',
      directory: { recurse: false, include: 'karpenter.yaml' },
    });
    expect(app.spec.syncPolicy.syncOptions).toEqual([
      'CreateNamespace=true',
      'SkipDryRunOnMissingResource=true',
    ]);
  });

  it('lets the AppProject write the ACK kinds into their namespace at that destination', () => {
    const project = argoObjects(onAck('hub')).get('ticketing/argocd/appproject.yaml');
    expect(project.spec.destinations).toContainEqual({ name: 'hub', namespace: 'karpenter-ack' });
    expect(project.spec.namespaceResourceWhitelist).toContainEqual({
      group: 'iam.services.k8s.aws',
      kind: 'Role',
    });
    expect(project.spec.namespaceResourceWhitelist).toContainEqual({
      group: 'sqs.services.k8s.aws',
      kind: 'Queue',
    });
    expect(project.spec.clusterResourceWhitelist).toContainEqual({ group: '', kind: 'Namespace' });
  });

  it('is absent for the other targets', () => {
    expect(argoObjects(TICKETING).has('ticketing/argocd/application-aws.yaml')).toBe(false);
  });
});

describe('the argocd-cm patch', () => {
  it('gains the ACK health checks only where a cluster of that Argo CD is on ack', () => {
    const plain = fleetObjects([TICKETING]).get('fleet/argocd-cm-patch-argocd.yaml');
    expect(Object.keys(plain.data)).toEqual(['resource.customizations.health.argoproj.io_Application']);
    const ack = fleetObjects([onAck()]).get('fleet/argocd-cm-patch-argocd.yaml');
    expect(Object.keys(ack.data)).toContain('resource.customizations.health.iam.services.k8s.aws_Role');
    expect(Object.keys(ack.data)).toContain('resource.customizations.health.argoproj.io_Application');
    expect(ack.data['resource.customizations.health.sqs.services.k8s.aws_Queue']).toContain('ACK.Terminal');
    expect(Object.keys(ack.data)).toHaveLength(9);
  });
});
