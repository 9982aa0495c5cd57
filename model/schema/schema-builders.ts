/**
 * Small builders for the fleet JSON Schemas. Every object is closed
 * (`additionalProperties: false`) so a misspelt key is an error with a did-you-mean.
 * `x-expected` is an annotation our error translator uses to describe a value in words.
 */
export type JsonSchema = { readonly [key: string]: unknown };

export const str = (): JsonSchema => ({ type: 'string' });
export const bool = (): JsonSchema => ({ type: 'boolean' });
export const int = (minimum?: number, maximum?: number): JsonSchema => ({
  type: 'integer',
  ...(minimum !== undefined ? { minimum } : {}),
  ...(maximum !== undefined ? { maximum } : {}),
});
export const oneOfStrings = (values: readonly string[]): JsonSchema => ({
  type: 'string',
  enum: [...values],
});

/** A closed object: only the listed keys. */
export const obj = (
  properties: Record<string, JsonSchema>,
  required: readonly string[] = [],
): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required: [...required] } : {}),
  additionalProperties: false,
});

/** A free-form map whose values all match `values` (labels, tags, limits ...). */
export const mapOf = (values: JsonSchema, expected?: string): JsonSchema => ({
  type: 'object',
  additionalProperties: values,
  ...(expected ? { 'x-expected': expected } : {}),
});

export const list = (items: JsonSchema, minItems?: number): JsonSchema => ({
  type: 'array',
  items,
  ...(minItems !== undefined ? { minItems } : {}),
});

/** Text, or a number we turn into text (Kubernetes quantities such as `cpu: 100`). */
export const quantity = (): JsonSchema => ({
  type: ['string', 'number'],
  'x-expected': 'a quantity such as 100 or 400Gi',
});

/**
 * A requirement shorthand: a list of values (operator In), or `{ in: [...] }` /
 * `{ notIn: [...] }` with optional `minValues`.
 */
export const shorthand = (item: JsonSchema): JsonSchema => ({
  if: { type: 'array' },
  then: list(item, 1),
  else: {
    ...obj({ in: list(item, 1), notIn: list(item, 1), minValues: int(1, 50) }),
    'x-expected': 'a list of values, or a map with in or notIn (and optional minValues)',
  },
});

/** Copy of a schema with every `required` removed (for `_defaults.yaml`, which may be partial). */
export function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value)) continue;
    // `properties` holds field names, not keywords: keep those names, recurse into their schemas.
    out[key] = withoutRequired(value);
  }
  return out;
}

/** `schema` with a description (shown in the generated field reference). */
export const described = (schema: JsonSchema, description: string): JsonSchema => ({
  ...schema,
  description,
});

/** Object metadata the user may add to a generated Karpenter object (`metadata.annotations`). */
export const objectMetadata = (kind: string): JsonSchema =>
  described(
    obj({
      labels: described(
        mapOf(str(), 'a map of label names to text values'),
        `Labels on the ${kind} object itself (for selecting it with kubectl or Argo CD); the tool's managed-by label is added and cannot be overridden.`,
      ),
      annotations: described(
        mapOf(str(), 'a map of annotation names to text values'),
        `Annotations on the ${kind} object itself (e.g. kubernetes.io/description); merged with the tool's own Argo CD annotations, which cannot be overridden.`,
      ),
    }),
    `Object metadata of the generated ${kind}.`,
  );
