import { UserError } from '../../model/shared/diagnostics';
import { GENERATORS } from '../../synth/generators';
import { synthesize } from '../../synth/synthesize';
import { fleetFixture } from '../support/fleet-fixtures';

const fleet = fleetFixture();

describe('synthesize', () => {
  test('merges the generators into one sorted map', () => {
    const files = synthesize(fleet, [
      { name: 'second', generate: () => new Map([['b/z.yaml', { text: 'z\n' }]]) },
      { name: 'first', generate: () => new Map([['a/y.yaml', { text: 'y\n' }]]) },
    ]);
    expect([...files.entries()]).toEqual([
      ['a/y.yaml', 'y\n'],
      ['b/z.yaml', 'z\n'],
    ]);
  });

  test('a path produced by two generators is an internal error naming both', () => {
    const run = () =>
      synthesize(fleet, [
        { name: 'karpenter', generate: () => new Map([['x/a.yaml', { text: '1' }]]) },
        { name: 'cloudformation', generate: () => new Map([['x/a.yaml', { text: '2' }]]) },
      ]);
    expect(run).toThrow(
      "generated path 'x/a.yaml' is produced by both the 'karpenter' and 'cloudformation' generators",
    );
    expect(run).not.toThrow(UserError);
  });

  test('a generator path leaving dist/ is an internal error', () => {
    expect(() =>
      synthesize(fleet, [{ name: 'bad', generate: () => new Map([['../x.yaml', { text: '' }]]) }]),
    ).toThrow("generated path '../x.yaml' is not a plain relative path");
  });

  test('a UserError thrown by a generator passes through unchanged', () => {
    const err = new UserError([
      { severity: 'error', file: 'clusters/a.yaml', line: 1, col: 1, path: 'x', message: 'bad' },
    ]);
    expect(() =>
      synthesize(fleet, [
        {
          name: 'throws',
          generate: () => {
            throw err;
          },
        },
      ]),
    ).toThrow(err);
  });

  test('the default generator list starts with karpenter and has unique names', () => {
    expect(GENERATORS[0].name).toBe('karpenter');
    expect(new Set(GENERATORS.map((g) => g.name)).size).toBe(GENERATORS.length);
  });

  test('the default pipeline writes the Karpenter files of every cluster', () => {
    const files = synthesize(fleet);
    expect(files.has('ticketing/karpenter/nodepool-dataops.yaml')).toBe(true);
    expect(files.has('batch/karpenter/ec2nodeclass-default.yaml')).toBe(true);
  });
});
