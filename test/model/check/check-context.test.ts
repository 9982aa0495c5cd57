import { CheckContext } from '../../../model/check/check-context';
import { RawCluster } from '../../../model/parse/raw-fleet';
import { parseFleetSource } from '../../../model/parse/yaml-source';

describe('CheckContext', () => {
  const { root } = parseFleetSource('clusters/x.yaml', 'tags:\n  team: a\n');
  const ctx = new CheckContext(root!, { tags: { team: 'a' } } as unknown as RawCluster, 'x');

  it('places a report at the value or at the key, and counts errors only', () => {
    ctx.error(['tags', 'team'], 'bad value', 'Fix it');
    ctx.warn(['tags', 'team'], 'odd key', 'Check it', 'key');
    expect(ctx.diagnostics).toEqual([
      {
        severity: 'error',
        file: 'clusters/x.yaml',
        line: 2,
        col: 9,
        path: 'tags.team',
        message: 'bad value',
        fix: 'Fix it',
      },
      {
        severity: 'warning',
        file: 'clusters/x.yaml',
        line: 2,
        col: 3,
        path: 'tags.team',
        message: 'odd key',
        fix: 'Check it',
      },
    ]);
    expect(ctx.errorCount).toBe(1);
    expect(ctx.classNames).toEqual([]);
  });
});
