import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TERRAFORM_SCHEMA_OUTPUT } from '../../codegen/generate-terraform-schema';
import { schemaTypesSource } from '../../codegen/terraform-schema-model';

const ROOT = resolve(__dirname, '..', '..');

describe('Terraform schema model', () => {
  it('gives the generated module exactly the declarations codegen builds with, written once', () => {
    const types = schemaTypesSource(ROOT);
    expect(types.startsWith('/** A value type: primitives, collections, or an object')).toBe(true);
    expect(types.endsWith('  readonly computed: readonly string[];\n}\n')).toBe(true);
    expect(types).not.toContain('End of the declarations');
    for (const name of [
      'TerraformType',
      'TerraformAttributeSchema',
      'TerraformNestedBlockSchema',
      'TerraformBlockSchema',
    ])
      expect(types).toMatch(new RegExp(`export (type|interface) ${name}\\b`));
    expect(readFileSync(join(ROOT, 'imports', TERRAFORM_SCHEMA_OUTPUT), 'utf8')).toContain(types);
  });
});
