/** Fleet-file text for tests: a minimal `_defaults.yaml` and cluster file, and helpers that load in-memory fleets and read their diagnostics. */
import { Diagnostic, formatDiagnostic, sortDiagnostics, UserError } from '../../model/shared/diagnostics';
import { FleetSource, LoadedFleet, loadFleetFromSources } from '../../model/load-fleet';

/** A minimal valid `_defaults.yaml`. */
export const DEFAULTS = `gitops:
  repoURL: https://github.com/example/platform-gitops.git
`;

/** A minimal valid cluster file (6 lines) to append to. */
export const MINIMAL = `aws:
  accountId: "111122223333"
  region: eu-west-1
gitops:
  destination:
    name: demo
`;

/** MINIMAL with its own Argo CD destination (two clusters may not share one). */
export function minimalFor(destination: string): string {
  return MINIMAL.replace('name: demo', `name: ${destination}`);
}

export function sources(files: Readonly<Record<string, string>>): FleetSource[] {
  return Object.entries(files).map(([name, text]) => ({ path: `clusters/${name}`, text }));
}

export function load(files: Readonly<Record<string, string>>): LoadedFleet {
  return loadFleetFromSources(sources(files));
}

/** The diagnostics `run` throws as a UserError, in the order thrown; [] when it succeeds. Other errors propagate. */
export function userErrorsOf(run: () => unknown): readonly Diagnostic[] {
  try {
    run();
  } catch (e) {
    if (e instanceof UserError) return e.diagnostics;
    throw e;
  }
  return [];
}

/** The diagnostics `run` is refused with, in the order thrown; fails the test if it succeeds. */
export function refusalOf(run: () => unknown): readonly Diagnostic[] {
  let done = false;
  const diagnostics = userErrorsOf(() => {
    run();
    done = true;
  });
  if (done) throw new Error('expected a refusal, but it succeeded');
  return diagnostics;
}

/** The diagnostics a fleet fails with, sorted; fails the test if it loads. */
export function diagnosticsOf(files: Readonly<Record<string, string>>): Diagnostic[] {
  return sortDiagnostics(refusalOf(() => load(files)));
}

/** Formatted error lines (`file:line:col path: message. fix.`). */
export function errorsOf(files: Readonly<Record<string, string>>): string[] {
  return diagnosticsOf(files).map(formatDiagnostic);
}

/** Errors of one cluster file `demo.yaml` loaded with the minimal defaults. */
export function errorsOfCluster(text: string): string[] {
  return errorsOf({ '_defaults.yaml': DEFAULTS, 'demo.yaml': text });
}

/** Loads one cluster file `demo.yaml` with the minimal defaults and returns its model. */
export function loadCluster(text: string) {
  const loaded = load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': text });
  return { cluster: loaded.fleet.clusters[0], warnings: loaded.warnings };
}
