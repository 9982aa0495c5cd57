/**
 * Source-level edits of fleet YAML for the mutation harness. Structural edits go through
 * the `yaml` Document API (so the result is what a user could have typed), and raw tokens
 * (`on`, `0x1F`, `"a\nb"`, `${x}` …) are spliced in through a placeholder so they reach the
 * loader exactly as written, unquoted when they are plain.
 */
import {
  Document,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Node,
  parseDocument,
  Scalar,
  YAMLMap,
} from 'yaml';

export type YamlPath = readonly (string | number)[];

/** Every node of a document with its path (map keys as written, sequence indexes). */
export interface LocatedNode {
  readonly path: YamlPath;
  readonly node: Node;
  /** 'map' | 'seq' | 'scalar' | 'alias' */
  readonly kind: string;
}

export function parse(text: string): Document.Parsed {
  return parseDocument(text, { keepSourceTokens: false });
}

/** Depth-first list of every node below the root (the root itself excluded). */
export function listNodes(doc: Document): LocatedNode[] {
  const out: LocatedNode[] = [];
  const walk = (node: unknown, path: YamlPath): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const p = [...path, String(pair.key.value)];
        if (pair.value && typeof pair.value === 'object') {
          out.push({ path: p, node: pair.value as Node, kind: kindOf(pair.value) });
          walk(pair.value, p);
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const p = [...path, i];
        if (item && typeof item === 'object') {
          out.push({ path: p, node: item as Node, kind: kindOf(item) });
          walk(item, p);
        }
      });
    }
  };
  walk(doc.contents, []);
  return out;
}

function kindOf(node: unknown): string {
  if (isMap(node)) return 'map';
  if (isSeq(node)) return 'seq';
  if (isScalar(node)) return 'scalar';
  return 'alias';
}

const PLACEHOLDER = (i: number) => `zzfuzzplaceholder${i}zz`;

/** Turns every collection on `path` (and the target) into block style so raw tokens can follow. */
function blockify(doc: Document, path: YamlPath): void {
  if (isCollection(doc.contents)) doc.contents.flow = false;
  for (let i = 1; i <= path.length; i++) {
    const n = doc.getIn(path.slice(0, i), true);
    if (isCollection(n)) n.flow = false;
  }
}

/** Sets the value at `path` (creating maps on the way) to the raw YAML token `raw`. */
export function setRawValue(text: string, path: YamlPath, raw: string): string {
  const doc = parse(text);
  // A fresh node: setting a plain value would keep the old scalar's style (e.g. a `|` block).
  doc.setIn(path, doc.createNode(PLACEHOLDER(0)));
  blockify(doc, path.slice(0, -1));
  return replaceOnce(doc.toString(), PLACEHOLDER(0), raw);
}

/** Adds `rawKey: rawValue` to the map at `mapPath` (created if missing). */
export function addRawPair(text: string, mapPath: YamlPath, rawKey: string, rawValue: string): string {
  const doc = parse(text);
  doc.setIn([...mapPath, PLACEHOLDER(1)], doc.createNode(PLACEHOLDER(2)));
  blockify(doc, mapPath);
  return replaceOnce(replaceOnce(doc.toString(), PLACEHOLDER(1), rawKey), PLACEHOLDER(2), rawValue);
}

/** Sets the value at `path` to a plain JS value (wrong types, huge numbers …). */
export function setValue(text: string, path: YamlPath, value: unknown): string {
  const doc = parse(text);
  doc.setIn(path, doc.createNode(value));
  return doc.toString();
}

export function deletePath(text: string, path: YamlPath): string {
  const doc = parse(text);
  doc.deleteIn(path);
  return doc.toString();
}

/** Renames the last key of `path` to the raw token `rawKey`, keeping its value and position. */
export function renameKey(text: string, path: YamlPath, rawKey: string): string {
  const doc = parse(text);
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) throw new Error(`no map at ${path.slice(0, -1).join('.')}`);
  const pair = (parent as YAMLMap).items.find(
    (p) => isScalar(p.key) && String(p.key.value) === String(path[path.length - 1]),
  );
  if (!pair) throw new Error(`no key at ${path.join('.')}`);
  pair.key = new Scalar(PLACEHOLDER(3));
  blockify(doc, path.slice(0, -1));
  return replaceOnce(doc.toString(), PLACEHOLDER(3), rawKey);
}

/**
 * Duplicates the block-map pair at `path` right below itself (a YAML duplicate key).
 * Returns undefined when the pair is not on lines of its own (flow maps, `- key:` items).
 */
export function duplicatePair(text: string, path: YamlPath): string | undefined {
  const doc = parse(text);
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent) || parent.flow) return undefined;
  const pair = parent.items.find(
    (p) => isScalar(p.key) && String(p.key.value) === String(path[path.length - 1]),
  );
  if (!pair || !isScalar(pair.key) || !pair.key.range) return undefined;
  const start = pair.key.range[0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(lineStart, start).trim() !== '') return undefined;
  const valueNode = pair.value as Node | null;
  const end = valueNode?.range ? valueNode.range[1] : pair.key.range[2];
  let lineEnd = text.indexOf('\n', end);
  if (lineEnd < 0) lineEnd = text.length;
  // A block value ends at the start of the next line; do not swallow the following pair.
  if (end > 0 && text[end - 1] === '\n') lineEnd = end - 1;
  const block = text.slice(lineStart, lineEnd);
  return `${text.slice(0, lineEnd)}\n${block}${text.slice(lineEnd)}`;
}

/** 1-based line number of the first line of the node at `path`, or undefined. */
export function lineOf(text: string, path: YamlPath): number | undefined {
  const doc = parse(text);
  const node = doc.getIn(path, true) as Node | undefined;
  if (!node?.range) return undefined;
  return text.slice(0, node.range[0]).split('\n').length;
}

function replaceOnce(text: string, placeholder: string, raw: string): string {
  const i = text.indexOf(placeholder);
  if (i < 0) throw new Error(`placeholder ${placeholder} lost`);
  return text.slice(0, i) + raw + text.slice(i + placeholder.length);
}
