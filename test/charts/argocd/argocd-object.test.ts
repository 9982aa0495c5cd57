import { ApiObject, App, Chart } from 'cdk8s';
import { Application, ApplicationSet, AppProject } from '../../../imports/argocd-v3.5.1/argoproj.io';
import { ArgoCdChart } from '../../../charts/argocd/argocd-chart';
import { ARGOCD_API_VERSION, argocdObject } from '../../../charts/argocd/argocd-object';
import { FleetChart } from '../../../charts/argocd/fleet-chart';
import { ClusterModel } from '../../../model/shared/fleet-model';
import { fleetFixture } from '../../support/fleet-fixtures';
import { Json, TICKETING } from './argo-fixtures';

/** The generated TypeScript names of the two fields the CRDs spell differently in JSON. */
const TS_NAMES: Readonly<Record<string, string>> = { repoURL: 'repoUrl', keyID: 'keyId' };

/** The JSON form back in the generated constructs' property names (what their props take). */
function toProps(value: Json): Json {
  if (Array.isArray(value)) return value.map(toProps);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [TS_NAMES[k] ?? k, toProps(v)]));
}

const GENERATED = { Application, AppProject, ApplicationSet } as const;

/** The same object built with the generated construct of its kind, as JSON text (key order included). */
function throughGeneratedConstruct(object: ApiObject): string {
  const json = object.toJson() as Json;
  const chart = new Chart(new App({ outdir: '.', recordConstructMetadata: false }), 'generated');
  const Construct = GENERATED[json.kind as keyof typeof GENERATED];
  expect(Construct).toBeDefined();
  const generated = new Construct(chart, 'object', { metadata: json.metadata, spec: toProps(json.spec) });
  return JSON.stringify(generated.toJson());
}

function argocdManifests(fleet: readonly ClusterModel[]): ApiObject[] {
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const placed = [
    ...fleet.flatMap((cluster) => new ArgoCdChart(app, { cluster }).manifests),
    ...new FleetChart(app, { fleet: { clusters: fleet } }).manifests,
  ];
  return placed.map((m) => m.apiObject).filter((o) => o.apiVersion === ARGOCD_API_VERSION);
}

const variant = (patch: (c: ClusterModel) => ClusterModel): ClusterModel => patch(TICKETING);

const VARIANTS: Readonly<Record<string, readonly ClusterModel[]>> = {
  'the fixture fleet (roots)': fleetFixture().clusters,
  'an ApplicationSet entry': fleetFixture().clusters.map((c) => ({
    ...c,
    gitops: { ...c.gitops, fleetEntry: 'applicationset' as const },
  })),
  'Karpenter 1.0.x (conversion webhook)': [
    variant((t) => ({ ...t, karpenter: { ...t.karpenter, version: '1.0.14' } })),
  ],
  'an ACK target (its own Application)': [
    variant((t) => ({
      ...t,
      aws: {
        ...t.aws,
        managedBy: 'ack' as const,
        ack: { destination: { name: 'hub' }, deletionPolicy: 'retain' as const },
      },
    })),
  ],
  'a destination by server URL, manual sync': [
    variant((t) => ({
      ...t,
      gitops: {
        ...t.gitops,
        destination: { server: 'https://10.0.0.1:6443' },
        syncPolicy: { automated: false, prune: false, selfHeal: false },
      },
    })),
  ],
};

describe('argocdObject', () => {
  it('writes the Argo CD apiVersion of the generated constructs', () => {
    expect(ARGOCD_API_VERSION).toBe(Application.GVK.apiVersion);
    expect(ARGOCD_API_VERSION).toBe(AppProject.GVK.apiVersion);
    expect(ARGOCD_API_VERSION).toBe(ApplicationSet.GVK.apiVersion);
  });

  it('renders a plain object with the CRD field names and sorted keys', () => {
    const chart = new Chart(new App({ outdir: '.', recordConstructMetadata: false }), 'c');
    const object = argocdObject(chart, 'app', 'Application', {
      metadata: { name: 'x', namespace: 'argocd' },
      spec: {
        project: 'p',
        source: { targetRevision: 'main', repoURL: 'https://example.com/r.git', path: 'a' },
        destination: { name: 'in-cluster', namespace: 'karpenter' },
      },
    });
    expect(JSON.stringify(object.toJson())).toBe(
      JSON.stringify({
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name: 'x', namespace: 'argocd' },
        spec: {
          destination: { name: 'in-cluster', namespace: 'karpenter' },
          project: 'p',
          source: { path: 'a', repoURL: 'https://example.com/r.git', targetRevision: 'main' },
        },
      }),
    );
  });

  it('writes the same order with cdk8s’s sorting turned off (CDK8S_DISABLE_SORT)', () => {
    const objects = argocdManifests(VARIANTS['the fixture fleet (roots)']);
    const sorted = objects.map((o) => JSON.stringify(o.toJson()));
    process.env.CDK8S_DISABLE_SORT = '1';
    try {
      expect(objects.map((o) => JSON.stringify(o.toJson()))).toEqual(sorted);
      expect(objects.map((o) => throughGeneratedConstruct(o))).toEqual(sorted);
    } finally {
      delete process.env.CDK8S_DISABLE_SORT;
    }
  });

  for (const [name, fleet] of Object.entries(VARIANTS)) {
    it(`writes every Argo CD object of ${name} exactly as the generated construct does`, () => {
      const objects = argocdManifests(fleet);
      expect(new Set(objects.map((o) => o.kind))).toEqual(
        new Set(
          name === 'an ApplicationSet entry'
            ? ['AppProject', 'Application', 'ApplicationSet']
            : ['AppProject', 'Application'],
        ),
      );
      if (name.startsWith('an ACK target')) {
        expect(objects.map((o) => o.metadata.name)).toContain('ticketing-karpenter-aws');
      }
      for (const object of objects) {
        expect(JSON.stringify(object.toJson())).toBe(throughGeneratedConstruct(object));
      }
    });
  }
});
