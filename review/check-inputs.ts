/**
 * What `check` (review/run-check.ts) reads before its steps: the committed dist/, read once,
 * and the generated files with the values they were rendered from, so that validation parses
 * only the committed files that differ from what synth generated.
 */
import { DistFiles, GeneratedFiles, UserError, textsOf } from '../model';
import { readDistDir } from './read-dist-dir';

/** The committed dist/, read once before the first step, or the UserError reading it gave. */
export type CommittedRead = { readonly files: DistFiles } | { readonly error: UserError };

export function readCommitted(distDir: string): CommittedRead {
  try {
    return { files: readDistDir(distDir, true) };
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return { error: e };
  }
}

/** What synth generated, as texts (the same map when it gave texts) and as files (with values where known). */
export function generatedTexts(out: DistFiles | GeneratedFiles): {
  readonly texts: DistFiles;
  readonly files: GeneratedFiles;
} {
  const files: GeneratedFiles = new Map();
  let onlyTexts = true;
  for (const [path, file] of out) {
    if (typeof file === 'string') files.set(path, { text: file });
    else {
      onlyTexts = false;
      files.set(path, file);
    }
  }
  return { texts: onlyTexts ? (out as DistFiles) : textsOf(files), files };
}

/** The generated values of the committed files that are byte for byte what synth generated. */
export function unchangedValues(
  generated: GeneratedFiles,
  committed: DistFiles,
): ReadonlyMap<string, unknown> {
  const values = new Map<string, unknown>();
  for (const [path, file] of generated)
    if (file.value !== undefined && committed.get(path) === file.text) values.set(path, file.value);
  return values;
}
