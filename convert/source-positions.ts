/**
 * From a place in what the converter wrote (a line of the fleet description, or of a file synth
 * generated from it) back to the line of the source manifest the value came from, so a finding
 * about `zones[0]` points at the zone's line in the input, not at the object's first line.
 *
 * The place is read in the written YAML (the field and the scalar values it holds); the source is
 * searched for the same values, preferring ones under the same field (or the field it was
 * converted from), then for the field itself; the object's first line is the last resort.
 */
import { isMap, isScalar, isSeq, LineCounter, Node, parseAllDocuments } from 'yaml';
import { SHORTHANDS } from '../model/stages';
import { FieldPath, SourceManifest, Position } from './manifest-documents';

/** A field of the written YAML: its path and the scalar values at or under it. */
export interface WrittenPlace {
  /** Keys and indexes from the document root, e.g. `['nodePools', 'web', 'zones', 0]`. */
  readonly path: FieldPath;
  /** Scalar values at or under the place, as text (at most a few). */
  readonly values: readonly string[];
}

const MAX_VALUES = 8;

/**
 * The field at `line`:`col` (1-based) of a YAML text (the document that holds it, when there are
 * several); undefined when the position is outside every document.
 */
export function placeAt(text: string, line: number, col: number): WrittenPlace | undefined {
  if (line <= 0) return undefined;
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter });
  if (!Array.isArray(docs)) return undefined;
  const lineStart = lineCounter.lineStarts[line - 1];
  if (lineStart === undefined) return undefined;
  const offset = lineStart + Math.max(col - 1, 0);
  for (const doc of docs) {
    const root = doc.contents as Node | null;
    if (!root?.range || offset < root.range[0] || offset > root.range[2]) continue;
    const path: (string | number)[] = [];
    const node = descend(root, offset, path, lineStart, lineCounter.lineStarts[line] ?? Infinity);
    return { path, values: scalarsOf(node) };
  }
  return undefined;
}

/** The innermost node at `offset`: a key names its value. A line's first field counts for the line. */
function descend(
  node: Node,
  offset: number,
  path: (string | number)[],
  lineStart: number,
  lineEnd: number,
): Node {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key as Node | null;
      const value = pair.value as Node | null;
      const keyStart = key?.range?.[0] ?? -1;
      const end = value?.range?.[2] ?? key?.range?.[2] ?? -1;
      const onKeyLine = keyStart >= lineStart && keyStart < lineEnd && offset <= keyStart;
      if (onKeyLine || (keyStart <= offset && offset < end)) {
        path.push(isScalar(key) ? String(key.value) : '?');
        if (!value) return key as Node;
        if (onKeyLine || (key?.range && offset < key.range[2])) return value;
        return descend(value, offset, path, lineStart, lineEnd);
      }
    }
  } else if (isSeq(node)) {
    for (let i = 0; i < node.items.length; i++) {
      const item = node.items[i] as Node;
      const r = item?.range;
      if (!r) continue;
      if ((r[0] <= offset && offset < r[2]) || (r[0] >= lineStart && r[0] < lineEnd && offset <= r[0])) {
        path.push(i);
        return descend(item, offset, path, lineStart, lineEnd);
      }
    }
  }
  return node;
}

function scalarsOf(node: Node | null | undefined): string[] {
  const out: string[] = [];
  const visit = (n: unknown): void => {
    if (out.length >= MAX_VALUES || n === null || n === undefined) return;
    if (isScalar(n)) {
      if (n.value !== null && n.value !== undefined && String(n.value) !== '') out.push(String(n.value));
    } else if (isMap(n)) {
      for (const p of n.items) visit(p.value);
    } else if (isSeq(n)) {
      for (const i of n.items) visit(i);
    }
  };
  visit(node);
  return out;
}

/** The value at `path` of written data, as scalar texts (for findings that carry a path, not a line). */
export function valuesAtPath(data: unknown, path: FieldPath): string[] {
  let v: unknown = data;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return [];
    v = (v as Record<string | number, unknown>)[seg];
  }
  const out: string[] = [];
  const visit = (x: unknown): void => {
    if (out.length >= MAX_VALUES || x === null || x === undefined) return;
    if (typeof x === 'object') for (const c of Object.values(x as object)) visit(c);
    else if (String(x) !== '') out.push(String(x));
  };
  visit(v);
  return out;
}

/**
 * Field names of the fleet format and of the generated objects, with the source fields the
 * converter reads them from (every API generation).
 */
const SOURCE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  alias: ['amiSelectorTerms', 'amiFamily', 'amiSelector'],
  allowLatestAmi: ['amiSelectorTerms', 'amiFamily'],
  amiSelectorTerms: ['amiSelectorTerms', 'amiSelector', 'amiFamily'],
  subnetSelectorTerms: ['subnetSelectorTerms', 'subnetSelector'],
  securityGroupSelectorTerms: ['securityGroupSelectorTerms', 'securityGroupSelector'],
  nodeClass: ['nodeClassRef', 'providerRef', 'provider'],
  nodeClassRef: ['nodeClassRef', 'providerRef', 'provider'],
  kubelet: ['kubelet', 'kubeletConfiguration'],
  limits: ['limits', 'resources'],
  expireAfter: ['expireAfter', 'ttlSecondsUntilExpired'],
  disruption: ['disruption', 'consolidation', 'ttlSecondsAfterEmpty'],
  consolidateAfter: ['consolidateAfter', 'ttlSecondsAfterEmpty', 'consolidation'],
  consolidationPolicy: ['consolidationPolicy', 'consolidation', 'ttlSecondsAfterEmpty'],
  role: ['role', 'instanceProfile'],
  nodeRoleName: ['role', 'instanceProfile'],
};

const SHORTHAND_LABEL: ReadonlyMap<string, string> = new Map(SHORTHANDS.map(([f, l]) => [String(f), l]));

/** The last field name of a path (`zones` for `nodePools.web.zones[1]`). */
export function fieldOf(path: FieldPath): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}

export interface SourcePlace {
  readonly doc: SourceManifest;
  readonly position: Position;
  /** The source field, relative to the object, e.g. `spec.requirements[2].values[0]`. */
  readonly path: FieldPath;
}

/**
 * Where in the source manifests a written value came from. `docs` are searched in order (the
 * object the entry was converted from first); `written` is the place in the written YAML.
 */
export function locateInSource(
  docs: readonly SourceManifest[],
  written: WrittenPlace,
  options: { readonly valueOnly?: boolean } = {},
): SourcePlace | undefined {
  if (docs.length === 0) return undefined;
  const field = fieldOf(written.path);
  const fields = new Set<string>(field === undefined ? [] : [field, ...(SOURCE_FIELDS[field] ?? [])]);
  const label = (() => {
    for (const seg of written.path)
      if (typeof seg === 'string' && SHORTHAND_LABEL.has(seg)) return SHORTHAND_LABEL.get(seg);
    return undefined;
  })();
  const wanted = new Set(written.values);
  // `securityGroupSelectorTerms[0]`: the same field and index in the source is the better match.
  const indexes = field === undefined ? [] : written.path.slice(written.path.lastIndexOf(field) + 1);
  let best: { score: number; doc: SourceManifest; path: FieldPath } | undefined;
  for (const doc of docs) {
    for (const leaf of leaves(doc.body)) {
      let score = 0;
      if (wanted.size > 0 && leaf.value !== undefined && wanted.has(leaf.value)) score += 10;
      const name = fieldOf(leaf.path);
      if (name !== undefined && fields.has(name)) {
        score += 3;
        const tail = leaf.path.slice(leaf.path.lastIndexOf(name) + 1);
        if (indexes.length > 0 && tail.length === indexes.length && tail.every((x, i) => x === indexes[i]))
          score += 2;
      }
      if (label !== undefined && requirementKeyOf(doc.body, leaf.path) === label) score += 4;
      if (score === 0) continue;
      if (best === undefined || score > best.score) best = { score, doc, path: leaf.path };
    }
    if (best !== undefined && best.score >= 10) break; // a value match in the object itself wins
  }
  if (best === undefined || (options.valueOnly === true && best.score < 10)) return undefined;
  return { doc: best.doc, path: best.path, position: best.doc.position(best.path) };
}

interface Leaf {
  readonly path: FieldPath;
  /** Text of a scalar; undefined for a map key whose value is a collection. */
  readonly value?: string;
}

/** Every field of an object, in document order: scalars with their text, collections by their key. */
function leaves(body: unknown): Leaf[] {
  const out: Leaf[] = [];
  const visit = (v: unknown, path: (string | number)[]): void => {
    if (path[0] === 'metadata' && (path[1] === 'annotations' || path[1] === 'managedFields')) return;
    if (path[0] === 'status') return;
    if (v !== null && typeof v === 'object') {
      if (path.length > 0) out.push({ path: [...path] });
      if (Array.isArray(v)) v.forEach((c, i) => visit(c, [...path, i]));
      else for (const [k, c] of Object.entries(v as object)) visit(c, [...path, k]);
    } else if (v !== null && v !== undefined) out.push({ path: [...path], value: String(v) });
  };
  visit(body, []);
  return out;
}

/** The `key` of the requirement a path lies in (`spec.requirements[2].values[0]`), if any. */
function requirementKeyOf(body: unknown, path: FieldPath): string | undefined {
  const i = path.lastIndexOf('requirements');
  if (i < 0 || typeof path[i + 1] !== 'number') return undefined;
  let v: unknown = body;
  for (const seg of path.slice(0, i + 2)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  const key = v && typeof v === 'object' ? (v as Record<string, unknown>).key : undefined;
  return typeof key === 'string' ? key : undefined;
}
