/**
 * The shape of the pinned Terraform provider schema subset that `npm run import` writes to
 * `imports/terraform/` (codegen/generate-terraform-schema.ts). The generated module declares the
 * same types (SCHEMA_TYPES below is their source text), so the checker in validation/terraform/
 * reads them from imports/ and never from codegen/.
 */

/** A value type: primitives, collections, or an object with its own attributes ('any': unknown). */
export type TerraformType =
  | 'string'
  | 'number'
  | 'bool'
  | 'any'
  | { readonly list: TerraformType }
  | { readonly set: TerraformType }
  | { readonly map: TerraformType }
  | { readonly object: TerraformBlockSchema };

export interface TerraformAttributeSchema {
  readonly type: TerraformType;
  /** @default false (optional) */
  readonly required?: true;
}

export interface TerraformNestedBlockSchema {
  /** `single`: one object; `list`/`set`: an object or an array of objects. */
  readonly nesting: 'single' | 'list' | 'set';
  /** @default 0 (only 1 is known: a required block) */
  readonly minItems?: number;
  /** @default unbounded (only 1 is known) */
  readonly maxItems?: number;
  readonly block: TerraformBlockSchema;
}

export interface TerraformBlockSchema {
  /** Arguments a user may set. */
  readonly attributes: Readonly<Record<string, TerraformAttributeSchema>>;
  readonly blocks: Readonly<Record<string, TerraformNestedBlockSchema>>;
  /** Attributes only the provider sets (computed, neither optional nor required). */
  readonly computed: readonly string[];
}

/** The declarations above, as the generated module states them. */
export const SCHEMA_TYPES = `/** A value type: primitives, collections, or an object with its own attributes ('any': unknown). */
export type TerraformType =
  | 'string'
  | 'number'
  | 'bool'
  | 'any'
  | { readonly list: TerraformType }
  | { readonly set: TerraformType }
  | { readonly map: TerraformType }
  | { readonly object: TerraformBlockSchema };

export interface TerraformAttributeSchema {
  readonly type: TerraformType;
  /** @default false (optional) */
  readonly required?: true;
}

export interface TerraformNestedBlockSchema {
  /** \`single\`: one object; \`list\`/\`set\`: an object or an array of objects. */
  readonly nesting: 'single' | 'list' | 'set';
  /** @default 0 (only 1 is known: a required block) */
  readonly minItems?: number;
  /** @default unbounded (only 1 is known) */
  readonly maxItems?: number;
  readonly block: TerraformBlockSchema;
}

export interface TerraformBlockSchema {
  /** Arguments a user may set. */
  readonly attributes: Readonly<Record<string, TerraformAttributeSchema>>;
  readonly blocks: Readonly<Record<string, TerraformNestedBlockSchema>>;
  /** Attributes only the provider sets (computed, neither optional nor required). */
  readonly computed: readonly string[];
}
`;
