/**
 * Problems found in `_defaults.yaml` values while checking each cluster merged over it:
 * reported once, naming the clusters concerned unless it is all of them.
 */
import { Diagnostic } from './diagnostics';

/** Identity of a diagnostic for deduplication (everything but the fix). */
export function diagnosticId(d: Diagnostic): string {
  return [d.severity, d.file, d.line, d.col, d.path, d.message].join('\u0000');
}

/** Collects into `diagnostics`; diagnostics of other files than `defaultsFile` pass straight on. */
export class DefaultsFindings {
  /** Cluster files merged over `_defaults.yaml`. */
  merged = 0;
  private readonly found = new Map<string, { diagnostic: Diagnostic; clusters: string[] }>();
  private readonly alreadyReported: Set<string>;

  constructor(
    private readonly defaultsFile: string | undefined,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.alreadyReported = new Set(diagnostics.map(diagnosticId));
  }

  report(file: string, list: readonly Diagnostic[]): void {
    for (const d of list) {
      if (this.defaultsFile === undefined || d.file !== this.defaultsFile) {
        this.diagnostics.push(d);
        continue;
      }
      const id = diagnosticId(d);
      if (this.alreadyReported.has(id)) continue;
      const seen = this.found.get(id) ?? { diagnostic: d, clusters: [] };
      if (!seen.clusters.includes(file)) seen.clusters.push(file);
      this.found.set(id, seen);
    }
  }

  /** Adds the findings in `_defaults.yaml`, once each, to the diagnostics. */
  flush(): void {
    for (const { diagnostic, clusters } of this.found.values()) {
      const scope = clusters.length < this.merged ? ` (when merged into ${clusters.join(', ')})` : '';
      this.diagnostics.push({ ...diagnostic, message: `${diagnostic.message}${scope}` });
    }
  }
}
