import { formatHuman, render } from '../../validation/output-format';
import { Finding } from '../../validation/finding';

const fileLevel: Finding = {
  severity: 'error',
  file: 'dist/shop/karpenter/bad.yaml',
  line: 0,
  col: 0,
  path: '',
  message: 'cannot be read (EACCES)',
  fix: 'Check that the file is readable',
  check: 'file/unreadable',
};

describe('formatHuman', () => {
  it('names a file without a line followed by a colon, as formatDiagnostic does', () => {
    expect(formatHuman(fileLevel)).toBe(
      'dist/shop/karpenter/bad.yaml: cannot be read (EACCES). Check that the file is readable.',
    );
    expect(
      formatHuman({ ...fileLevel, severity: 'warning', object: 'NodePool/general', path: 'spec.limits' }),
    ).toBe(
      'dist/shop/karpenter/bad.yaml: warning: NodePool/general spec.limits: cannot be read (EACCES). Check that the file is readable.',
    );
  });

  it('writes file:line:col, the object and the field path when the finding has a line', () => {
    expect(
      formatHuman({
        ...fileLevel,
        line: 12,
        col: 7,
        object: 'NodePool/general',
        path: 'spec.limits.cpu',
        message: 'must be a quantity',
        fix: undefined,
      }),
    ).toBe('dist/shop/karpenter/bad.yaml:12:7 NodePool/general spec.limits.cpu: must be a quantity.');
  });
});

describe('render', () => {
  it('github: a file without a line has no line property; the human format has the colon', () => {
    expect(render([fileLevel], 'github')).toBe(
      '::error file=dist/shop/karpenter/bad.yaml,title=file/unreadable::cannot be read (EACCES). Check that the file is readable\n',
    );
    expect(render([fileLevel], 'human')).toBe(`${formatHuman(fileLevel)}\n`);
  });
});
