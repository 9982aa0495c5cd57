/**
 * "Looks mis-indented": an unknown key that the schema knows one level up (beside the map it
 * was written in) or one level down (inside one of that map's fields) was most likely
 * indented wrongly, e.g. `limits` written under `disruption` instead of beside it. Saying
 * where it belongs helps more than "remove it".
 */
import { LocatedNode, PathSegment, formatPath, nodeAt } from '../parse/located';
import type { JsonSchema } from './schema-builders';

export interface MisIndent {
  /** The map the key belongs in. */
  readonly belongsIn: PathSegment[];
  readonly direction: 'up' | 'down';
}

type Schema = { readonly [key: string]: unknown };

function resolve(root: Schema, schema: unknown): Schema | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const s = schema as Schema;
  const ref = s.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    return resolve(root, ((root.$defs ?? {}) as Record<string, unknown>)[ref.slice('#/$defs/'.length)]);
  }
  return s;
}

/** The schema of the value at `path`, through $ref, map values, list items and shorthands. */
export function schemaAt(root: JsonSchema, path: readonly PathSegment[]): Schema | undefined {
  let node = resolve(root, root);
  for (const seg of path) {
    if (!node) return undefined;
    if (typeof seg === 'number') {
      node = resolve(root, node.items ?? (node.then as Schema | undefined)?.items);
      continue;
    }
    const props = (node.properties ?? (node.else as Schema | undefined)?.properties) as
      Record<string, unknown> | undefined;
    if (props && Object.prototype.hasOwnProperty.call(props, seg)) node = resolve(root, props[seg]);
    else if (node.additionalProperties !== null && typeof node.additionalProperties === 'object')
      node = resolve(root, node.additionalProperties);
    else return undefined;
  }
  return node;
}

function propertiesOf(schema: Schema | undefined): Record<string, unknown> {
  return (schema?.properties ?? {}) as Record<string, unknown>;
}

/** Where an unknown `key` written in the map at `container` most likely belongs, if anywhere. */
export function misIndentOf(
  rootSchema: JsonSchema,
  located: LocatedNode,
  container: readonly PathSegment[],
  key: string,
): MisIndent | undefined {
  // One level up: beside the map it was written in (not where it is already written).
  if (container.length > 0 && typeof container[container.length - 1] === 'string') {
    const parent = container.slice(0, -1);
    const parentSchema = schemaAt(rootSchema, parent);
    const parentNode = nodeAt(located, parent);
    if (
      Object.prototype.hasOwnProperty.call(propertiesOf(parentSchema), key) &&
      !(parentNode?.kind === 'map' && parentNode.entries.has(key))
    ) {
      return { belongsIn: parent, direction: 'up' };
    }
  }
  // One level down: inside one of this map's own fields.
  const here = propertiesOf(schemaAt(rootSchema, container));
  for (const field of Object.keys(here).sort()) {
    const child = schemaAt(rootSchema, [...container, field]);
    if (Object.prototype.hasOwnProperty.call(propertiesOf(child), key)) {
      return { belongsIn: [...container, field], direction: 'down' };
    }
  }
  return undefined;
}

/** The message and fix for a mis-indented key. */
export function describeMisIndent(
  key: string,
  container: readonly PathSegment[],
  m: MisIndent,
): { message: string; fix: string } {
  const target = formatPath(m.belongsIn) || 'the top level';
  const sibling = container[container.length - 1];
  return m.direction === 'up'
    ? {
        message: `'${key}' looks mis-indented: it is not a key of ${formatPath(container)}, but belongs one level up, in ${target}`,
        fix: `Indent ${key} like ${String(sibling)} (as ${formatPath([...m.belongsIn, key])})`,
      }
    : {
        message: `'${key}' looks mis-indented: it is not a key of ${formatPath(container) || 'the top level'}, but belongs one level down, in ${target}`,
        fix: `Move ${key} under ${String(m.belongsIn[m.belongsIn.length - 1])} (as ${formatPath([...m.belongsIn, key])})`,
      };
}
