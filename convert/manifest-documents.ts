/**
 * Reading existing Karpenter manifests: multi-document YAML files (and `kind: List`
 * wrappers as `kubectl get -o yaml` prints them) split into one SourceManifest per
 * object, each able to say where any of its fields was written.
 */
import { isMap, isScalar, isSeq, LineCounter, Node, parseAllDocuments } from 'yaml';
import { Diagnostic } from '../model';

/** One input file as the user named it. */
export interface ManifestSource {
  /** Path as shown to the user (relative to the working directory, POSIX separators). */
  readonly file: string;
  readonly text: string;
}

/** One step of a field path: a map key or a list index. */
export type FieldPath = readonly (string | number)[];

export interface Position {
  readonly line: number;
  readonly col: number;
}

/** One Kubernetes object from an input file. */
export interface SourceManifest {
  readonly file: string;
  /** 1-based number of the YAML document in its file. */
  readonly index: number;
  /** 1-based position in a `kind: List` document; undefined for a top-level object. */
  readonly item?: number;
  /** Where the object starts. */
  readonly line: number;
  readonly col: number;
  readonly apiVersion: string;
  readonly kind: string;
  /** `metadata.name`, '' when missing. */
  readonly name: string;
  /** The object as plain data. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Position of the field at `path` (relative to the object), or of its nearest existing parent. */
  position(path: FieldPath): Position;
}

export interface ReadManifestsResult {
  readonly documents: readonly SourceManifest[];
  /** YAML syntax errors and documents that are not objects. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Human label of a document, e.g. `document 2` or `document 1, item 3`. */
export function documentLabel(doc: Pick<SourceManifest, 'index' | 'item'>): string {
  return doc.item === undefined ? `document ${doc.index}` : `document ${doc.index}, item ${doc.item}`;
}

export function readManifests(sources: readonly ManifestSource[]): ReadManifestsResult {
  const documents: SourceManifest[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const source of sources) {
    const lineCounter = new LineCounter();
    const parsed = parseAllDocuments(source.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
    const docs = Array.isArray(parsed) ? parsed : [];
    if (!Array.isArray(parsed)) {
      // An empty stream parses to an EmptyStream object: nothing to convert in this file.
      continue;
    }
    const at = (offset: number): Position => {
      const p = lineCounter.linePos(offset);
      return { line: p.line, col: p.col };
    };
    docs.forEach((yamlDoc, i) => {
      const index = i + 1;
      if (yamlDoc.errors.length > 0) {
        for (const err of yamlDoc.errors) {
          const pos = at(err.pos[0]);
          diagnostics.push({
            severity: 'error',
            file: source.file,
            line: pos.line,
            col: pos.col,
            path: `document ${index}`,
            message: `is not valid YAML: ${firstLine(err.message)}`,
            fix: 'Fix the YAML syntax (kubectl apply --dry-run=client -f FILE shows the same problem)',
          });
        }
        return;
      }
      const root = yamlDoc.contents;
      if (root === null || (isScalar(root) && root.value === null)) return; // empty document, e.g. a trailing ---
      if (!isMap(root)) {
        const pos = at(root.range?.[0] ?? 0);
        diagnostics.push({
          severity: 'error',
          file: source.file,
          line: pos.line,
          col: pos.col,
          path: `document ${index}`,
          message: 'is not a Kubernetes object (expected a map with apiVersion, kind and metadata)',
          fix: 'Remove the document or pass only files that contain Kubernetes manifests',
        });
        return;
      }
      const body = asPlainObject(root.toJSON());
      if (body.kind === 'List' && Array.isArray(body.items)) {
        const itemsNode = root.get('items', true);
        (body.items as unknown[]).forEach((itemBody, j) => {
          const itemNode = isSeq(itemsNode) ? (itemsNode.items[j] as Node | undefined) : undefined;
          if (!itemNode || !isMap(itemNode)) {
            const pos = at(itemNode?.range?.[0] ?? root.range?.[0] ?? 0);
            diagnostics.push({
              severity: 'error',
              file: source.file,
              line: pos.line,
              col: pos.col,
              path: `document ${index}, item ${j + 1}`,
              message: 'is not a Kubernetes object',
              fix: 'Remove the item from the List',
            });
            return;
          }
          documents.push(makeDocument(source.file, index, j + 1, itemNode, asPlainObject(itemBody), at));
        });
        return;
      }
      documents.push(makeDocument(source.file, index, undefined, root, body, at));
    });
  }
  return { documents, diagnostics };
}

function makeDocument(
  file: string,
  index: number,
  item: number | undefined,
  node: Node,
  body: Record<string, unknown>,
  at: (offset: number) => Position,
): SourceManifest {
  const start = at(node.range?.[0] ?? 0);
  const metadata = body.metadata;
  const name =
    metadata && typeof metadata === 'object' && typeof (metadata as Record<string, unknown>).name === 'string'
      ? ((metadata as Record<string, unknown>).name as string)
      : '';
  return {
    file,
    index,
    item,
    line: start.line,
    col: start.col,
    apiVersion: typeof body.apiVersion === 'string' ? body.apiVersion : '',
    kind: typeof body.kind === 'string' ? body.kind : '',
    name,
    body,
    position: (path) => positionOf(node, path, at) ?? start,
  };
}

/** Position of the key (for map entries) or the item (for list entries) at `path`; nearest parent otherwise. */
function positionOf(root: Node, path: FieldPath, at: (offset: number) => Position): Position | undefined {
  let node: unknown = root;
  let best: Position | undefined = root.range ? at(root.range[0]) : undefined;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) return best;
      const keyNode = pair.key as Node;
      if (keyNode.range) best = at(keyNode.range[0]);
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number') {
      const itemNode = node.items[seg] as Node | undefined;
      if (!itemNode) return best;
      if (itemNode.range) best = at(itemNode.range[0]);
      node = itemNode;
    } else {
      return best;
    }
  }
  return best;
}

function asPlainObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/\.$/, '');
}
