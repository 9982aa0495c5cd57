/**
 * The tests' own fleet: a committed copy of the example fleet under test/fixtures/demo-fleet/.
 * Every test that needs a realistic fleet reads this one, never the repository's clusters/ or
 * dist/, so a team that replaces the example fleet keeps a green `npm test`. Only the tests of
 * the examples themselves (EXAMPLE_TESTS in test/architecture/example-independence.test.ts)
 * read clusters/ and dist/.
 */
import { join, resolve } from 'path';

/** A project folder whose clusters/ holds the demo fleet (there is no committed dist/). */
export const DEMO_FLEET_ROOT = resolve(__dirname, '..', 'fixtures', 'demo-fleet');

/** The demo fleet's clusters/ folder. */
export const DEMO_CLUSTERS_DIR = join(DEMO_FLEET_ROOT, 'clusters');
