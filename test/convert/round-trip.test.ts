/**
 * The round trip: v1 manifests → convert → fleet description → loader (model/load-fleet)
 * → synthesize (synth/synthesize.ts, every generator) → the Karpenter v1 manifests in
 * dist/<cluster>/karpenter/, semantically equal to the input.
 *
 * "Semantically equal" = the same objects after normalising:
 *  - defaults the API server adds from the v1 CRD schemas (NodePool: disruption
 *    consolidationPolicy WhenEmptyOrUnderutilized, consolidateAfter 0s, budgets
 *    [{ nodes: 10% }], template.spec.expireAfter 720h; EC2NodeClass: metadataOptions
 *    httpEndpoint enabled, httpProtocolIPv6 disabled, httpPutResponseHopLimit 1,
 *    httpTokens required), applied to the input;
 *  - Go duration spelling (`720h0m0s` = `720h`);
 *  - object metadata: only the name is compared; our managed-by label and Argo CD
 *    annotations on the output and server/controller metadata and status on the input
 *    are ignored;
 *  - requirement order (Karpenter treats requirements as a set; shorthands expand first);
 *  - map key order.
 * A kubelet compatibility annotation on a v1 pool moves to its class (asserted separately).
 */
import { parseAllDocuments } from 'yaml';
import { synthesize } from '../../synth/synthesize';
import { hasErrors, validateDist } from '../../validation/validate-dist';
import { distPaths } from '../../model/shared/dist-layout';
import { DEFAULTS, load } from '../support/fleet-files';
import { FIXTURE_ACCOUNT, FIXTURE_REGION } from '../support/fleet-fixtures';
import { convertFixtures, fixture } from './convert-helpers';
import { normalisedSpec, withCrdDefaults } from './semantic-equality';

type Obj = Record<string, unknown>;

const DEFAULTS_YAML = `${DEFAULTS}  destination: { name: ticketing }\n`;
const TICKETING = { cluster: 'ticketing', accountId: FIXTURE_ACCOUNT, region: FIXTURE_REGION };

/** The converted cluster file with the defaults beside it, through the real loader. */
const loadConverted = (yaml: string | undefined) =>
  load({ 'ticketing.yaml': yaml!, '_defaults.yaml': DEFAULTS_YAML });

function synthesizeConverted(rels: readonly string[]): Map<string, Obj> {
  const result = convertFixtures(rels, TICKETING);
  expect(result.diagnostics).toEqual([]);
  const { fleet } = loadConverted(result.yaml);
  const files = synthesize(fleet);
  const out = new Map<string, Obj>();
  for (const [path, text] of files) {
    if (!path.startsWith(distPaths.karpenterDir('ticketing') + '/')) continue;
    const obj = parseAllDocuments(text)[0].toJS() as Obj;
    out.set(`${obj.kind as string}/${(obj.metadata as Obj).name as string}`, normalise(obj));
  }
  return out;
}

function inputObjects(rel: string): Map<string, Obj> {
  const out = new Map<string, Obj>();
  for (const doc of parseAllDocuments(fixture(rel).text)) {
    const body = doc.toJS() as Obj;
    const items = body.kind === 'List' ? (body.items as Obj[]) : [body];
    for (const item of items)
      out.set(
        `${item.kind as string}/${(item.metadata as Obj).name as string}`,
        normalise(withCrdDefaults(item)),
      );
  }
  return out;
}

/** Go's duration spelling (`720h0m0s`) as the fleet format writes it (`720h`). */
function normalise(obj: Obj): Obj {
  const spec = normalisedSpec(obj);
  if (obj.kind === 'NodePool') {
    const ts = (spec.template as Obj).spec as Obj;
    ts.expireAfter = String(ts.expireAfter).replace(/(^|[a-z])0m0s$/, '$1');
  }
  return { apiVersion: obj.apiVersion, kind: obj.kind, name: (obj.metadata as Obj).name, spec };
}

describe('round trip: v1 manifests → convert → synthesize', () => {
  test.each(['v1/dataops.yaml', 'v1/minimal.yaml'])('%s comes back semantically equal', (rel) => {
    const generated = synthesizeConverted([rel]);
    const input = inputObjects(rel);
    expect([...generated.keys()].sort()).toEqual([...input.keys()].sort());
    for (const [key, obj] of input) expect(generated.get(key)).toEqual(obj);
  });

  test('a kubectl export: equal apart from the kubelet annotation, which moved to the class', () => {
    const generated = synthesizeConverted(['v1/kubectl-export.yaml']);
    const input = inputObjects('v1/kubectl-export.yaml');
    expect(generated.get('NodePool/system')).toEqual(input.get('NodePool/system'));
    const cls = structuredClone(input.get('EC2NodeClass/system')!);
    (cls.spec as Obj).kubelet = { maxPods: 58, systemReserved: { cpu: '100m' } };
    expect(generated.get('EC2NodeClass/system')).toEqual(cls);
  });

  test('the generated objects carry our metadata, which the comparison ignores on purpose', () => {
    const result = convertFixtures(['v1/minimal.yaml'], TICKETING);
    const { fleet } = loadConverted(result.yaml);
    const text = synthesize(fleet).get(distPaths.nodePool('ticketing', 'default'))!;
    const meta = (parseAllDocuments(text)[0].toJS() as Obj).metadata as Obj;
    expect(meta.labels).toEqual({ 'app.kubernetes.io/managed-by': 'karpenter-gitops' });
  });
});

describe('converted output of every generation loads, synthesizes and validates', () => {
  test.each([
    [['v1alpha5/web-arm.yaml', 'v1alpha5/batch-inline-provider.yaml']],
    [['v1beta1/general.yaml', 'v1beta1/kubelet-split.yaml']],
    [['v1/dataops.yaml', 'v1/kubectl-export.yaml']],
  ])('%j', (rels) => {
    const result = convertFixtures(rels, TICKETING);
    expect(result.ok).toBe(true);
    const loaded = loadConverted(result.yaml);
    const cluster = loaded.fleet.clusters[0];
    expect(cluster.name).toBe('ticketing');
    expect(cluster.nodePools.map((p) => p.name)).toEqual(
      Object.keys(result.description!.nodePools as Obj).sort(),
    );
    // the generated manifests pass the CRD schemas and CEL rules of the cluster's Karpenter version
    const findings = validateDist(synthesize(loaded.fleet), loaded.fleet, { cfnLint: false });
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(hasErrors(findings)).toBe(false);
  });

  test('without --account the converter says what synth says (aws.accountId is required), and so does the loader', () => {
    const result = convertFixtures(['v1/minimal.yaml'], {
      cluster: 'ticketing',
      region: FIXTURE_REGION,
      accountId: undefined,
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.path, d.message, d.fix])).toEqual([
      [
        'fleet description -> aws.accountId',
        "synth refuses it: missing required key 'accountId'",
        expect.stringMatching(/; or pass --account ID to convert$/),
      ],
    ]);
    expect(() => loadConverted(result.yaml)).toThrow(/accountId/);
  });
});
