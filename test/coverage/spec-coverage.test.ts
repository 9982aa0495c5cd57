/**
 * Every field of every Karpenter kind the tool generates is reachable from the fleet
 * description: the fixture fleets (test/fixtures/coverage/, test/fixtures/coverage-overlays/) are
 * loaded by the real loader and synthesized by the real pipeline, and for each kind every leaf path of its spec
 * schema in the pinned 1.14.1 CRD must be set in at least one synthesized manifest of that
 * kind. A kind is one row of KINDS; the only leaves not reached are its documented exceptions.
 */
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadFleet } from '../../io/read-fleet';
import { synthesize } from '../../synth/synthesize';
import { crdSpecSchema, leafPaths, reachedLeafPaths } from './schema-leaf-paths';

const ROOT = resolve(__dirname, '..', '..');
const CRDS = resolve(ROOT, '..', 'shared', 'crds', 'karpenter', 'v1.14.1');
const FIXTURES = join(ROOT, 'test', 'fixtures');

interface KindRow {
  readonly kind: string;
  readonly apiVersion: string;
  /** CRD file in the pinned 1.14.1 set. */
  readonly crdFile: string;
  /** Version of the CRD whose spec schema is walked. */
  readonly version: string;
  /** Fixture fleet under test/fixtures/ that sets every leaf of the kind. */
  readonly fixture: string;
  /** Leaves the fleet description deliberately does not reach, each with the reason. */
  readonly exceptions: Readonly<Record<string, string>>;
}

const RUNTIME_TAINT_TIME =
  'written by Kubernetes when it adds a NoExecute taint to a node; a NodePool that sets it would pin a stale timestamp';

/** One row per kind of Karpenter 1.14.1 the tool generates. */
export const KINDS: readonly KindRow[] = [
  {
    kind: 'NodePool',
    apiVersion: 'karpenter.sh/v1',
    crdFile: 'karpenter.sh_nodepools.yaml',
    version: 'v1',
    fixture: 'coverage',
    exceptions: {
      'template.spec.taints[].timeAdded': RUNTIME_TAINT_TIME,
      'template.spec.startupTaints[].timeAdded': RUNTIME_TAINT_TIME,
    },
  },
  {
    kind: 'EC2NodeClass',
    apiVersion: 'karpenter.k8s.aws/v1',
    crdFile: 'karpenter.k8s.aws_ec2nodeclasses.yaml',
    version: 'v1',
    fixture: 'coverage',
    exceptions: {},
  },
  {
    kind: 'NodeOverlay',
    apiVersion: 'karpenter.sh/v1alpha1',
    crdFile: 'karpenter.sh_nodeoverlays.yaml',
    version: 'v1alpha1',
    fixture: 'coverage-overlays',
    exceptions: {},
  },
  {
    kind: 'CapacityBuffer',
    apiVersion: 'autoscaling.x-k8s.io/v1beta1',
    crdFile: 'autoscaling.x-k8s.io_capacitybuffers.yaml',
    version: 'v1beta1',
    fixture: 'coverage-overlays',
    exceptions: {},
  },
];

interface Manifest {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly spec?: unknown;
}

describe('every spec field of the generated Karpenter kinds is reachable from the fleet description', () => {
  const manifestsOf = new Map<string, Manifest[]>();
  const warningsOf = new Map<string, unknown[]>();
  for (const fixture of new Set(KINDS.map((k) => k.fixture))) {
    const { fleet, warnings } = loadFleet(join(FIXTURES, fixture));
    const manifests: Manifest[] = [];
    for (const [path, text] of synthesize(fleet)) {
      if (!path.endsWith('.yaml')) continue;
      for (const doc of parseAllDocuments(text)) manifests.push(doc.toJS() as Manifest);
    }
    manifestsOf.set(fixture, manifests);
    warningsOf.set(fixture, [...warnings]);
  }

  it('loads the fixture fleets without warnings', () => {
    expect([...warningsOf.values()].flat()).toEqual([]);
  });

  describe.each(KINDS)('$kind', (row) => {
    const schema = crdSpecSchema(join(CRDS, row.crdFile), row.version);
    const leaves = leafPaths(schema);
    const objects = (manifestsOf.get(row.fixture) ?? []).filter(
      (m) => m.kind === row.kind && m.apiVersion === row.apiVersion,
    );
    const reached = new Set(objects.flatMap((m) => reachedLeafPaths(schema, m.spec)));

    it('the fixture fleet generates objects of this kind', () => {
      expect(objects.length).toBeGreaterThan(0);
    });

    it('reaches every leaf path but the documented exceptions', () => {
      const unreachable = leaves.filter((p) => !reached.has(p) && !(p in row.exceptions));
      expect(unreachable).toEqual([]);
    });

    it('lists only exceptions that are real leaves, really not reached, with a reason', () => {
      for (const [path, reason] of Object.entries(row.exceptions)) {
        expect(leaves).toContain(path);
        expect(reached.has(path)).toBe(false);
        expect(reason.length).toBeGreaterThan(20);
      }
    });

    it('states the coverage figure', () => {
      const covered = leaves.filter((p) => reached.has(p)).length;
      const figure = `${row.kind}: ${covered}/${leaves.length} spec leaf paths reached (${(
        (100 * covered) /
        leaves.length
      ).toFixed(1)}%), ${Object.keys(row.exceptions).length} documented exceptions`;
      console.log(figure);
      expect(covered + Object.keys(row.exceptions).length).toBe(leaves.length);
    });
  });
});
