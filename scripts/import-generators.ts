/**
 * Extra generators run by `npm run import` after the typed constructs: each takes the
 * loaded CRDs and returns `imports/`-relative path → content (with a provenance header).
 */
import { CrdOrigin, LoadedCrdFile } from './crd-loader';
import { generateChartValuesKeys } from './generate-chart-values-keys';
import { generateFleetValidators } from './generate-fleet-validators';
import { generateValidationArtifacts } from './generate-validation-artifacts';

/** Where the import reads from, for generators whose input is not a CRD (e.g. chart values). */
export interface ImportContext {
  readonly projectRoot: string;
  readonly origin: CrdOrigin;
}

export type ImportGenerator = (
  crds: readonly LoadedCrdFile[],
  context: ImportContext,
) => Iterable<[string, string]> | Promise<Iterable<[string, string]>>;

export const IMPORT_GENERATORS: readonly ImportGenerator[] = [
  generateChartValuesKeys,
  generateValidationArtifacts,
  generateFleetValidators,
];
