/**
 * model/'s lightest public root: diagnostics, text, ordering and the dist/ layout, without the
 * facts tables model/index.ts loads with them (instance types, AMI releases, CRD facts). For
 * code whose start-up is the cost: `check`'s worker thread (review/threads/check-worker.ts) loads
 * only what it uses, and whatever it imports from model/ comes from here. Types are imported from
 * model/index.ts as usual (`import type` loads nothing).
 *
 * Keep it to those basics; test/architecture/layers.test.ts lets other folders import nothing else.
 */
export { isDiagnostic, UserError, wholeFileError } from './shared/diagnostics';
export { isFleetClusterParams } from './shared/dist-layout';
export { compareCodeUnits } from './shared/sorted';
export { plural } from './shared/text';
