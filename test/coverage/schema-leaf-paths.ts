/**
 * Leaf paths of a CRD's OpenAPI v3 schema, and the leaf paths a manifest actually sets, in one
 * notation, so a coverage test can prove that every field of a kind is reachable from the fleet
 * description. Notation: dotted property names; `[]` for a list item; `*` for a key of a map
 * (`additionalProperties`). A leaf is a scalar, an int-or-string, a list of scalars, a map of
 * scalars, or an object whose schema lists no properties (free-form).
 */
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

export interface SchemaNode {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly additionalProperties?: SchemaNode | boolean;
  readonly 'x-kubernetes-int-or-string'?: boolean;
  readonly 'x-kubernetes-preserve-unknown-fields'?: boolean;
}

function join(prefix: string, segment: string): string {
  if (prefix === '') return segment;
  return segment === '[]' ? `${prefix}[]` : `${prefix}.${segment}`;
}

/** Every leaf path below `node`, sorted. */
export function leafPaths(node: SchemaNode, prefix = ''): string[] {
  const out: string[] = [];
  const walk = (n: SchemaNode, p: string): void => {
    if (n.properties && Object.keys(n.properties).length > 0) {
      for (const [k, child] of Object.entries(n.properties)) walk(child, join(p, k));
    } else if (n.type === 'array' && n.items) {
      walk(n.items, join(p, '[]'));
    } else if (typeof n.additionalProperties === 'object') {
      walk(n.additionalProperties, join(p, '*'));
    } else {
      out.push(p);
    }
  };
  walk(node, prefix);
  return out.sort();
}

/** The leaf paths (in the schema's notation) that `value` sets, guided by `node`. */
export function reachedLeafPaths(node: SchemaNode, value: unknown, prefix = ''): string[] {
  const out = new Set<string>();
  const walk = (n: SchemaNode, v: unknown, p: string): void => {
    if (v === undefined || v === null) return;
    if (n.properties && Object.keys(n.properties).length > 0) {
      if (typeof v !== 'object' || Array.isArray(v)) return;
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        const s = n.properties[k];
        if (s) walk(s, child, join(p, k));
      }
    } else if (n.type === 'array' && n.items) {
      if (Array.isArray(v)) for (const item of v) walk(n.items, item, join(p, '[]'));
    } else if (typeof n.additionalProperties === 'object') {
      if (typeof v === 'object' && !Array.isArray(v))
        for (const child of Object.values(v as Record<string, unknown>))
          walk(n.additionalProperties, child, join(p, '*'));
    } else {
      out.add(p);
    }
  };
  walk(node, value, prefix);
  return [...out].sort();
}

/** The `spec` schema of `kind` at `version` in a CRD file (read from `../shared/crds/...`). */
export function crdSpecSchema(crdFile: string, version: string): SchemaNode {
  for (const doc of parseAllDocuments(readFileSync(crdFile, 'utf8'))) {
    const crd = doc.toJS() as {
      spec?: { versions?: { name: string; schema?: { openAPIV3Schema?: SchemaNode } }[] };
    };
    const v = crd.spec?.versions?.find((x) => x.name === version);
    const spec = v?.schema?.openAPIV3Schema?.properties?.spec;
    if (spec) return spec;
  }
  throw new Error(`${crdFile} has no spec schema for version ${version}`);
}
