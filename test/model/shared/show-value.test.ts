import { MAX_SHOWN_CHARS, oneLine, show } from '../../../model/shared/show-value';
import { errorsOfCluster, MINIMAL } from '../../support/fleet-files';

describe('show', () => {
  it('escapes line breaks and control characters', () => {
    expect(show('a\nb\tc\u001b[31m\u2028')).toBe('a\\nb\\tc\\u001b[31m\\u2028');
    expect(oneLine('x\ry')).toBe('x\\ry');
  });

  it('shortens long values with an ellipsis', () => {
    const long = 'k'.repeat(5000);
    expect(show(long)).toBe('k'.repeat(MAX_SHOWN_CHARS - 1) + '…');
    expect(show('short')).toBe('short');
  });

  it('keeps a diagnostic on one bounded line whatever the key or value', () => {
    const key = 'x'.repeat(200_000);
    const errors = errorsOfCluster(MINIMAL + `tags:\n  "${key}\\n": "a\\nb"\n  aws:k: v\n`);
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) {
      expect([...e].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20)).toBe(false);
      expect(e.length).toBeLessThan(1000);
    }
  });
});
