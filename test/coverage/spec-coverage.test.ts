/**
 * Every field of every Karpenter kind the tool generates is reachable from the fleet
 * description: the fixture fleet (test/fixtures/coverage/clusters/) is loaded by the real
 * loader and synthesized by the real pipeline, and for each kind every leaf path of its spec
 * schema in the pinned 1.14.1 CRD must be set in at least one synthesized manifest of that
 * kind. A kind is one row of KINDS; the only leaves not reached are its documented exceptions.
 */
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadFleet } from '../../model/load-fleet';
import { synthesize } from '../../synth/synthesize';
import { crdSpecSchema, leafPaths, reachedLeafPaths } from './schema-leaf-paths';

const ROOT = resolve(__dirname, '..', '..');
const CRDS = resolve(ROOT, '..', 'shared', 'crds', 'karpenter', 'v1.14.1');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'coverage');

interface KindRow {
  readonly kind: string;
  readonly apiVersion: string;
  /** CRD file in the pinned 1.14.1 set. */
  readonly crdFile: string;
  /** Version of the CRD whose spec schema is walked. */
  readonly version: string;
  /** Leaves the fleet description deliberately does not reach, each with the reason. */
  readonly exceptions: Readonly<Record<string, string>>;
}

const RUNTIME_TAINT_TIME =
  'written by Kubernetes when it adds a NoExecute taint to a node; a NodePool that sets it would pin a stale timestamp';

/** One row per kind; NodeOverlay and CapacityBuffer are added the same way. */
export const KINDS: readonly KindRow[] = [
  {
    kind: 'NodePool',
    apiVersion: 'karpenter.sh/v1',
    crdFile: 'karpenter.sh_nodepools.yaml',
    version: 'v1',
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
    exceptions: {},
  },
];

interface Manifest {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly spec?: unknown;
}

describe('every spec field of the generated Karpenter kinds is reachable from the fleet description', () => {
  const { fleet, warnings } = loadFleet(FIXTURE);
  const manifests: Manifest[] = [];
  for (const [path, text] of synthesize(fleet)) {
    if (!path.endsWith('.yaml')) continue;
    for (const doc of parseAllDocuments(text)) manifests.push(doc.toJS() as Manifest);
  }

  it('loads the fixture fleet without warnings', () => {
    expect(warnings).toEqual([]);
  });

  describe.each(KINDS)('$kind', (row) => {
    const schema = crdSpecSchema(join(CRDS, row.crdFile), row.version);
    const leaves = leafPaths(schema);
    const objects = manifests.filter((m) => m.kind === row.kind && m.apiVersion === row.apiVersion);
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
