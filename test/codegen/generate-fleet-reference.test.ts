import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  fieldDocProblems,
  fleetFieldRows,
  FLEET_REFERENCE_PATH,
  renderFleetReference,
  typeOf,
} from '../../codegen/generate-fleet-reference';
import { FLEET_DEFAULTS } from '../../model/shared/fleet-defaults';

const ROOT = join(__dirname, '..', '..');

describe('the generated fleet field reference', () => {
  it('is current: docs/fleet-fields.md is what npm run docs writes', () => {
    expect(readFileSync(join(ROOT, FLEET_REFERENCE_PATH), 'utf8')).toBe(renderFleetReference());
  });

  it('describes every field of the fleet schema, and nothing that is not one', () => {
    expect(fieldDocProblems()).toEqual([]);
  });

  it('lists fields with their types, required keys and defaults from the code', () => {
    const rows = new Map(fleetFieldRows().map((r) => [r.path, r]));
    expect(rows.get('aws.accountId')).toMatchObject({
      required: true,
      type: 'a 12-digit account ID in quotes',
    });
    expect(rows.get('nodePools.<name>.weight')?.type).toBe('integer, 1 to 100');
    expect(rows.get('nodePools.<name>.expireAfter')?.doc?.default).toBe(`\`${FLEET_DEFAULTS.expireAfter}\``);
    expect(rows.get('nodePools.<name>.capacityTypes')?.type).toMatch(
      /^list of one of `.*`spot`.*, or a map with `in`/,
    );
    expect(rows.get('nodeClasses.<name>.blockDeviceMappings[].ebs.volumeSize')?.required).toBe(true);
    expect(rows.has('nodeClasses.<name>.tags.<name>')).toBe(true);
  });

  it('reports a field without a description, naming where to add it', () => {
    const problems = fieldDocProblems([{ path: 'nodePools.<name>.newField', type: 'text', required: false }]);
    expect(problems).toContain(
      'nodePools.<name>.newField: no description (add it to codegen/fleet-field-docs.ts)',
    );
  });

  it('describes types in words', () => {
    expect(typeOf({ type: 'integer', minimum: 0 })).toBe('integer ≥ 0');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'string' } })).toBe('map of names to text');
    expect(typeOf({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe(
      'list of one of `a`, `b`',
    );
  });
});
