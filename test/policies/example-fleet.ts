/** The tests' demo fleet (test/fixtures/demo-fleet/clusters/*.yaml), loaded once by the real loader. */
import * as path from 'path';
import { FleetModel } from '../../model/shared/fleet-model';
import { loadFleet } from '../../io/read-fleet';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

export const PROJECT_ROOT = path.resolve(__dirname, '../..');

let cached: FleetModel | undefined;

export function exampleFleet(): FleetModel {
  cached ??= loadFleet(DEMO_FLEET_ROOT).fleet;
  return cached;
}
