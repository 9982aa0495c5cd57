/**
 * One generated file as a generator hands it to the synth pipeline: the text written to
 * `dist/` and, when the text reads back as exactly its JSON form, the value it was written
 * from. The pipeline passes the value to validation, which then need not parse the text it
 * was just given (synth/synth.ts), and the text to the atomic write (io/write-dist.ts).
 */
import { DistFiles } from './dist-layout';

export interface GeneratedFile {
  /** The file's content, byte for byte what `dist/` gets. */
  readonly text: string;
  /**
   * The one document `text` reads back as under the validator's YAML schema (a fresh JSON
   * copy the reader may change); set only by charts/render-manifest.ts's fast emitter.
   * @default none: validation parses `text`
   */
  readonly value?: unknown;
}

/** Generated output held in memory, as DistFiles but with each file's value where known. */
export type GeneratedFiles = Map<string, GeneratedFile>;

/** The texts of `files`, in the same order. */
export function textsOf(files: ReadonlyMap<string, GeneratedFile>): DistFiles {
  const texts: DistFiles = new Map();
  for (const [path, file] of files) texts.set(path, file.text);
  return texts;
}

/** The values of the files of `files` that have one, by path. */
export function valuesOf(files: ReadonlyMap<string, GeneratedFile>): ReadonlyMap<string, unknown> {
  const values = new Map<string, unknown>();
  for (const [path, file] of files) if (file.value !== undefined) values.set(path, file.value);
  return values;
}
