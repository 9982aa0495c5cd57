/**
 * The previous dist/ `check` compares with (the PR's base): where it comes from, read at most
 * once, and the proven base whose proofs the policy step may reuse.
 */
import { DistFiles, UserError } from '../model';
import { ProvenBase } from './proof-reuse';

/** Where the previous dist/ comes from. */
export interface PreviousDist {
  /** How it is named in the summary, e.g. `origin/main:dist`. */
  readonly label: string;
  /** Its files, relative to dist/. */
  readonly read: () => DistFiles;
  /**
   * Set for a git revision whose `check` passed (`--base`): the proofs recorded in its dist/ may
   * be reused unless this returns why not (e.g. the tool's own sources changed since).
   * @default undefined: nothing is reused (a folder given with --previous proves nothing)
   */
  readonly provenBase?: () => string | undefined;
}

/**
 * The previous dist/ is read once, by the first step that needs it; a UserError (an unknown
 * git revision) fails the validate step and leaves the policy step without a base.
 */
export function previousReader(previous: PreviousDist | undefined): () => DistFiles | undefined {
  let previousRead: { files?: DistFiles; error?: unknown } | undefined;
  return () => {
    if (!previous) return undefined;
    if (!previousRead) {
      try {
        previousRead = { files: previous.read() };
      } catch (e) {
        previousRead = { error: e };
      }
    }
    if (previousRead.error !== undefined) throw previousRead.error;
    return previousRead.files;
  };
}

/** The base whose proofs the policy step may reuse: only a proven one, never with `full`. */
export function provenBase(
  previous: PreviousDist | undefined,
  full: boolean | undefined,
  readPrevious: () => DistFiles | undefined,
): { base?: ProvenBase; notReused?: string } {
  if (full || !previous?.provenBase) return {};
  const why = previous.provenBase();
  if (why !== undefined) return { notReused: why };
  try {
    const files = readPrevious();
    return files ? { base: { label: previous.label, files } } : {};
  } catch (e) {
    if (e instanceof UserError) return {};
    throw e;
  }
}
