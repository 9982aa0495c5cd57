/** Where a value came from in the user's files, for errors raised after loading. */
export interface SourceLocation {
  /** Path relative to the project root, e.g. `clusters/ticketing.yaml`. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly col: number;
}
