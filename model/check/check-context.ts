/**
 * What a semantic check sees: the merged located tree (for positions) and the plain value
 * the schema accepted. Checks report through `error`/`warn` with a field path; the
 * context turns the path into `file:line:col` (of the value, or of the key).
 */
import { Diagnostic } from '../shared/diagnostics';
import { LocatedNode, PathSegment, formatPath, keyLocAt, locAt } from '../parse/located';
import { RawCluster } from '../parse/raw-fleet';

export type Anchor = 'value' | 'key';

export class CheckContext {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly root: LocatedNode,
    readonly raw: RawCluster,
    /** File stem: the default cluster name. */
    readonly stem: string,
    /** Node class names as written (before invalid parts were dropped); default: those of `raw`. */
    readonly classNames: readonly string[] = Object.keys(raw.nodeClasses ?? {}),
  ) {}

  error(path: readonly PathSegment[], message: string, fix: string, anchor: Anchor = 'value'): void {
    this.report('error', path, message, fix, anchor);
  }

  warn(path: readonly PathSegment[], message: string, fix: string, anchor: Anchor = 'value'): void {
    this.report('warning', path, message, fix, anchor);
  }

  get errorCount(): number {
    return this.diagnostics.filter((d) => d.severity === 'error').length;
  }

  private report(
    severity: Diagnostic['severity'],
    path: readonly PathSegment[],
    message: string,
    fix: string,
    anchor: Anchor,
  ) {
    const loc = anchor === 'key' ? keyLocAt(this.root, path) : locAt(this.root, path);
    this.diagnostics.push({
      severity,
      file: loc.file,
      line: loc.line,
      col: loc.col,
      path: formatPath(path),
      message,
      fix,
    });
  }
}
