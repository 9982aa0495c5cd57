import { Finding, formatPath, sortFindings, unknownNameFix } from '../../validation/finding';

describe('formatPath', () => {
  it('joins keys with dots and list items with brackets, in manifests and Terraform JSON alike', () => {
    expect(formatPath(['spec', 'template', 'spec', 'requirements', 0, 'key'])).toBe(
      'spec.template.spec.requirements[0].key',
    );
    expect(formatPath(['resource', 'aws_iam_role', 'controller', 'assume_role_polcy'])).toBe(
      'resource.aws_iam_role.controller.assume_role_polcy',
    );
    expect(formatPath(['resource', 'aws_cloudwatch_event_target', 't', 'retry_policy', 1, 'x'])).toBe(
      'resource.aws_cloudwatch_event_target.t.retry_policy[1].x',
    );
    expect(formatPath([0, 'a'])).toBe('[0].a');
    expect(formatPath([])).toBe('');
  });

  it('quotes a key that is not a plain name in brackets', () => {
    expect(formatPath(['tags', 'karpenter.sh/discovery'])).toBe('tags["karpenter.sh/discovery"]');
    expect(formatPath(['metadata', 'labels', 'a b'])).toBe('metadata.labels["a b"]');
    expect(formatPath(['//'])).toBe('["//"]');
    expect(formatPath(['1st'])).toBe('["1st"]');
  });
});

describe('sortFindings', () => {
  const f = (file: string, line: number, message: string, document?: number): Finding => ({
    severity: 'error',
    file,
    line,
    col: 1,
    path: '',
    message,
    check: 'test',
    ...(document !== undefined ? { document } : {}),
  });

  it('orders by file, document, line, then message, and leaves its input as it was', () => {
    const input = [f('b.yaml', 1, 'x'), f('a.yaml', 9, 'y', 1), f('a.yaml', 3, 'z', 1), f('a.yaml', 5, 'w')];
    expect(sortFindings(input).map((x) => `${x.file}:${x.document ?? '-'}:${x.line}`)).toEqual([
      'a.yaml:-:5',
      'a.yaml:1:3',
      'a.yaml:1:9',
      'b.yaml:-:1',
    ]);
    expect(input[0].file).toBe('b.yaml');
  });
});

describe('unknownNameFix', () => {
  const wording = { listed: 'Known fields here', none: 'This object takes no fields here; remove it' };

  it('suggests the near name first', () => {
    expect(unknownNameFix('kmsKeyID', ['kmsKeyID', 'volumeSize'], wording)).toBe("Did you mean 'kmsKeyID'?");
  });

  it('lists the known names when none is near, and says so when there are none', () => {
    expect(unknownNameFix(undefined, ['a', 'b'], wording)).toBe('Known fields here: a, b');
    expect(unknownNameFix(undefined, [], wording)).toBe('This object takes no fields here; remove it');
  });
});
