/**
 * Round-trip property: for generated manifests (test/convert/manifest-generator.ts: every field the
 * fleet format expresses, v1 and v1beta1, odd but valid combinations),
 *
 *   manifests → convert → fleet description → load → synthesize → NodePool + EC2NodeClass
 *
 * gives back the objects the input means, after the CRDs' defaults, with every difference
 * accounted for by a line of the conversion report about that object and that field. Seeded: a
 * failure names its seed (replay with ROUND_TRIP_SEED=<seed>).
 */
import { parseAllDocuments } from 'yaml';
import { renderYaml } from '../../charts/render-manifest';
import { ReportEntry } from '../../convert/conversion-report';
import { distPaths } from '../../model/shared/dist-layout';
import { loadFleetFromSources } from '../../model/load-fleet';
import { synthesize } from '../../synth/synthesize';
import { createPrng } from '../reliability/prng';
import { FIXTURE_ACCOUNT, FIXTURE_REPO_URL } from '../support/fleet-fixtures';
import { convertText } from './convert-helpers';
import { parseManifests } from '../../validation/manifest-source';
import { validatorFor } from '../../validation/kubernetes/validate-manifests';
import { generateCase, GeneratedCase } from './manifest-generator';
import { normalisedSpec, withCrdDefaults } from './semantic-equality';

type Obj = Record<string, unknown>;

const CASES = 520;
const BASE_SEED = Number(process.env.ROUND_TRIP_SEED ?? 20261123);
const CLUSTER = 'prod';
const FLAGS = {
  cluster: CLUSTER,
  accountId: FIXTURE_ACCOUNT,
  region: 'eu-west-1',
  destination: CLUSTER,
  repoURL: FIXTURE_REPO_URL,
  selfCheck: false,
};

/** Leaf paths (`spec.a.b[0].c`) where two values differ. */
export function differences(a: unknown, b: unknown, path = 'spec'): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length)
    return a.flatMap((x, i) => differences(x, b[i], `${path}[${i}]`));
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => differences(a[k], b[k], `${path}.${k}`));
  }
  return [path];
}

/** A report line accounts for a difference when it is about that object and a field at or above it. */
function accounted(entries: readonly ReportEntry[], object: string, path: string): boolean {
  return entries.some((e) => {
    const [obj, field] = e.source.split(' ');
    if (obj !== object || field === undefined || field === 'spec') return false;
    return path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`);
  });
}

interface Outcome {
  readonly c: GeneratedCase;
  readonly problems: readonly string[];
  /** Differences that a report line accounts for (the comparison is live: some cases have them). */
  readonly accountedDiffs: number;
}

/** The generated input must itself be valid: v1 against the 1.14.1 CRDs, v1beta1 against 1.0.14's. */
function inputProblems(c: GeneratedCase): string[] {
  const docs = parseManifests(`case-${c.seed}.yaml`, c.yaml);
  return validatorFor(c.generation === 'v1' ? '1.14.1' : '1.0.14')
    .validate(docs)
    .filter((f) => f.severity === 'error')
    .map((f) => `input not valid: ${f.object ?? ''} ${f.path}: ${f.message}`);
}

function runCase(c: GeneratedCase): Outcome {
  const problems: string[] = [...inputProblems(c)];
  const result = convertText(c.yaml, FLAGS, `case-${c.seed}.yaml`);
  if (!result.ok)
    return {
      c,
      problems: [`not converted: ${result.diagnostics.map((d) => d.message).join('; ')}`],
      accountedDiffs: 0,
    };
  let accountedDiffs = 0;
  const { fleet } = loadFleetFromSources([{ path: `clusters/${CLUSTER}.yaml`, text: result.yaml! }]);
  const files = synthesize(fleet);
  for (const expected of c.expected) {
    const kind = expected.kind as string;
    const name = (expected.metadata as Obj).name as string;
    const path = kind === 'NodePool' ? distPaths.nodePool(CLUSTER, name) : distPaths.nodeClass(CLUSTER, name);
    const text = files.get(path);
    if (text === undefined) {
      problems.push(`${kind}/${name}: not generated`);
      continue;
    }
    const got = normalisedSpec(parseAllDocuments(text)[0].toJS() as Obj);
    const want = normalisedSpec(withCrdDefaults(expected));
    // v1beta1 objects are reported under their own kind and name, the same as v1's.
    for (const diff of differences(want, got))
      if (!accounted(result.entries, `${kind}/${name}`, diff))
        problems.push(`${kind}/${name} ${diff}: differs with no report line`);
      else accountedDiffs++;
  }
  return { c, problems, accountedDiffs };
}

describe('round-trip property: generated manifests → convert → synth', () => {
  const outcomes: Outcome[] = [];
  beforeAll(() => {
    for (let i = 0; i < CASES; i++) {
      const seed = BASE_SEED + i;
      const c = generateCase(createPrng(seed), seed, CLUSTER, (o) => renderYaml(o));
      outcomes.push(runCase(c));
    }
  });

  it(`runs at least 500 cases of both API generations`, () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(500);
    const beta = outcomes.filter((o) => o.c.generation === 'v1beta1').length;
    expect(beta).toBeGreaterThan(50);
    expect(outcomes.length - beta).toBeGreaterThan(300);
    // Defaults the fleet format writes out (encrypted, volumeType, ...) differ from inputs that
    // left them unset: the comparison sees them, and the report accounts for them.
    expect(outcomes.reduce((n, o) => n + o.accountedDiffs, 0)).toBeGreaterThan(100);
  });

  it('every case comes back semantically equal, each difference accounted for by a report line', () => {
    const failed = outcomes
      .filter((o) => o.problems.length > 0)
      .map((o) => `seed ${o.c.seed} (${o.c.generation}): ${o.problems.join('; ')}`);
    expect(failed.slice(0, 10)).toEqual([]);
  });

  it('the accounting can fail: an unreported difference is caught', () => {
    expect(differences({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] })).toEqual(['spec.b[1]']);
    const entry = (source: string): ReportEntry => ({
      level: 'info',
      action: 'defaulted',
      file: 'x',
      line: 1,
      col: 1,
      source,
      target: '',
      message: 'm',
      reason: 'r',
    });
    expect(
      accounted(
        [entry('EC2NodeClass/a spec.blockDeviceMappings[0].ebs')],
        'EC2NodeClass/a',
        'spec.blockDeviceMappings[0].ebs.encrypted',
      ),
    ).toBe(true);
    expect(
      accounted(
        [entry('EC2NodeClass/a spec.blockDeviceMappings[0].ebs')],
        'EC2NodeClass/b',
        'spec.blockDeviceMappings[0].ebs.encrypted',
      ),
    ).toBe(false);
    expect(accounted([entry('EC2NodeClass/a spec')], 'EC2NodeClass/a', 'spec.tags')).toBe(false);
  });
});
