import { App, Chart } from 'cdk8s';
import { CapacityBuffer, PodTemplate } from '../../../charts/karpenter/capacity-buffer';
import { CapacityBufferModel, PodTemplateModel } from '../../../model/shared/overlay-buffer-model';

const chart = () =>
  new Chart(new App({ outdir: '.', recordConstructMetadata: false }), 'test', {
    disableResourceNameHashes: true,
  });
const source = { file: 'clusters/dataops.yaml', line: 1, col: 1 };
const buffer = (model: CapacityBufferModel) => new CapacityBuffer(chart(), 'b', { model }).apiObject.toJson();
const template = (model: PodTemplateModel) => new PodTemplate(chart(), 't', { model }).apiObject.toJson();

describe('CapacityBuffer construct', () => {
  it('maps every field, in its namespace, wave 3 (after the pools and the pod templates)', () => {
    expect(
      buffer({
        name: 'spark-headroom',
        namespace: 'capacity-buffers',
        source,
        podTemplateRef: { name: 'spark-executor', existing: false },
        replicas: 4,
        limits: { cpu: '8', memory: '16Gi' },
        provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
      }),
    ).toEqual({
      apiVersion: 'autoscaling.x-k8s.io/v1beta1',
      kind: 'CapacityBuffer',
      metadata: {
        name: 'spark-headroom',
        namespace: 'capacity-buffers',
        labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
        annotations: {
          'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true',
          'argocd.argoproj.io/sync-wave': '3',
        },
      },
      spec: {
        podTemplateRef: { name: 'spark-executor' },
        replicas: 4,
        limits: { cpu: '8', memory: '16Gi' },
        provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
      },
    });
  });

  it('scalableRef and percentage; an existing pod template is marked by annotation, not in the spec', () => {
    const scalable = buffer({
      name: 'notebooks',
      namespace: 'jupyter',
      source,
      scalableRef: { apiGroup: 'apps', kind: 'Deployment', name: 'notebook-server' },
      percentage: 20,
      limits: {},
      provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
    });
    expect(scalable.spec).toEqual({
      scalableRef: { apiGroup: 'apps', kind: 'Deployment', name: 'notebook-server' },
      percentage: 20,
      provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
    });
    const existing = buffer({
      name: 'checkout-burst',
      namespace: 'checkout',
      source,
      podTemplateRef: { name: 'checkout-chunk', existing: true },
      replicas: 2,
      limits: {},
      provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
    });
    expect(existing.metadata.annotations['karpenter-gitops/existing-pod-template']).toBe('true');
    expect(existing.spec.podTemplateRef).toEqual({ name: 'checkout-chunk' });
  });
});

describe('PodTemplate construct', () => {
  it('object and pod metadata, the pod spec as written, wave 2', () => {
    const spec = {
      containers: [{ image: 'pause', name: 'c', resources: { requests: { cpu: '1' } } }],
      priorityClassName: 'low',
    };
    expect(
      template({
        name: 'chunk',
        namespace: 'capacity-buffers',
        source,
        labels: { team: 'data' },
        annotations: { 'kubernetes.io/description': 'one chunk' },
        templateLabels: { app: 'chunk' },
        templateAnnotations: {},
        spec,
      }),
    ).toEqual({
      apiVersion: 'v1',
      kind: 'PodTemplate',
      metadata: {
        name: 'chunk',
        namespace: 'capacity-buffers',
        labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops', team: 'data' },
        annotations: {
          'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true',
          'argocd.argoproj.io/sync-wave': '2',
          'kubernetes.io/description': 'one chunk',
        },
      },
      template: { metadata: { labels: { app: 'chunk' } }, spec },
    });
  });
});
