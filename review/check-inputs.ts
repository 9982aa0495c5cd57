/**
 * What `check` (review/run-check.ts) hands from synth to validation: the generated files with
 * the values they were rendered from, so that validation parses only the committed files that
 * differ from what synth generated.
 */
import { DistFiles, GeneratedFiles, textsOf } from '../model';

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
