/**
 * What a semantic check sees: the merged located tree (for positions) and the plain value
 * the schema accepted. Checks report through `error`/`warn` with a field path; the
 * context turns the path into `file:line:col` (of the value, or of the key).
 */
import { Diagnostic } from '../shared/diagnostics';
import { LocatedNode, PathSegment, formatPath, keyLocAt, locAt } from '../parse/located';
import { RawCluster } from '../parse/raw-fleet';
import type { CarryOverCheck } from '../facts/carry-over';
import { DEFAULT_KARPENTER_VERSION, isKarpenterVersion, KarpenterVersion } from '../facts/versions';
import {
  ImportedKarpenterVersion,
  NO_REPOSITORY_IMPORTS,
  RepositoryImports,
} from '../shared/imported-versions';

export type Anchor = 'value' | 'key';

/** A field passed through as written (model/schema/pass-through.ts PassThroughField). */
export interface PassedThroughField {
  readonly section: string;
  readonly entry: string;
  readonly field: string;
  readonly value: unknown;
}

export class CheckContext {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly root: LocatedNode,
    readonly raw: RawCluster,
    /** File stem: the default cluster name. */
    readonly stem: string,
    /** Node class names as written (before invalid parts were dropped); default: those of `raw`. */
    readonly classNames: readonly string[] = Object.keys(raw.nodeClasses ?? {}),
    /** The repository's imported Karpenter versions (io/repository-imports.ts). */
    readonly imports: RepositoryImports = NO_REPOSITORY_IMPORTS,
    /** Fields passed through to an imported version's CRDs (model/schema/pass-through.ts). */
    readonly passedThrough: readonly PassedThroughField[] = [],
  ) {}

  /** A node class's kubelet as written: typed, or free-form and passed through. */
  kubeletOf(className: string): unknown {
    return (
      this.raw.nodeClasses?.[className]?.kubelet ??
      this.passedThrough.find(
        (f) => f.section === 'nodeClasses' && f.entry === className && f.field === 'kubelet',
      )?.value
    );
  }

  /** The imported version the cluster pins, when it pins one. */
  get importedKarpenter(): ImportedKarpenterVersion | undefined {
    const v = this.raw.karpenter?.version;
    return v === undefined || isKarpenterVersion(v) ? undefined : this.imports.karpenter.get(v);
  }

  /**
   * The shipped version whose facts the checks use: the pinned one, or for an imported version
   * its nearest shipped one (model/facts/carry-over.ts).
   */
  get karpenterVersion(): KarpenterVersion {
    const v = this.raw.karpenter?.version ?? DEFAULT_KARPENTER_VERSION;
    if (isKarpenterVersion(v)) return v;
    return this.importedKarpenter?.carryOver.nearestKnown ?? DEFAULT_KARPENTER_VERSION;
  }

  /** Whether `check` applies: always on a shipped version; on an imported one when it carries over. */
  applies(check: CarryOverCheck): boolean {
    const imported = this.importedKarpenter;
    return imported === undefined || imported.carryOver.verdicts.some((v) => v.check === check && v.applies);
  }

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
