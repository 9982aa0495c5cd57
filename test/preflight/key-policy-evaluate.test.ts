import { KeyRequest, keyPolicyAdmits } from '../../preflight/key-policy-evaluate';

const KEY = 'arn:aws:kms:eu-west-1:111122223333:key/k1';
const ROLE = 'arn:aws:iam::111122223333:role/KarpenterControllerRole-ticketing';
const VIA = { 'kms:ViaService': 'ec2.eu-west-1.amazonaws.com', 'kms:CallerAccount': '111122223333' };

function req(o: Partial<KeyRequest> = {}): KeyRequest {
  return {
    principal: ROLE,
    principalType: 'aws',
    account: '111122223333',
    delegatesToIam: true,
    action: 'kms:Decrypt',
    keyArn: KEY,
    context: VIA,
    ...o,
  };
}

const doc = (...Statement: object[]) => JSON.stringify({ Version: '2012-10-17', Statement });

describe('key policy evaluation', () => {
  it('admits a named principal with a wildcard action and a holding condition', () => {
    const policy = doc({
      Sid: 'Use',
      Effect: 'Allow',
      Principal: { AWS: [ROLE] },
      Action: ['kms:Decrypt*', 'kms:Describe*'],
      Resource: '*',
      Condition: { StringEquals: VIA },
    });
    expect(keyPolicyAdmits(policy, req())).toEqual({ allowed: true, by: 'Use' });
    expect(
      keyPolicyAdmits(policy, req({ context: { ...VIA, 'kms:ViaService': 'sqs.eu-west-1.amazonaws.com' } })),
    ).toEqual({
      allowed: false,
    });
    expect(keyPolicyAdmits(policy, req({ action: 'kms:Encrypt' })).allowed).toBe(false);
  });

  it('lets the account root admit IAM-delegating principals only', () => {
    const policy = doc({
      Effect: 'Allow',
      Principal: { AWS: 'arn:aws:iam::111122223333:root' },
      Action: 'kms:*',
      Resource: '*',
    });
    expect(keyPolicyAdmits(policy, req()).allowed).toBe(true);
    expect(keyPolicyAdmits(policy, req({ delegatesToIam: false })).allowed).toBe(false);
    expect(keyPolicyAdmits(policy, req({ account: '999999999999' })).allowed).toBe(false);
    expect(
      keyPolicyAdmits(
        doc({ Effect: 'Allow', Principal: { AWS: '111122223333' }, Action: 'kms:*', Resource: '*' }),
        req(),
      ).allowed,
    ).toBe(true);
  });

  it('matches service principals, Bool and IfExists conditions, and lets a matching Deny win', () => {
    const events = req({
      principal: 'events.amazonaws.com',
      principalType: 'service',
      delegatesToIam: false,
      context: {},
    });
    expect(
      keyPolicyAdmits(
        doc({
          Effect: 'Allow',
          Principal: { Service: 'events.amazonaws.com' },
          Action: 'kms:Decrypt',
          Resource: '*',
        }),
        events,
      ).allowed,
    ).toBe(true);
    const grant = doc({
      Effect: 'Allow',
      Principal: '*',
      Action: 'kms:CreateGrant',
      Resource: KEY,
      Condition: {
        Bool: { 'kms:GrantIsForAWSResource': 'true' },
        StringEqualsIfExists: { 'kms:GranteePrincipal': 'x' },
      },
    });
    expect(
      keyPolicyAdmits(
        grant,
        req({ action: 'kms:CreateGrant', context: { 'kms:GrantIsForAWSResource': 'true' } }),
      ).allowed,
    ).toBe(true);
    expect(keyPolicyAdmits(grant, req({ action: 'kms:CreateGrant', context: {} })).allowed).toBe(false);
    const denied = doc(
      { Effect: 'Allow', Principal: '*', Action: 'kms:*', Resource: '*' },
      { Sid: 'NoDecrypt', Effect: 'Deny', Principal: '*', Action: 'kms:Decrypt', Resource: '*' },
    );
    expect(keyPolicyAdmits(denied, req())).toEqual({ allowed: false, by: 'NoDecrypt' });
  });

  it('never admits what it cannot evaluate', () => {
    expect(keyPolicyAdmits('not json', req()).allowed).toBe(false);
    expect(
      keyPolicyAdmits(
        doc({ Effect: 'Allow', NotPrincipal: { AWS: 'x' }, Action: 'kms:*', Resource: '*' }),
        req(),
      ).allowed,
    ).toBe(false);
    expect(
      keyPolicyAdmits(
        doc({
          Effect: 'Allow',
          Principal: '*',
          Action: 'kms:*',
          Resource: '*',
          Condition: { DateGreaterThan: { 'aws:CurrentTime': '2020-01-01' } },
        }),
        req(),
      ).allowed,
    ).toBe(false);
  });
});
