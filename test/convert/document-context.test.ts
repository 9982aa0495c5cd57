import { formatPath } from '../../convert/document-context';
import { contextFor } from './convert-helpers';

const { ctx, log } = contextFor(`apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: p }
spec:
  weight: ten
  limits: { cpu: 10, memory: 20Gi }
  list: [1, 2]
  flag: yes
`);

test('typed getters return values and turn wrong types into errors at the field', () => {
  expect(ctx.label).toBe('NodePool/p');
  expect(ctx.int(['spec', 'weight'])).toBeUndefined();
  expect(ctx.stringMap(['spec', 'limits'])).toEqual({ cpu: '10', memory: '20Gi' });
  expect(ctx.list(['spec', 'list'])).toEqual([1, 2]);
  expect(ctx.map(['spec', 'list'])).toBeUndefined();
  expect(ctx.bool(['spec', 'flag'])).toBeUndefined(); // YAML 1.2: `yes` is a string
  expect(ctx.get(['spec', 'missing', 'deeper'])).toBeUndefined();
  expect(log.diagnostics.map((d) => `${d.line}:${d.col} ${d.path}: ${d.message}`)).toEqual([
    "5:3 document 1 NodePool/p spec.weight: must be an integer, not the string 'ten'",
    '7:3 document 1 NodePool/p spec.list: must be a map, not a list',
    "8:3 document 1 NodePool/p spec.flag: must be true or false, not the string 'yes'",
  ]);
});

test('dropUnknownKeys reports each unknown key with its line', () => {
  const { ctx: c, log: l } = contextFor('kind: X\nmetadata: { name: n }\nspec:\n  known: 1\n  extra: 2\n');
  c.dropUnknownKeys(['spec'], ['known'], 'No such field');
  expect(l.entries).toEqual([
    expect.objectContaining({
      level: 'warning',
      action: 'dropped',
      line: 5,
      source: 'X/n spec.extra',
      reason: 'No such field',
    }),
  ]);
});

test('formatPath writes indices in brackets', () => {
  expect(formatPath(['spec', 'requirements', 2, 'key'])).toBe('spec.requirements[2].key');
});
