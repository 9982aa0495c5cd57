/**
 * Property: for single random edits of the demo fleet's NodePools and EC2NodeClasses (as synth
 * writes them), `impact` says "no" exactly when the Karpenter-derived oracle
 * (karpenter-drift-oracle.ts) says no node drifts, and "yes" exactly when it says every node does.
 * Seeded (test/reliability/prng.ts): replay a failure with `FUZZ_SEED=<seed>`.
 */
import { parse } from 'yaml';
import { loadFleet } from '../../../io/read-fleet';
import { synthesize } from '../../../synth/synthesize';
import { classifyResource } from '../../../review/impact/classify-resource';
import { createPrng, fuzzSeedFromEnv } from '../../reliability/prng';
import { DEMO_FLEET_ROOT } from '../../support/demo-fleet';
import { CLASS_EDITS, POOL_EDITS } from './drift-edits';
import { oracle } from './karpenter-drift-oracle';

type Obj = Record<string, unknown>;
type Kind = 'NodePool' | 'EC2NodeClass';

const EDITS_PER_RUN = 400;

/** The demo fleet's pools and classes, parsed from the synthesized files. */
function demoResources(): { kind: Kind; name: string; body: Obj }[] {
  const files = synthesize(loadFleet(DEMO_FLEET_ROOT).fleet);
  const out: { kind: Kind; name: string; body: Obj }[] = [];
  for (const [file, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!file.endsWith('.yaml')) continue;
    const body = parse(text) as Obj | null;
    if (body?.kind === 'NodePool' || body?.kind === 'EC2NodeClass')
      out.push({ kind: body.kind, name: file, body });
  }
  return out;
}

describe('drift verdicts against the Karpenter-derived oracle (seeded)', () => {
  const seed = fuzzSeedFromEnv();
  const resources = demoResources();

  it(`agrees on ${EDITS_PER_RUN} single edits of the demo fleet (FUZZ_SEED=${seed})`, () => {
    expect(resources.filter((r) => r.kind === 'NodePool').length).toBeGreaterThan(3);
    expect(resources.filter((r) => r.kind === 'EC2NodeClass').length).toBeGreaterThan(1);
    const rng = createPrng(seed);
    const disagreements: string[] = [];
    const seen = { none: 0, maybe: 0, every: 0 };
    let done = 0;
    while (done < EDITS_PER_RUN) {
      const r = rng.pick(resources);
      const after = structuredClone(r.body);
      const what = rng.pick(r.kind === 'NodePool' ? POOL_EDITS : CLASS_EDITS)(after, rng);
      if (what === undefined) continue;
      done++;
      const o = oracle(r.kind, r.body, after);
      const tool = classifyResource(r.kind, r.body, after).impact;
      seen[o.none ? 'none' : o.every ? 'every' : 'maybe']++;
      if ((tool === 'none') !== o.none || (tool === 'replaces') !== o.every)
        disagreements.push(
          `${r.name}: ${what}: impact says ${tool}, oracle (${o.why}) says ${o.none ? 'none' : o.every ? 'every node' : 'some nodes'}`,
        );
    }
    expect(disagreements).toEqual([]);
    // The edits reach all three answers, so the property is not vacuous.
    expect(seen.none).toBeGreaterThan(EDITS_PER_RUN / 10);
    expect(seen.maybe).toBeGreaterThan(EDITS_PER_RUN / 20);
    expect(seen.every).toBeGreaterThan(EDITS_PER_RUN / 10);
  });
});
