import {
  formatDiagnostic,
  isDiagnostic,
  formatLocation,
  UserError,
  wholeFileError,
} from '../../../model/shared/diagnostics';
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

  it('names a file or folder without a line followed by a colon, and marks warnings', () => {
    const whole = { severity: 'error' as const, file: 'clusters', line: 0, col: 0, path: '' };
    expect(
      formatDiagnostic({
        ...whole,
        message: 'the fleet description folder does not exist',
        fix: 'Give the folder with --clusters DIR',
      }),
    ).toBe('clusters: the fleet description folder does not exist. Give the folder with --clusters DIR.');
    expect(formatDiagnostic({ ...whole, severity: 'warning', message: 'no cluster' })).toBe(
      'clusters: warning: no cluster.',
    );
    expect(
      formatDiagnostic({
        ...whole,
        file: 'clusters/_defaults.yaml',
        path: 'gitops.rings',
        message: 'no ring',
      }),
    ).toBe('clusters/_defaults.yaml: gitops.rings: no ring.');
  });

  it('formatLocation: file:line:col, or file: without a line', () => {
    expect(formatLocation('clusters/a.yaml', 3, 5)).toBe('clusters/a.yaml:3:5');
    expect(formatLocation('package.json', 0, 0)).toBe('package.json:');
  });

  it('UserError carries every diagnostic, sorted by file and line', () => {
    const e = new UserError([
      { ...at, line: 9, message: 'second' },
      { ...at, line: 2, message: 'first' },
    ]);
    expect(e.message.split('\n').map((l) => l.split(' ').pop())).toEqual(['first.', 'second.']);
  });
});

describe('wholeFileError', () => {
  it('is an error with no line, column or path, and reads `file: message. Fix.`', () => {
    const d = wholeFileError('package.json', 'cannot be read as JSON', 'Fix package.json');
    expect(d).toEqual({
      severity: 'error',
      file: 'package.json',
      line: 0,
      col: 0,
      path: '',
      message: 'cannot be read as JSON',
      fix: 'Fix package.json',
    });
    expect(formatDiagnostic(d)).toBe('package.json: cannot be read as JSON. Fix package.json.');
  });
});

describe('isDiagnostic', () => {
  it('accepts what this code makes and refuses a record missing a field or of another shape', () => {
    const d = wholeFileError('clusters', 'the folder does not exist', 'Create it');
    expect(isDiagnostic(d)).toBe(true);
    expect(isDiagnostic({ ...d, fix: undefined })).toBe(true);
    expect(isDiagnostic({ ...d, severity: 'info' })).toBe(false);
    expect(isDiagnostic(Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'col')))).toBe(false);
    expect(isDiagnostic({ ...d, line: '3' })).toBe(false);
    expect(isDiagnostic({ ...d, fix: 3 })).toBe(false);
    expect(isDiagnostic(null)).toBe(false);
    expect(isDiagnostic([d])).toBe(false);
  });
});
