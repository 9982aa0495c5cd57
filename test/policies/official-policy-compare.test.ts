import { readFileSync } from 'node:fs';
import {
  actionMatches,
  allowedActions,
  compareWithOfficial,
  DELIBERATE_OMISSIONS,
  officialActionChanges,
} from '../../policies/official-policy-compare';
import { withExtraAction } from './official-fixtures';
import { builtInOfficialPolicy } from '../../policies/official-policy-versions';
import { controllerPolicies } from '../../policies/controller-policies';
import { clusterModel, fullCluster } from './fixtures';
import { resolve } from 'node:path';

const OFFICIAL = builtInOfficialPolicy('1.14.1')!;
const ours = (c: ReturnType<typeof clusterModel>) => controllerPolicies(c).map((p) => p.document);

describe('the tool’s policy against the official policy of 1.14.1', () => {
  it('a basic cluster lacks only the zonal-shift action, which it leaves out on purpose', () => {
    const c = clusterModel();
    expect(compareWithOfficial(OFFICIAL, ours(c), c)).toEqual({
      missing: [],
      omitted: [
        {
          action: 'arc-zonal-shift:GetManagedResource',
          policy: 'ZonalShiftPolicy',
          sid: 'AllowZonalShiftStatusReadOnly',
          reason: DELIBERATE_OMISSIONS[0].reason,
        },
      ],
      added: [],
    });
  });

  it('with every option it lacks nothing and adds the KMS actions of its customer keys', () => {
    const c = fullCluster();
    const result = compareWithOfficial(OFFICIAL, ours(c), c);
    expect(result.missing).toEqual([]);
    expect(result.omitted).toEqual([]);
    expect(result.added.length).toBeGreaterThan(0);
    expect(result.added.every((a) => a.startsWith('kms:'))).toBe(true);
  });

  it('an action the official policy adds is missing, with its policy and statement', () => {
    const c = clusterModel();
    const official = withExtraAction(OFFICIAL, 'ec2:DescribeInstanceTopology');
    expect(compareWithOfficial(official, ours(c), c).missing).toEqual([
      {
        action: 'ec2:DescribeInstanceTopology',
        policy: 'NodeLifecyclePolicy',
        sid: 'AllowScopedEC2InstanceAccessActions',
      },
    ]);
  });

  it('every deliberate omission is documented in docs/cloudformation-iam.md', () => {
    const doc = readFileSync(resolve(__dirname, '../../docs/cloudformation-iam.md'), 'utf8');
    for (const o of DELIBERATE_OMISSIONS) expect(doc).toContain(o.action);
  });
});

describe('action matching and version changes', () => {
  it('matches as IAM does: case-insensitive, * and ? wildcards', () => {
    expect(actionMatches('ec2:Describe*', 'ec2:DescribeImages')).toBe(true);
    expect(actionMatches('EC2:describeimages', 'ec2:DescribeImages')).toBe(true);
    expect(actionMatches('ec2:Describe?mages', 'ec2:DescribeImages')).toBe(true);
    expect(actionMatches('ec2:Describe', 'ec2:DescribeImages')).toBe(false);
    expect(actionMatches('ec2:*', 'iam:PassRole')).toBe(false);
  });

  it('allowedActions reads only Allow statements', () => {
    expect(
      allowedActions([
        {
          Version: '2012-10-17',
          Statement: [
            { Effect: 'Allow', Action: ['b:X', 'a:Y'] },
            { Effect: 'Deny', Action: 'c:Z' },
          ],
        },
      ]),
    ).toEqual(['a:Y', 'b:X']);
  });

  it('officialActionChanges lists what a release adds and drops', () => {
    const next = withExtraAction(
      { ...OFFICIAL, policies: OFFICIAL.policies.filter((p) => p.logicalId !== 'ZonalShiftPolicy') },
      'ec2:DescribeInstanceTopology',
    );
    expect(officialActionChanges(OFFICIAL, next)).toEqual({
      added: ['ec2:DescribeInstanceTopology'],
      removed: ['arc-zonal-shift:GetManagedResource'],
    });
    expect(officialActionChanges(OFFICIAL, OFFICIAL)).toEqual({ added: [], removed: [] });
  });
});
