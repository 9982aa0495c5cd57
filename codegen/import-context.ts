/**
 * What every import-time generator receives and returns (the list of generators is in
 * codegen/import-generators.ts): the loaded CRDs and where the import reads from.
 */
import { CrdOrigin, LoadedCrdFile } from './crd-loader';

/** Where the import reads from, for generators whose input is not a CRD (e.g. chart values). */
export interface ImportContext {
  readonly projectRoot: string;
  readonly origin: CrdOrigin;
}

/** Takes the loaded CRDs and returns `imports/`-relative path → content (with a provenance header). */
export type ImportGenerator = (
  crds: readonly LoadedCrdFile[],
  context: ImportContext,
) => Iterable<[string, string]> | Promise<Iterable<[string, string]>>;
