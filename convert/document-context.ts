/**
 * Reading one input object field by field: typed getters that turn a wrong type into an
 * error naming file, line and field, and report helpers that record where a field came
 * from. Every converter works through one of these per document.
 */
import { ConversionLog, ReportAction, ReportLevel } from './conversion-report';
import { documentLabel, FieldPath, SourceManifest } from './manifest-documents';

export class DocumentContext {
  constructor(
    readonly doc: SourceManifest,
    readonly log: ConversionLog,
  ) {}

  /** `Provisioner/default`. */
  get label(): string {
    return `${this.doc.kind}/${this.doc.name}`;
  }

  get(path: FieldPath): unknown {
    let value: unknown = this.doc.body;
    for (const seg of path) {
      if (value === null || typeof value !== 'object') return undefined;
      value = (value as Record<string | number, unknown>)[seg];
    }
    return value;
  }

  has(path: FieldPath): boolean {
    const value = this.get(path);
    return value !== undefined && value !== null;
  }

  str(path: FieldPath): string | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    this.typeError(path, 'a string', v);
    return undefined;
  }

  /** A string, or a number/boolean written without quotes (Kubernetes quantities, label values). */
  scalarString(path: FieldPath): string | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    this.typeError(path, 'a string', v);
    return undefined;
  }

  int(path: FieldPath): number | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    this.typeError(path, 'an integer', v);
    return undefined;
  }

  bool(path: FieldPath): boolean | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'boolean') return v;
    this.typeError(path, 'true or false', v);
    return undefined;
  }

  map(path: FieldPath): Record<string, unknown> | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    this.typeError(path, 'a map', v);
    return undefined;
  }

  list(path: FieldPath): unknown[] | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) return v;
    this.typeError(path, 'a list', v);
    return undefined;
  }

  /** A map of strings; numbers and booleans are turned into their text (`cpu: 10` → `"10"`). */
  stringMap(path: FieldPath): Record<string, string> | undefined {
    const m = this.map(path);
    if (!m) return undefined;
    const out: Record<string, string> = {};
    for (const key of Object.keys(m)) {
      const s = this.scalarString([...path, key]);
      if (s !== undefined) out[key] = s;
    }
    return out;
  }

  /** Reports every key of the map at `path` that is not in `known` as dropped. */
  dropUnknownKeys(path: FieldPath, known: readonly string[], reason: string): void {
    const m = this.get(path);
    if (!m || typeof m !== 'object' || Array.isArray(m)) return;
    for (const key of Object.keys(m)) {
      if (!known.includes(key)) {
        this.report('warning', 'dropped', [...path, key], '', `'${key}' was left out`, reason);
      }
    }
  }

  report(
    level: ReportLevel,
    action: ReportAction,
    path: FieldPath,
    target: string,
    message: string,
    reason: string,
  ): void {
    const pos = this.doc.position(path);
    this.log.add({
      level,
      action,
      file: this.doc.file,
      line: pos.line,
      col: pos.col,
      source: `${this.label}${path.length > 0 ? ' ' + formatPath(path) : ''}`,
      target,
      message,
      reason,
    });
  }

  error(path: FieldPath, message: string, fix: string): void {
    const pos = this.doc.position(path);
    this.log.error({
      file: this.doc.file,
      line: pos.line,
      col: pos.col,
      path: `${documentLabel(this.doc)} ${this.label}${path.length > 0 ? ' ' + formatPath(path) : ''}`,
      message,
      fix,
    });
  }

  private typeError(path: FieldPath, expected: string, got: unknown): void {
    this.error(path, `must be ${expected}, not ${describe(got)}`, `Write ${expected} here`);
  }
}

/** `spec.requirements[2].key`. */
export function formatPath(path: FieldPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${seg}` : seg;
  }
  return out;
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  if (typeof v === 'string') return `the string '${v}'`;
  return `${typeof v} ${String(v)}`;
}
