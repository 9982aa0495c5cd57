import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TERRAFORM_SCHEMA_OUTPUT } from '../../codegen/generate-terraform-schema';
import { SCHEMA_TYPES } from '../../codegen/terraform-schema-model';

const ROOT = resolve(__dirname, '..', '..');

describe('Terraform schema model', () => {
  it('states in SCHEMA_TYPES exactly the types codegen builds with, and the generated module declares them', () => {
    const model = readFileSync(join(ROOT, 'codegen', 'terraform-schema-model.ts'), 'utf8');
    const declared = model.slice(
      model.indexOf('/** A value type'),
      model.indexOf('/** The declarations above'),
    );
    expect(SCHEMA_TYPES).toBe(declared.replace(/\n+$/, '\n'));
    expect(readFileSync(join(ROOT, 'imports', TERRAFORM_SCHEMA_OUTPUT), 'utf8')).toContain(SCHEMA_TYPES);
  });
});
