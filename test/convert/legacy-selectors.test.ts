import { convertLegacyAmiSelector, convertLegacySelector } from '../../convert/legacy-selectors';
import { contextFor } from './convert-helpers';

const doc = (selector: string) => `kind: AWSNodeTemplate
metadata: { name: t }
spec:
  sel:
${selector}`;

test('a tag map becomes one term; comma values split into terms; empty values become *', () => {
  const { ctx, log } = contextFor(doc(`    karpenter.sh/discovery: c1\n    Name: "a, b"\n    role: ''`));
  expect(convertLegacySelector(ctx, ['spec', 'sel'], 'nodeClasses.t.subnetSelectorTerms')).toEqual([
    { tags: { 'karpenter.sh/discovery': 'c1', Name: 'a', role: '*' } },
    { tags: { 'karpenter.sh/discovery': 'c1', Name: 'b', role: '*' } },
  ]);
  expect(log.entries.map((e) => [e.line, e.action])).toEqual([
    [4, 'converted'],
    [6, 'split'],
    [7, 'converted'],
  ]);
});

test.each(['aws-ids', 'aws::ids'])('%s with comma-separated IDs becomes id terms', (key) => {
  const { ctx } = contextFor(doc(`    ${key}: "subnet-1,subnet-2 , subnet-3"`));
  expect(convertLegacySelector(ctx, ['spec', 'sel'], 't')).toEqual([
    { id: 'subnet-1' },
    { id: 'subnet-2' },
    { id: 'subnet-3' },
  ]);
});

test('an empty selector falls back to the fleet default, with a warning', () => {
  const { ctx, log } = contextFor(doc('    {}').replace('  sel:\n    {}', '  sel: {}'));
  expect(convertLegacySelector(ctx, ['spec', 'sel'], 't')).toBeUndefined();
  expect(log.entries[0]).toMatchObject({ level: 'warning', action: 'defaulted' });
});

test('AMI selector: IDs, and tags combined with owners', () => {
  const ids = contextFor(doc('    aws::ids: ami-1,ami-2'));
  expect(convertLegacyAmiSelector(ids.ctx, ['spec', 'sel'], 't')).toEqual([{ id: 'ami-1' }, { id: 'ami-2' }]);
  const tags = contextFor(doc('    team: a\n    aws::owners: self'));
  expect(convertLegacyAmiSelector(tags.ctx, ['spec', 'sel'], 't')).toEqual([
    { owner: 'self', tags: { team: 'a' } },
  ]);
});
