/**
 * The shape of the pinned Terraform provider schema subset that `npm run import` writes to
 * `imports/terraform/` (codegen/generate-terraform-schema.ts). The generated module declares the
 * same types (schemaTypesSource() copies their source text from this file), so the checker in
 * validation/terraform/ reads them from imports/ and never from codegen/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_ROOT } from '../io/tool-root';

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

// End of the declarations the generated module states.

/**
 * The declarations above as source text, for the generated module (codegen/generate-terraform-schema.ts):
 * read from this file, so they are written once. The import step runs in the tool's own checkout,
 * where codegen/ sits beside the build.
 */
export function schemaTypesSource(root: string = TOOL_ROOT): string {
  const text = readFileSync(join(root, 'codegen', 'terraform-schema-model.ts'), 'utf8');
  const start = text.indexOf(DECLARATIONS_START);
  const end = text.indexOf(DECLARATIONS_END);
  if (start < 0 || end < start)
    throw new Error(`codegen/terraform-schema-model.ts: declaration markers not found`);
  return `${text.slice(start, end).replace(/\n+$/, '')}\n`;
}

const DECLARATIONS_START = '/** A value type: primitives';
const DECLARATIONS_END = '// End of the declarations the generated module states.';
