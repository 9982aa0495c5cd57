import {
  annotation,
  escapeData,
  escapeProperty,
  groupEnd,
  groupStart,
} from '../../review/github-annotations';

describe('github annotations', () => {
  it('escapes data and properties so a message cannot inject a command', () => {
    const line = annotation(
      { severity: 'warning', file: 'a,b:c.yaml', line: 0, col: 0, path: '', message: 'two\nlines 100%' },
      't',
    );
    expect(line).toBe('::warning file=a%2Cb%3Ac.yaml,title=t::a,b:c.yaml: warning: two%0Alines 100%25.');
    expect(escapeProperty('x:y,z')).toBe('x%3Ay%2Cz');
  });

  it('names a folder without a line as the text output does: no line property, `folder: message`', () => {
    const line = annotation(
      {
        severity: 'error',
        file: 'clusters',
        line: 0,
        col: 0,
        path: '',
        message: 'the fleet description folder does not exist',
        fix: 'Give the folder with --clusters DIR',
      },
      'load',
    );
    expect(line).toBe(
      '::error file=clusters,title=load::clusters: the fleet description folder does not exist. Give the folder with --clusters DIR.',
    );
  });
});

describe('log groups', () => {
  it('fold lines and escape the title', () => {
    expect(groupStart('diff of a\nb')).toBe('::group::diff of a%0Ab');
    expect(groupEnd()).toBe('::endgroup::');
    expect(escapeData('50%\r\n')).toBe('50%25%0D%0A');
  });
});
