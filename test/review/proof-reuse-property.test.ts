/**
 * Seeded property test of proof reuse: random edits to a fleet in a temporary git repository
 * (tags, a role name, a queue setting, a policy-relevant feature, a cluster added or removed, a
 * change of the scenario table), with or without a new synth; after each, `check --base HEAD`
 * gives exactly the verdicts and findings of `check --base HEAD --full`, including the edits
 * that must fail. Deterministic: the seed is fixed, each case prints what it edited on failure.
 */
import * as fs from 'fs';
import * as path from 'path';
import { distPaths } from '../../model/shared/dist-layout';
import { ClusterModel, FleetModel } from '../../model/shared/fleet-model';
import { loadFleet } from '../../io/read-fleet';
import { renderProofRecord } from '../../policies/scenarios/proof-record';
import { scenarioInputs, ScenarioInputs } from '../../policies/scenarios/scenario-inputs';
import { runPolicyScenarios } from '../../review/policy-scenarios-step';
import { readDistAtRef } from '../../review/read-dist-git';
import { CheckDeps, CheckResult, runCheck } from '../../review/run-check';
import { toolSourcesChangedSince } from '../../review/tool-sources';
import { synthesize } from '../../synth/synthesize';
import { validateDist } from '../../validation/validate-dist';
import { DEFAULTS, minimalFor } from '../support/fleet-files';
import { writeTree } from './dist-fixtures';
import { git } from './git-fixtures';
import { createPrng } from '../reliability/prng';

/** A tool whose scenario table differs from the real one: one scenario's expectation flipped. */
interface Tool {
  readonly inputsFor: (c: ClusterModel) => ScenarioInputs;
}
const REAL_TOOL: Tool = { inputsFor: scenarioInputs };
function flippedTool(cluster: string, index: number): Tool {
  return {
    inputsFor: (c) => {
      const inputs = scenarioInputs(c);
      if (c.name !== cluster) return inputs;
      const i = index % inputs.scenarios.length;
      const s = inputs.scenarios[i];
      const flipped = { ...s, expect: s.expect === 'allowed' ? ('denied' as const) : ('allowed' as const) };
      return { ...inputs, scenarios: inputs.scenarios.map((x, k) => (k === i ? flipped : x)) };
    },
  };
}
/** A tool whose table for one cluster gains a scenario that passes (a copy of its first). */
function grownTool(cluster: string): Tool {
  return {
    inputsFor: (c) => {
      const inputs = scenarioInputs(c);
      if (c.name !== cluster) return inputs;
      const s = inputs.scenarios[0];
      return { ...inputs, scenarios: [...inputs.scenarios, { ...s, id: `${s.id}-again` }] };
    },
  };
}

function generate(tool: Tool, fleet: FleetModel) {
  const files = synthesize(fleet);
  for (const c of fleet.clusters)
    files.set(distPaths.policyProof(c.name), renderProofRecord(c, tool.inputsFor(c)));
  return files;
}

function deps(tool: Tool): CheckDeps {
  return {
    loadFleet: (root) => loadFleet(root),
    synthesize: (fleet) => generate(tool, fleet),
    validate: (files, fleet, previous) =>
      validateDist(files, fleet ?? { clusters: [] }, { cfnLint: false, ...(previous ? { previous } : {}) }),
    policies: (fleet, context) => runPolicyScenarios({ fleet, ...context, inputsFor: tool.inputsFor }),
  };
}

function writeDist(root: string, tool: Tool): void {
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  for (const [p, text] of generate(tool, loadFleet(root).fleet)) {
    fs.mkdirSync(path.dirname(path.join(root, 'dist', p)), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', p), text);
  }
}

const CLUSTERS = ['alpha', 'beta', 'gamma'];
function clusterFile(name: string, tags: Record<string, string> = { team: name }): string {
  const tagLines = Object.entries(tags)
    .map(([k, v]) => `  ${k}: "${v}"`)
    .join('\n');
  return `${minimalFor(name)}tags:\n${tagLines}\n`;
}

/** One random edit of the fleet in `root` (or of the tool); returns what it did. */
type Edit = (root: string, r: () => number) => { what: string; tool?: Tool };
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)];
const existing = (root: string) =>
  fs
    .readdirSync(path.join(root, 'clusters'))
    .filter((f) => !f.startsWith('_'))
    .map((f) => f.replace(/\.yaml$/, ''));
const append = (root: string, cluster: string, text: string) =>
  fs.appendFileSync(path.join(root, 'clusters', `${cluster}.yaml`), text);

const EDITS: readonly Edit[] = [
  (root, r) => {
    const c = pick(r, existing(root));
    fs.writeFileSync(
      path.join(root, 'clusters', `${c}.yaml`),
      clusterFile(c, { team: `t${Math.floor(r() * 100)}` }),
    );
    return { what: `tags of ${c}` };
  },
  (root, r) => {
    fs.appendFileSync(
      path.join(root, 'clusters', '_defaults.yaml'),
      `tags:\n  cost-center: "${Math.floor(r() * 9999)}"\n`,
    );
    return { what: 'fleet-wide tags' };
  },
  (root, r) => {
    const c = pick(r, existing(root));
    append(root, c, `iam:\n  controllerRoleName: Ctl-${c}-${Math.floor(r() * 100)}\n`);
    return { what: `controller role name of ${c}` };
  },
  (root, r) => {
    const c = pick(r, existing(root));
    append(root, c, `karpenter:\n  interruptionQueue:\n    name: q-${c}-${Math.floor(r() * 100)}\n`);
    return { what: `queue name of ${c}` };
  },
  (root, r) => {
    const c = pick(r, existing(root));
    append(root, c, `iam:\n  zonalShift: true\n`);
    return { what: `zonal shift on for ${c}` };
  },
  (root, r) => {
    const name = `new${Math.floor(r() * 100)}`;
    fs.writeFileSync(path.join(root, 'clusters', `${name}.yaml`), clusterFile(name));
    return { what: `cluster ${name} added` };
  },
  (root, r) => {
    const c = pick(r, existing(root));
    fs.rmSync(path.join(root, 'clusters', `${c}.yaml`));
    return { what: `cluster ${c} removed` };
  },
  (root, r) => {
    const c = pick(r, existing(root));
    return {
      what: `scenario table of ${c}: one expectation flipped (must fail)`,
      tool: flippedTool(c, Math.floor(r() * 50)),
    };
  },
  (root, r) => {
    const c = pick(r, existing(root));
    return { what: `scenario table of ${c}: one scenario added`, tool: grownTool(c) };
  },
];

/** What must agree between the fast and the full check: every step's verdict and findings. */
function verdicts(result: CheckResult) {
  return result.steps.map((s) => ({ step: s.step, status: s.status, findings: s.findings }));
}

describe('check --base reuses proofs exactly: fast and --full agree on random edits', () => {
  const root = writeTree(
    new Map<string, string>([
      ['clusters/_defaults.yaml', DEFAULTS],
      ...CLUSTERS.map((c): [string, string] => [`clusters/${c}.yaml`, clusterFile(c)]),
    ]),
    'review-proof-property-',
  );
  writeDist(root, REAL_TOOL);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'proven base');

  const run = (tool: Tool, full: boolean) =>
    runCheck(
      {
        projectRoot: root,
        distDir: path.join(root, 'dist'),
        distLabel: 'dist',
        full,
        previous: {
          label: 'HEAD',
          read: () => readDistAtRef('HEAD', 'dist', root),
          provenBase: () => toolSourcesChangedSince('HEAD', root),
        },
      },
      deps(tool),
    );

  const r = createPrng(27).next;
  // Every kind of edit leads one case (so each is exercised), then random ones; each case may add a second edit.
  const cases = Array.from({ length: EDITS.length + 2 }, (_, i) => i);
  let reusedSomewhere = 0;
  let failedSomewhere = 0;

  it.each(cases)('case %i', async (i) => {
    git(root, 'checkout', '-q', '--', '.');
    git(root, 'clean', '-qfd');
    const done: string[] = [];
    let tool = REAL_TOOL;
    const edits = [i < EDITS.length ? EDITS[i] : pick(r, EDITS), ...(r() < 0.5 ? [pick(r, EDITS)] : [])];
    for (const e of edits) {
      const edit = e(root, r);
      done.push(edit.what);
      tool = edit.tool ?? tool;
    }
    const resynth = r() < 0.75;
    if (resynth) writeDist(root, tool);
    const fast = await run(tool, false);
    const full = await run(tool, true);
    const label = `${done.join(', ')}${resynth ? ', dist/ regenerated' : ', dist/ not regenerated'}`;
    expect({ label, verdicts: verdicts(fast) }).toEqual({ label, verdicts: verdicts(full) });
    expect({ label, ok: fast.ok }).toEqual({ label, ok: full.ok });
    const policies = fast.steps.find((s) => s.step === 'policies');
    if (policies?.summary.includes('proofs reused')) reusedSomewhere++;
    if (!full.ok) failedSomewhere++;
    if (done.some((d) => d.includes('must fail')))
      expect({ label, policies: policies?.status }).toEqual({ label, policies: 'failed' });
  });

  it('reused proofs and saw failing edits (the property is not vacuous)', () => {
    expect(reusedSomewhere).toBeGreaterThan(0);
    expect(failedSomewhere).toBeGreaterThan(0);
  });
});
