import { formatDiagnostic, UserError } from '../../../model/shared/diagnostics';
import { DOUBLE_PUNCTUATION } from '../../reliability/case-outcome';

const at = {
  severity: 'error' as const,
  file: 'clusters/a.yaml',
  line: 3,
  col: 5,
  path: 'karpenter.helmValues',
};

describe('formatDiagnostic', () => {
  it('writes file:line:col path: message. fix.', () => {
    expect(formatDiagnostic({ ...at, message: 'unknown key', fix: 'Remove it' })).toBe(
      'clusters/a.yaml:3:5 karpenter.helmValues: unknown key. Remove it.',
    );
  });

  it('never doubles punctuation after a question or a sentence that already ends', () => {
    const line = formatDiagnostic({
      ...at,
      message: "unknown key 'podAnotations'",
      fix: 'Did you mean podAnnotations?',
    });
    expect(line).toBe(
      "clusters/a.yaml:3:5 karpenter.helmValues: unknown key 'podAnotations'. Did you mean podAnnotations?",
    );
    expect(line).not.toMatch(DOUBLE_PUNCTUATION);
    expect(formatDiagnostic({ ...at, message: 'is wrong.', fix: 'Fix it.' })).toBe(
      'clusters/a.yaml:3:5 karpenter.helmValues: is wrong. Fix it.',
    );
  });

  it('names the file alone when there is no line, and marks warnings', () => {
    expect(
      formatDiagnostic({
        severity: 'warning',
        file: 'clusters',
        line: 0,
        col: 0,
        path: '',
        message: 'no cluster',
      }),
    ).toBe('clusters warning: no cluster.');
  });

  it('UserError carries every diagnostic, sorted by file and line', () => {
    const e = new UserError([
      { ...at, line: 9, message: 'second' },
      { ...at, line: 2, message: 'first' },
    ]);
    expect(e.message.split('\n').map((l) => l.split(' ').pop())).toEqual(['first.', 'second.']);
  });
});
