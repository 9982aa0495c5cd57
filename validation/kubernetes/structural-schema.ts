/**
 * Turns a CRD's structural OpenAPI v3 schema into the JSON Schema (draft-07) that ajv
 * compiles at import time, so that ajv enforces what the API server enforces:
 *
 * - objects are closed (`additionalProperties: false`) unless the schema keeps unknown
 *   fields (`x-kubernetes-preserve-unknown-fields`) or declares a typed map
 *   (`additionalProperties: <schema>`): the API server would silently drop an unknown field;
 * - `x-kubernetes-int-or-string` accepts an integer or a string;
 * - `nullable: true` accepts null;
 * - `x-kubernetes-embedded-resource` requires `apiVersion` and `kind`;
 * - OpenAPI v3.0's boolean `exclusiveMinimum/Maximum` become draft-07 numbers;
 * - `format` and `default` are kept for the run-time defaulting and format checks
 *   (structural-defaulting.ts); ajv ignores both. `int32`/`int64` are not checked: the API
 *   server strips every format it does not validate (string-formats.ts), ranges included;
 * - an untyped `nullable: true` node is marked `x-nullable` (typed ones get 'null' in `type`);
 * - the root gets `apiVersion`, `kind` and a closed ObjectMeta.
 *
 * List uniqueness (`x-kubernetes-list-type: set|map`) and CEL rules are not JSON Schema;
 * they are checked by the rule walker from the plan built in rule-table.ts.
 * Used only at import time (codegen/generate-validation-artifacts.ts).
 */

export type JsonSchema = { [key: string]: unknown };

/** Keywords copied as they are (value validation Kubernetes supports). */
const COPIED = [
  'type',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'multipleOf',
  'required',
  'default',
  'format',
] as const;

/**
 * ObjectMeta fields a manifest may carry (k8s.io/apimachinery ObjectMeta). Anything else
 * under `metadata` is dropped by the API server.
 */
export const OBJECT_META_FIELDS = [
  'annotations',
  'creationTimestamp',
  'deletionGracePeriodSeconds',
  'deletionTimestamp',
  'finalizers',
  'generateName',
  'generation',
  'labels',
  'managedFields',
  'name',
  'namespace',
  'ownerReferences',
  'resourceVersion',
  'selfLink',
  'uid',
] as const;

function objectMetaSchema(): JsonSchema {
  const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
  const props: Record<string, JsonSchema> = {
    annotations: stringMap,
    creationTimestamp: { type: ['string', 'null'] },
    deletionGracePeriodSeconds: { type: 'integer' },
    deletionTimestamp: { type: ['string', 'null'] },
    finalizers: { type: 'array', items: { type: 'string' } },
    generateName: { type: 'string' },
    generation: { type: 'integer' },
    labels: stringMap,
    managedFields: { type: 'array', items: { type: 'object' } },
    name: { type: 'string' },
    namespace: { type: 'string' },
    ownerReferences: { type: 'array', items: { type: 'object' } },
    resourceVersion: { type: 'string' },
    selfLink: { type: 'string' },
    uid: { type: 'string' },
  };
  return { type: 'object', properties: props, additionalProperties: false };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Converts one schema node (recursively). */
export function toAjvSchema(node: Record<string, unknown>): JsonSchema {
  const out: JsonSchema = {};
  for (const key of COPIED) if (node[key] !== undefined) out[key] = node[key];

  if (node['x-kubernetes-int-or-string'] === true) {
    out.type = ['integer', 'string'];
  }
  if (node.exclusiveMinimum === true && typeof node.minimum === 'number') {
    delete out.minimum;
    out.exclusiveMinimum = node.minimum;
  }
  if (node.exclusiveMaximum === true && typeof node.maximum === 'number') {
    delete out.maximum;
    out.exclusiveMaximum = node.maximum;
  }
  for (const comb of ['anyOf', 'allOf', 'oneOf'] as const) {
    const list = node[comb];
    if (!Array.isArray(list)) continue;
    // int-or-string carries `anyOf: [{type: integer}, {type: string}]`; the union type above says it.
    if (node['x-kubernetes-int-or-string'] === true && comb === 'anyOf') continue;
    out[comb] = list.map((s) => toAjvSchema(s as Record<string, unknown>));
  }
  if (isRecord(node.not)) out.not = toAjvSchema(node.not);

  const preserve = node['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = node['x-kubernetes-embedded-resource'] === true;
  if (isRecord(node.properties)) {
    const props: Record<string, JsonSchema> = {};
    for (const name of Object.keys(node.properties).sort()) {
      props[name] = toAjvSchema(node.properties[name] as Record<string, unknown>);
    }
    out.properties = props;
  }
  if (isRecord(node.items)) out.items = toAjvSchema(node.items);
  if (isRecord(node.additionalProperties)) out.additionalProperties = toAjvSchema(node.additionalProperties);
  else if (node.additionalProperties === true) out.additionalProperties = true;
  else if (node.type === 'object' && !preserve && !embedded) out.additionalProperties = false;

  if (embedded) {
    const props = (out.properties as Record<string, JsonSchema> | undefined) ?? {};
    props.apiVersion ??= { type: 'string', minLength: 1 };
    props.kind ??= { type: 'string', minLength: 1 };
    props.metadata ??= { type: 'object' };
    out.properties = props;
    out.required = [
      ...new Set([...((out.required as string[] | undefined) ?? []), 'apiVersion', 'kind']),
    ].sort();
  }

  if (node.nullable === true) {
    if (out.type === undefined) out['x-nullable'] = true;
    else if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type)) out.type = [...out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

/** The schema of one CRD version's object, root keys included. */
export function rootSchema(openAPIV3Schema: Record<string, unknown>): JsonSchema {
  const root = toAjvSchema(openAPIV3Schema);
  const props = { ...((root.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  props.apiVersion = { type: 'string' };
  props.kind = { type: 'string' };
  props.metadata = objectMetaSchema();
  const sorted: Record<string, JsonSchema> = {};
  for (const k of Object.keys(props).sort()) sorted[k] = props[k];
  root.properties = sorted;
  root.type = 'object';
  root.additionalProperties = false;
  root.required = [
    ...new Set([...((root.required as string[] | undefined) ?? []), 'apiVersion', 'kind', 'metadata']),
  ].sort();
  return root;
}

/** Subschemas at least this long (as JSON) that occur twice or more are shared through `$ref`. */
const SHARE_MIN_LENGTH = 400;

function forEachSubschema(node: JsonSchema, fn: (child: JsonSchema) => void): void {
  if (isRecord(node.properties)) for (const v of Object.values(node.properties)) fn(v as JsonSchema);
  if (isRecord(node.items)) fn(node.items);
  if (isRecord(node.additionalProperties)) fn(node.additionalProperties);
  for (const comb of ['anyOf', 'allOf', 'oneOf'] as const) {
    const list = node[comb];
    if (Array.isArray(list)) for (const v of list) fn(v as JsonSchema);
  }
  if (isRecord(node.not)) fn(node.not);
}

function mapSubschemas(node: JsonSchema, fn: (child: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  if (isRecord(node.properties)) {
    const props: Record<string, JsonSchema> = {};
    for (const [k, v] of Object.entries(node.properties)) props[k] = fn(v as JsonSchema);
    out.properties = props;
  }
  if (isRecord(node.items)) out.items = fn(node.items);
  if (isRecord(node.additionalProperties)) out.additionalProperties = fn(node.additionalProperties);
  for (const comb of ['anyOf', 'allOf', 'oneOf'] as const) {
    const list = node[comb];
    if (Array.isArray(list)) out[comb] = list.map((v) => fn(v as JsonSchema));
  }
  if (isRecord(node.not)) out.not = fn(node.not);
  return out;
}

/**
 * Moves repeated large subschemas into `definitions` and refers to them with `$ref`, so the
 * compiled validator holds one function per shape (Argo CD's ApplicationSet repeats the
 * Application template in every generator: 8 MB of code without this). Deterministic:
 * definitions are numbered in traversal order.
 */
export function shareRepeatedSubschemas(root: JsonSchema): JsonSchema {
  const counts = new Map<string, number>();
  const count = (node: JsonSchema): void => {
    const key = JSON.stringify(node);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    forEachSubschema(node, count);
  };
  forEachSubschema(root, count);
  const definitions: Record<string, JsonSchema> = {};
  const names = new Map<string, string>();
  const rewrite = (node: JsonSchema): JsonSchema => {
    const key = JSON.stringify(node);
    if (key.length < SHARE_MIN_LENGTH || (counts.get(key) ?? 0) < 2) return mapSubschemas(node, rewrite);
    let name = names.get(key);
    if (name === undefined) {
      name = `s${names.size}`;
      names.set(key, name);
      definitions[name] = {};
      definitions[name] = mapSubschemas(node, rewrite);
    }
    return { $ref: `#/definitions/${name}` };
  };
  const out = mapSubschemas(root, rewrite);
  if (names.size > 0) out.definitions = definitions;
  return out;
}
