/**
 * The single place where the synth pipeline validates what it generated, before anything
 * is written. `npm run synth` (scripts/synth.ts) and `cdk8s synth` (main.ts) both run it.
 *
 * WIRE-UP (lead): H-validation exports a function from validation/ that checks the
 * generated files (CRD schemas, CEL rules, cross-artifact checks). Import it here and set
 * `validateStep` to it (adapting the signature in one line if needed):
 *
 *   import { validateGenerated } from '../validation/...';
 *   export const validateStep: ValidateStep | undefined = validateGenerated;
 *
 * Until then `validateStep` is undefined and synth skips validation (it says so unless --quiet).
 * Contract: return every finding as a Diagnostic (`file` = the `dist/`-relative path, or the
 * cluster file for model-level findings). Errors stop synth before `dist/` is touched
 * (exit 1); warnings are printed. Throwing a plain Error means a bug (exit 70).
 */
import { Diagnostic } from '../model/diagnostics';
import { DistFiles } from '../model/dist-layout';
import { FleetModel } from '../model/fleet-model';

export type ValidateStep = (fleet: FleetModel, files: DistFiles) => readonly Diagnostic[];

export const validateStep: ValidateStep | undefined = undefined;
