/** model/shared/bounded-diagnostics.ts: every reported diagnostic is one bounded line, reported once. */
import { Diagnostic } from '../../../model/shared/diagnostics';
import { dedupeDiagnostics, oneLineDiagnostic } from '../../../model/shared/bounded-diagnostics';

const base: Diagnostic = {
  severity: 'error',
  file: 'clusters/shop.yaml',
  line: 3,
  col: 5,
  path: 'nodePools.general',
  message: 'is wrong',
  fix: 'Fix it',
};

describe('oneLineDiagnostic', () => {
  it('escapes line breaks and cuts a long path and fix at 400 characters', () => {
    const d = oneLineDiagnostic({ ...base, path: 'x'.repeat(500), fix: 'y'.repeat(450) });
    expect(oneLineDiagnostic({ ...base, path: 'a\nb' }).path).toBe('a\\nb');
    expect([...d.path]).toHaveLength(400);
    expect(d.path.endsWith('…')).toBe(true);
    expect([...(d.fix ?? '')]).toHaveLength(400);
  });

  it('lets a message use what the path and fix leave of the 1,400-character line', () => {
    const d = oneLineDiagnostic({ ...base, message: 'm'.repeat(2000), fix: undefined });
    const room = 1400 - base.file.length - base.path.length - 40;
    expect([...d.message]).toHaveLength(room);
    expect(d.fix).toBeUndefined();
    expect(oneLineDiagnostic(base)).toEqual(base);
  });
});

describe('dedupeDiagnostics', () => {
  it('keeps the first of equal diagnostics, in order, and tells apart another line or severity', () => {
    const other = { ...base, line: 4 };
    const warning = { ...base, severity: 'warning' as const };
    expect(dedupeDiagnostics([base, other, { ...base, fix: 'another fix' }, warning, base])).toEqual([
      base,
      other,
      warning,
    ]);
  });
});
