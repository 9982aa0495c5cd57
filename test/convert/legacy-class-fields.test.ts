import { dropRemovedTags, reportHopLimitDefault } from '../../convert/legacy-class-fields';
import { contextFor } from './convert-helpers';

test('tags Karpenter v1 removed are dropped with a warning, the rest kept', () => {
  const { ctx, log } = contextFor(
    'kind: AWSNodeTemplate\nmetadata: { name: t }\nspec:\n  tags: { karpenter.sh/managed-by: c1, team: a }\n',
  );
  expect(dropRemovedTags(ctx, ['spec', 'tags'], { 'karpenter.sh/managed-by': 'c1', team: 'a' })).toEqual({
    team: 'a',
  });
  expect(log.entries[0]).toMatchObject({
    level: 'warning',
    action: 'dropped',
    source: 'AWSNodeTemplate/t spec.tags.karpenter.sh/managed-by',
  });
});

test('the hop limit change is reported only when the class did not set one', () => {
  const { ctx, log } = contextFor('kind: EC2NodeClass\nmetadata: { name: c }\nspec: {}\n');
  reportHopLimitDefault(
    ctx,
    { httpPutResponseHopLimit: 2 },
    ['spec', 'metadataOptions'],
    ['spec'],
    'nodeClasses.c',
  );
  expect(log.entries).toEqual([]);
  reportHopLimitDefault(ctx, undefined, ['spec', 'metadataOptions'], ['spec'], 'nodeClasses.c');
  expect(log.entries[0]).toMatchObject({
    level: 'warning',
    action: 'defaulted',
    target: 'nodeClasses.c.metadataOptions.httpPutResponseHopLimit',
    message: 'httpPutResponseHopLimit is now 1 (was 2 by default)',
  });
});
