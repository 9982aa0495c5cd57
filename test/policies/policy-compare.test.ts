import { canonicalStatement, diffPolicies, isSame, parseIamDocument } from '../../policies/policy-compare';
import { nodeLifecyclePolicy } from '../../policies/node-lifecycle-policy';
import { PolicyDocument } from '../../policies/policy-document';
import { clusterModel } from './fixtures';

describe('policy comparison', () => {
  const doc = nodeLifecyclePolicy(clusterModel());

  it('treats IAM formatting differences as equal', () => {
    const reordered = JSON.parse(JSON.stringify(doc)) as { Statement: Record<string, unknown>[] };
    const s = reordered.Statement[1];
    reordered.Statement[1] = {
      Condition: s.Condition,
      Resource: [s.Resource],
      Action: [...(s.Action as string[])].reverse(),
      Effect: s.Effect,
      Sid: s.Sid,
    };
    const encoded = encodeURIComponent(JSON.stringify(reordered));
    expect(isSame(diffPolicies(doc, parseIamDocument(encoded)))).toBe(true);
    expect(canonicalStatement({ Effect: 'Deny', Action: 'x:y', Condition: { Bool: { k: false } } })).toBe(
      canonicalStatement({ Action: ['x:y'], Condition: { Bool: { k: ['false'] } }, Effect: 'Deny' }),
    );
  });

  it('reports missing, unexpected and changed statements by Sid', () => {
    const have: PolicyDocument = {
      Version: '2012-10-17',
      Statement: [
        ...doc.Statement.filter((s) => s.Sid !== 'AllowScopedDeletion').map((s) =>
          s.Sid === 'AllowScopedResourceTagging' ? { ...s, Condition: undefined } : s,
        ),
        { Sid: 'Extra', Effect: 'Allow', Action: 'ec2:*', Resource: '*' },
      ],
    };
    expect(diffPolicies(doc, JSON.parse(JSON.stringify(have)))).toEqual({
      missing: ['AllowScopedDeletion'],
      extra: ['Extra'],
      changed: ['AllowScopedResourceTagging'],
    });
  });
});
