/**
 * Serialization of generated objects to YAML text: the only place that decides how a
 * manifest looks on disk, so every generator produces byte-identical output for the
 * same input on any machine.
 *
 * - Key order is the order of the value given (for typed cdk8s objects: the order their
 *   generated `toJson` produces; charts sort free-form maps themselves). No sorting here.
 * - Fixed stringify options: no line folding, no anchors/aliases, YAML 1.2 output.
 * - Strings are quoted whenever any YAML reader a Kubernetes toolchain may use could read
 *   them as something else: YAML 1.2 core (`true`, `null`, `1e3`, `0x1F`, `~`, `''`),
 *   YAML 1.1 as read by Go's sigs.k8s.io/yaml (`yes`, `on`, `off`, `y`, `1_000`, `1:20`,
 *   `2001-12-14`, `0b101`) and Go's number parsing (`0o17`). A label value `on` must
 *   reach the API server as the string "on", never as the boolean true.
 */
import { ApiObject } from 'cdk8s';
import { Document, isMap, isScalar, isSeq, Scalar } from 'yaml';
import { rememberRendered } from '../model/rendered-yaml';
import { emitYaml } from './yaml-emitter';

/** Options for `Document#toString`, fixed for every generated file. */
const TO_STRING_OPTIONS = {
  lineWidth: 0,
  minContentWidth: 0,
  indent: 2,
  indentSeq: true,
  directives: false,
} as const;

/** A plain scalar that parses to a number or a string in Go (strconv base-0 integers and floats). */
const GO_NUMBER =
  /^[-+]?(?:0[xXoObB][0-9a-fA-F_]+|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9_]+)?|\.[0-9][0-9_]*(?:[eE][-+]?[0-9_]+)?)$/;

/**
 * The implicit-resolution patterns of every non-string scalar type (null, bool, int, float,
 * timestamp, merge key) of the YAML 1.1 and YAML 1.2 core schemas, taken once from the
 * `yaml` library's own schema definitions.
 */
const IMPLICIT_NON_STRING: readonly RegExp[] = (['1.1', '1.2'] as const).flatMap((version) =>
  new Document(null, { version }).schema.tags.flatMap((tag) =>
    tag.default && tag.tag !== 'tag:yaml.org,2002:str' && 'test' in tag && tag.test instanceof RegExp
      ? [tag.test]
      : [],
  ),
);

/**
 * True when `text`, written as a plain (unquoted) YAML scalar, could be read back as
 * something other than a string by a YAML 1.1 or 1.2 reader, or as a number by Go.
 * (Strings whose plain form would change the document structure, such as `a: b` or
 * `*x`, are quoted by the library itself.)
 */
export function isAmbiguousPlainString(text: string): boolean {
  if (text.includes('\n')) {
    // Multi-line strings are written as block scalars or quoted by the library itself.
    return false;
  }
  return GO_NUMBER.test(text) || IMPLICIT_NON_STRING.some((pattern) => pattern.test(text));
}

/**
 * YAML text of one JSON-like value (plain objects, arrays, strings, numbers, booleans),
 * ending with a single newline. Throws on values YAML cannot represent faithfully
 * (undefined inside arrays, functions, class instances other than plain objects).
 */
export function renderYaml(value: unknown): string {
  assertPlainJson(value, '');
  const fast = emitYaml(value, isAmbiguousCached);
  if (fast === undefined) return renderYamlWithLibrary(value);
  // The validator takes the value instead of reading these bytes back (model/rendered-yaml.ts).
  rememberRendered(fast, value);
  return fast;
}

/**
 * renderYaml through the `yaml` library: the reference for everything, and the writer for
 * values the fast charts/yaml-emitter.ts leaves alone (multi-line text, unusual punctuation).
 */
export function renderYamlWithLibrary(value: unknown): string {
  assertPlainJson(value, '');
  const doc = new Document(value, {
    version: '1.2',
    aliasDuplicateObjects: false,
    keepUndefined: false,
    sortMapEntries: false,
  });
  quoteAmbiguous(doc.contents);
  return doc.toString(TO_STRING_OPTIONS);
}

/** Strings already judged by isAmbiguousPlainString: keys and values repeat across manifests. */
const ambiguity = new Map<string, boolean>();
const AMBIGUITY_CACHE_LIMIT = 20_000;

function isAmbiguousCached(text: string): boolean {
  let ambiguous = ambiguity.get(text);
  if (ambiguous === undefined) {
    ambiguous = isAmbiguousPlainString(text);
    if (ambiguity.size >= AMBIGUITY_CACHE_LIMIT) ambiguity.clear();
    ambiguity.set(text, ambiguous);
  }
  return ambiguous;
}

/**
 * Double-quotes every ambiguous string scalar, keys included. A document built from plain
 * JSON holds only maps (of pairs), sequences and scalars: a direct walk, faster than `visit`.
 */
function quoteAmbiguous(node: unknown): void {
  if (isScalar(node)) {
    if (typeof node.value === 'string' && isAmbiguousCached(node.value)) node.type = Scalar.QUOTE_DOUBLE;
  } else if (isMap(node)) {
    for (const pair of node.items) {
      quoteAmbiguous(pair.key);
      quoteAmbiguous(pair.value);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) quoteAmbiguous(item);
  }
}

/** YAML text of one cdk8s API object, as its typed `toJson` renders it. */
export function renderManifest(object: ApiObject): string {
  return renderYaml(object.toJson());
}

function assertPlainJson(value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') {
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new Error(`cannot render non-finite number at '${path || '/'}'`);
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (item === undefined) {
        throw new Error(`cannot render undefined array item at '${path}/${i}'`);
      }
      assertPlainJson(item, `${path}/${i}`);
    });
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) {
        assertPlainJson(v, `${path}/${k}`);
      }
    }
    return;
  }
  throw new Error(`cannot render ${describe(value)} at '${path || '/'}'`);
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    return `object of class ${value.constructor?.name ?? 'unknown'}`;
  }
  return typeof value;
}
