/**
 * The fleet description's schema validators, precompiled to standalone JavaScript by
 * `npm run import` (codegen/generate-fleet-validators.ts → imports/fleet-schema/validators.js),
 * so a run neither loads ajv's compiler nor compiles the schemas (about 0.3 s of start-up).
 *
 * The generated file records the fingerprint of the schemas and ajv options it was compiled
 * from; model/schema/fleet-schema.ts uses it only when that matches the current schemas, and
 * otherwise compiles at run time (same behaviour, slower; the imports test then reports
 * imports/ as stale).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';

/** Path of the generated module below `imports/`. */
export const FLEET_VALIDATORS_IMPORT_PATH = 'fleet-schema/validators.js';

export interface FleetValidators {
  readonly cluster: ValidateFunction;
  readonly defaults: ValidateFunction;
}

/** What the generated module exports. */
interface PrecompiledModule {
  readonly fingerprint: string;
  readonly cluster: ValidateFunction;
  readonly defaults: ValidateFunction;
}

/** sha256 of the JSON of `value`: identifies the schemas and options a validator was compiled from. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** `imports/<FLEET_VALIDATORS_IMPORT_PATH>` in the nearest folder above `start` that has it. */
function findGenerated(start: string): string | undefined {
  let dir = start;
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'imports', FLEET_VALIDATORS_IMPORT_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** The precompiled validators when they were compiled from `fingerprint`, else undefined. */
export function loadPrecompiledFleetValidators(
  fingerprint: string,
  start: string = __dirname,
): FleetValidators | undefined {
  const file = findGenerated(start);
  if (file === undefined) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(file) as Partial<PrecompiledModule>;
  if (
    mod.fingerprint !== fingerprint ||
    typeof mod.cluster !== 'function' ||
    typeof mod.defaults !== 'function'
  ) {
    return undefined;
  }
  return { cluster: mod.cluster, defaults: mod.defaults };
}
