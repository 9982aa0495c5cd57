/**
 * Extra generators run by `npm run import` after the typed constructs: each takes the
 * loaded CRDs and returns `imports/`-relative path → content (with a provenance header).
 */
import { LoadedCrdFile } from './crd-loader';

export type ImportGenerator = (crds: readonly LoadedCrdFile[]) => Iterable<[string, string]>;

export const IMPORT_GENERATORS: readonly ImportGenerator[] = [];
