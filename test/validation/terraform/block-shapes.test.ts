import {
  checkName,
  labelled,
  objectsAt,
  typeIssue,
  unknownMembers,
} from '../../../validation/terraform/block-shapes';
import type { TerraformIssue } from '../../../validation/terraform/schema-walk';

function collect(run: (report: (i: TerraformIssue) => void) => void): Array<[string, string]> {
  const issues: TerraformIssue[] = [];
  run((i) => issues.push(i));
  return issues.map((i) => [i.path.join('.'), i.message]);
}

describe('checkName', () => {
  it('accepts identifiers (Unicode letters, digits, underscores, dashes) and refuses other names', () => {
    const issues = collect((report) => {
      for (const name of ['controller', '_x', 'node-role', 'rôle2', 'shop_karpenter'])
        checkName(name, [name], report, 'output');
      for (const name of ['my.role', '1st', '', 'a b', '-x']) checkName(name, [name], report, 'output');
    });
    expect(issues).toEqual([
      ['my.role', '"my.role" is not a valid name for output'],
      ['1st', '"1st" is not a valid name for output'],
      ['', '"" is not a valid name for output'],
      ['a b', '"a b" is not a valid name for output'],
      ['-x', '"-x" is not a valid name for output'],
    ]);
  });
});

describe('objectsAt', () => {
  it('takes an object, or each object of an array with its index in the path', () => {
    const issues: TerraformIssue[] = [];
    expect(objectsAt({ a: 1 }, ['locals'], (i) => issues.push(i), 'locals')).toEqual([
      [{ a: 1 }, ['locals']],
    ]);
    expect(objectsAt([{ a: 1 }, 'x', { b: 2 }], ['locals'], (i) => issues.push(i), 'locals')).toEqual([
      [{ a: 1 }, ['locals', 0]],
      [{ b: 2 }, ['locals', 2]],
    ]);
    expect(issues.map((i) => [i.path, i.message, i.check])).toEqual([
      [['locals', 1], 'locals must be a JSON object, found a string', 'terraform/shape'],
    ]);
  });
});

describe('labelled', () => {
  it('yields name, body and path for every label, skipping comments', () => {
    const out: Array<[string, Record<string, unknown>, unknown[]]> = [];
    const issues = collect((report) =>
      out.push(
        ...labelled([{ a: { value: 1 }, '//': 'note' }, { b: [{ value: 2 }] }], ['output'], report, 'output'),
      ),
    );
    expect(issues).toEqual([]);
    expect(out).toEqual([
      ['a', { value: 1 }, ['output', 0, 'a']],
      ['b', { value: 2 }, ['output', 1, 'b', 0]],
    ]);
  });

  it('reports a label declared twice and a body that is not an object', () => {
    expect(collect((report) => labelled({ a: [{}, {}], b: 3 }, ['output'], report, 'output'))).toEqual([
      ['output.a', "output 'a' is declared 2 times"],
      ['output.b', "the body of output 'b' must be a JSON object, found a number"],
    ]);
  });
});

describe('unknownMembers', () => {
  it('names members outside the allowed list, with the closest name or the list', () => {
    const issues: TerraformIssue[] = [];
    unknownMembers(
      { valu: 1, zzz: 2, '//': 'c', value: 3 },
      ['description', 'value'],
      ['output', 'o'],
      (i) => issues.push(i),
      'output o',
    );
    expect(issues.map((i) => [i.path.join('.'), i.message, i.fix])).toEqual([
      ['output.o.valu', "output o has no argument named 'valu'", "Did you mean 'value'?"],
      ['output.o.zzz', "output o has no argument named 'zzz'", 'Arguments here: description, value'],
    ]);
  });
});

describe('typeIssue', () => {
  it('names the last key, what was expected and what was found, without the value', () => {
    expect(typeIssue(['output', 'o', 'sensitive'], 'a bool', 'hunter2')).toEqual({
      severity: 'error',
      path: ['output', 'o', 'sensitive'],
      check: 'terraform/type',
      message: 'sensitive expects a bool, found a string',
    });
  });
});
