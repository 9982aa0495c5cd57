/**
 * The CustomResourceDefinitions in a YAML file as an import reads them: one or more documents,
 * or a `List` of them as `kubectl get crd … -o yaml` prints it (its `status` and
 * `metadata.managedFields` are ignored: the artifacts read only the spec). A document that does
 * not parse, or that is not a CRD, is an error at its file and line.
 */
import { LineCounter, parseAllDocuments } from 'yaml';
import { Diagnostic, UserError } from '../../model';
import type { CrdDocument } from '../generate-validation-artifacts';

/** A CRD read from a source file, with where it was found. */
export interface FoundCrd {
  readonly file: string;
  readonly line: number;
  readonly document: CrdDocument;
  readonly group: string;
  readonly kind: string;
}

/** What a file held besides CRDs, for messages (`a Deployment at templates/x.yaml:3`). */
export interface OtherDocument {
  readonly file: string;
  readonly line: number;
  readonly kind: string;
}

function error(file: string, line: number, message: string, fix: string): Diagnostic {
  return { severity: 'error', file, line, col: line > 0 ? 1 : 0, path: '', message, fix };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether `value` has the parts of a CRD the artifacts read; the first missing part otherwise. */
function missingPart(value: Record<string, unknown>): string | undefined {
  const spec = value.spec;
  if (!isRecord(spec)) return 'spec';
  if (typeof spec.group !== 'string') return 'spec.group';
  if (!isRecord(spec.names) || typeof spec.names.kind !== 'string' || typeof spec.names.plural !== 'string')
    return 'spec.names.kind and spec.names.plural';
  if (!Array.isArray(spec.versions) || spec.versions.length === 0) return 'spec.versions';
  for (const [i, v] of spec.versions.entries()) {
    if (!isRecord(v) || typeof v.name !== 'string') return `spec.versions[${i}].name`;
    if (!isRecord(v.schema) || !isRecord(v.schema.openAPIV3Schema))
      return `spec.versions[${i}].schema.openAPIV3Schema`;
  }
  return undefined;
}

/**
 * The CRDs of one file, and the other objects it holds. Throws UserError (file:line) when the
 * YAML does not parse or a CustomResourceDefinition lacks what the import reads.
 */
export function readCrdDocuments(
  file: string,
  text: string,
): { readonly crds: FoundCrd[]; readonly others: OtherDocument[] } {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: true });
  const list = Array.isArray(docs) ? docs : [docs];
  const problems: Diagnostic[] = [];
  const crds: FoundCrd[] = [];
  const others: OtherDocument[] = [];
  for (const doc of list) {
    for (const e of doc.errors) {
      const line = e.linePos?.[0]?.line ?? lineCounter.linePos(e.pos[0]).line;
      problems.push(
        error(
          file,
          line,
          `does not parse as YAML: ${e.message.split('\n')[0]}`,
          'Fix the file, or import the chart as published',
        ),
      );
    }
    if (doc.errors.length > 0) continue;
    const line = doc.contents ? lineCounter.linePos(doc.contents.range[0]).line : 1;
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    if (value === null || value === undefined) continue;
    const items =
      isRecord(value) && value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of items) {
      if (!isRecord(item)) {
        problems.push(
          error(file, line, 'holds a YAML document that is not a Kubernetes object', 'Import CRD files only'),
        );
        continue;
      }
      if (item.kind !== 'CustomResourceDefinition') {
        others.push({ file, line, kind: typeof item.kind === 'string' ? item.kind : '(no kind)' });
        continue;
      }
      const missing = missingPart(item);
      if (missing !== undefined) {
        problems.push(
          error(
            file,
            line,
            `the CustomResourceDefinition has no ${missing}`,
            'Import the CRD as published (kubectl get crd NAME -o yaml prints it whole)',
          ),
        );
        continue;
      }
      const document = item as unknown as CrdDocument;
      crds.push({ file, line, document, group: document.spec.group, kind: document.spec.names.kind });
    }
  }
  if (problems.length > 0) throw new UserError(problems);
  return { crds, others };
}
