/**
 * The fleet the harness mutates: every file of the tests' demo fleet
 * (test/fixtures/demo-fleet/clusters/, a copy of the example fleet), read once at test time.
 * `FUZZ_FLEET_DIR` may point at another folder holding a `clusters/` folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SourceFile } from './mutators';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

export const PROJECT_ROOT = resolve(__dirname, '..', '..');

export function exampleFleetRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.FUZZ_FLEET_DIR ? resolve(env.FUZZ_FLEET_DIR) : DEMO_FLEET_ROOT;
}

export function readExampleFleet(root: string = exampleFleetRoot()): SourceFile[] {
  const dir = join(root, 'clusters');
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort();
  if (!names.some((n) => !n.startsWith('_'))) throw new Error(`no example cluster file in ${dir}`);
  return names.map((n) => ({ path: `clusters/${n}`, text: readFileSync(join(dir, n), 'utf8') }));
}
