/**
 * The NodeOverlay / CapacityBuffer coverage fixture (test/fixtures/coverage-overlays/clusters/):
 * its manifests pass the CRDs, and what the kinds need around them (gates in the Helm values,
 * AppProject kinds and namespaces) is generated. That every leaf of both spec schemas is reached
 * is proven with the other kinds in spec-coverage.test.ts.
 */
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { karpenterGenerator } from '../../charts/karpenter/karpenter-generator';
import { distPaths } from '../../model/shared/dist-layout';
import { synthesize } from '../../synth/synthesize';
import { loadFleet } from '../../io/read-fleet';
import { crdSpecSchema, leafPaths } from './schema-leaf-paths';
import { parseManifests } from '../../validation/manifest-source';
import { validateManifests } from '../../validation/kubernetes/validate-manifests';
import { textsOf } from '../../model';

const ROOT = resolve(__dirname, '..', '..');

const CRDS = join(ROOT, '..', 'shared', 'crds', 'karpenter', 'v1.14.1');

const KINDS = [
  { kind: 'NodeOverlay', file: 'karpenter.sh_nodeoverlays.yaml', version: 'v1alpha1' },
  { kind: 'CapacityBuffer', file: 'autoscaling.x-k8s.io_capacitybuffers.yaml', version: 'v1beta1' },
] as const;

describe('NodeOverlay and CapacityBuffer coverage (Karpenter 1.14.1)', () => {
  const { fleet, warnings } = loadFleet(ROOT, { clustersDir: 'test/fixtures/coverage-overlays/clusters' });
  const files = textsOf(karpenterGenerator(fleet));
  const manifests = [...files].map(([path, text]) => ({
    path,
    text,
    value: parse(text) as Record<string, unknown>,
  }));

  it('the fixture loads without warnings and its manifests pass the CRD schemas and CEL rules', () => {
    expect(warnings).toEqual([]);
    const docs = manifests.flatMap((m) => parseManifests(`dist/${m.path}`, m.text));
    expect(validateManifests(docs)).toEqual([]);
  });

  it("the gates reach the cluster's Helm values; the AppProject admits the kinds and namespaces; the default namespace is created", () => {
    const all = synthesize(fleet);
    const values = parse(all.get(distPaths.karpenterValues('overlays')) ?? '') as {
      settings: { featureGates: Record<string, boolean> };
    };
    expect(values.settings.featureGates).toEqual({ capacityBuffer: true, nodeOverlay: true });
    const project = parse(all.get(distPaths.argocdAppProject('overlays')) ?? '') as {
      spec: {
        destinations: { namespace: string }[];
        clusterResourceWhitelist: { group: string; kind: string }[];
        namespaceResourceWhitelist: { group: string; kind: string }[];
      };
    };
    expect(project.spec.destinations.map((d) => d.namespace)).toEqual(
      expect.arrayContaining(['capacity-buffers', 'web']),
    );
    expect(project.spec.clusterResourceWhitelist).toContainEqual({
      group: 'karpenter.sh',
      kind: 'NodeOverlay',
    });
    expect(project.spec.namespaceResourceWhitelist).toEqual(
      expect.arrayContaining([
        { group: '', kind: 'PodTemplate' },
        { group: 'autoscaling.x-k8s.io', kind: 'CapacityBuffer' },
      ]),
    );
    expect(all.has(distPaths.namespace('overlays', 'capacity-buffers'))).toBe(true);
    expect(all.has(distPaths.namespace('overlays', 'web'))).toBe(false);
  });

  it('the leaf paths are the ones the 1.14.1 CRDs define', () => {
    expect(leafPaths(crdSpecSchema(join(CRDS, KINDS[0].file), 'v1alpha1'))).toEqual([
      'capacity.*',
      'price',
      'priceAdjustment',
      'requirements[].key',
      'requirements[].operator',
      'requirements[].values[]',
      'weight',
    ]);
    expect(leafPaths(crdSpecSchema(join(CRDS, KINDS[1].file), 'v1beta1'))).toEqual([
      'limits.*',
      'percentage',
      'podTemplateRef.name',
      'provisioningStrategy',
      'replicas',
      'scalableRef.apiGroup',
      'scalableRef.kind',
      'scalableRef.name',
    ]);
  });
});
