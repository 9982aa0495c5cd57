/**
 * Every leaf path of the NodeOverlay (karpenter.sh/v1alpha1) and CapacityBuffer
 * (autoscaling.x-k8s.io/v1beta1) spec schemas of Karpenter 1.14.1 is reachable from the fleet
 * description: the fixture fleet (test/fixtures/coverage-overlays/clusters/) sets each one, and
 * the test finds it in the synthesized manifests. The schemas are read from the pinned CRDs.
 */
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { karpenterGenerator } from '../../charts/karpenter/karpenter-generator';
import { distPaths } from '../../model/dist-layout';
import { synthesize } from '../../synth/synthesize';
import { loadFleet } from '../../model/load-fleet';
import { parseManifests } from '../../validation/manifest-source';
import { validateManifests } from '../../validation/validate-manifests';
import { crdSpecSchema, leafPaths, reachedLeafPaths } from './schema-leaf-paths';

const ROOT = resolve(__dirname, '..', '..');
const CRDS = join(ROOT, '..', 'shared', 'crds', 'karpenter', 'v1.14.1');

/**
 * Leaf paths the fleet description deliberately cannot set, each with its reason. Empty: every
 * field of both kinds is expressible.
 */
const EXCEPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  NodeOverlay: {},
  CapacityBuffer: {},
};

const KINDS = [
  { kind: 'NodeOverlay', file: 'karpenter.sh_nodeoverlays.yaml', version: 'v1alpha1' },
  { kind: 'CapacityBuffer', file: 'autoscaling.x-k8s.io_capacitybuffers.yaml', version: 'v1beta1' },
] as const;

describe('NodeOverlay and CapacityBuffer coverage (Karpenter 1.14.1)', () => {
  const { fleet, warnings } = loadFleet(ROOT, { clustersDir: 'test/fixtures/coverage-overlays/clusters' });
  const files = karpenterGenerator(fleet);
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

  it.each(KINDS)('every leaf path of the $kind spec is reached', ({ kind, file, version }) => {
    const schema = crdSpecSchema(join(CRDS, file), version);
    const all = leafPaths(schema);
    const reached = new Set(
      manifests.filter((m) => m.value.kind === kind).flatMap((m) => reachedLeafPaths(schema, m.value.spec)),
    );
    const exceptions = EXCEPTIONS[kind];
    const unreachable = all.filter((p) => !reached.has(p) && !(p in exceptions));
    expect(unreachable).toEqual([]);
    // An exception that is reached, or names no path of the schema, is stale.
    expect(Object.keys(exceptions).filter((p) => reached.has(p) || !all.includes(p))).toEqual([]);
    expect(all.length).toBeGreaterThan(0);
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
