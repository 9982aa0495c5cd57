import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  extractOfficialPolicy,
  officialActions,
  parseCloudFormationYaml,
} from '../../policies/official-policy';
import { OFFICIAL_CONTROLLER_POLICY } from '../../imports/karpenter-iam-v1.14.1/official-policy';
import { formatDiagnostic } from '../../model/shared/diagnostics';
import { REFERENCE_TEMPLATE } from './reference-template';
import { SNAPSHOT_DIR, SNAPSHOT_LABEL, SNAPSHOT_SKIP_REASON } from '../support/upstream-snapshot';

const HAVE_1_14_1 = existsSync(REFERENCE_TEMPLATE);
const SNAPSHOT_TEMPLATE = join(SNAPSHOT_DIR, 'getting-started-cloudformation.yaml');
const HAVE_SNAPSHOT = existsSync(SNAPSHOT_TEMPLATE);

const ACTIONS_1_14_1 = [
  'arc-zonal-shift:GetManagedResource',
  'ec2:CreateFleet',
  'ec2:CreateLaunchTemplate',
  'ec2:CreateTags',
  'ec2:DeleteLaunchTemplate',
  'ec2:DescribeCapacityReservations',
  'ec2:DescribeImages',
  'ec2:DescribeInstanceStatus',
  'ec2:DescribeInstanceTypeOfferings',
  'ec2:DescribeInstanceTypes',
  'ec2:DescribeInstances',
  'ec2:DescribeLaunchTemplates',
  'ec2:DescribePlacementGroups',
  'ec2:DescribeSecurityGroups',
  'ec2:DescribeSpotPriceHistory',
  'ec2:DescribeSubnets',
  'ec2:RunInstances',
  'ec2:TerminateInstances',
  'eks:DescribeCluster',
  'iam:AddRoleToInstanceProfile',
  'iam:CreateInstanceProfile',
  'iam:DeleteInstanceProfile',
  'iam:GetInstanceProfile',
  'iam:ListInstanceProfiles',
  'iam:PassRole',
  'iam:RemoveRoleFromInstanceProfile',
  'iam:TagInstanceProfile',
  'pricing:GetProducts',
  'sqs:DeleteMessage',
  'sqs:GetQueueUrl',
  'sqs:ReceiveMessage',
  'ssm:GetParameter',
];

describe('the generated official policy of 1.14.1', () => {
  it('holds the six managed policies of the template and their 32 actions', () => {
    expect(OFFICIAL_CONTROLLER_POLICY.policies.map((p) => p.logicalId)).toEqual([
      'NodeLifecyclePolicy',
      'IAMIntegrationPolicy',
      'EKSIntegrationPolicy',
      'InterruptionPolicy',
      'ZonalShiftPolicy',
      'ResourceDiscoveryPolicy',
    ]);
    expect(officialActions(OFFICIAL_CONTROLLER_POLICY)).toEqual(ACTIONS_1_14_1);
  });

  (HAVE_1_14_1 ? it : it.skip)('is what extractOfficialPolicy reads from the pinned template', () => {
    const { policy, diagnostics } = extractOfficialPolicy(
      readFileSync(REFERENCE_TEMPLATE, 'utf8'),
      'cloudformation.yaml',
    );
    expect(diagnostics).toEqual([]);
    expect(policy).toEqual(OFFICIAL_CONTROLLER_POLICY);
  });
});

(HAVE_SNAPSHOT ? describe : describe.skip)(`the snapshot's template (${SNAPSHOT_LABEL})`, () => {
  it('parses, tags and all, and grants the same actions as 1.14.1', () => {
    const { policy, diagnostics } = extractOfficialPolicy(
      readFileSync(SNAPSHOT_TEMPLATE, 'utf8'),
      'cloudformation.yaml',
    );
    expect(diagnostics).toEqual([]);
    expect(officialActions(policy!)).toEqual(ACTIONS_1_14_1);
  });
});
if (!HAVE_SNAPSHOT) test.skip(SNAPSHOT_SKIP_REASON, () => undefined);

describe('CloudFormation YAML', () => {
  it('reads every short-form intrinsic function in scalar, sequence and map form', () => {
    const text = [
      'Resources:',
      '  A:',
      '    Type: AWS::IAM::ManagedPolicy',
      '    Properties:',
      '      ManagedPolicyName: !Join ["-", [a, !Ref ClusterName]]',
      '      Roles: [!If [HasRole, !GetAtt Role.Arn, !Ref "AWS::NoValue"]]',
      '      Description: !Select [0, !Split [",", !ImportValue shared]]',
      '      Tags: !FindInMap [M, !Base64 x, !GetAZs ""]',
      '      PolicyDocument:',
      '        Version: "2012-10-17"',
      '        Statement:',
      '          - Effect: Allow',
      '            Action: [!Sub "ec2:${Verb}Images", "ssm:GetParameter"]',
      '            Resource: !Sub',
      '              - "arn:${P}:ec2:${!Literal}"',
      '              - { P: !Ref "AWS::Partition" }',
      '          - Effect: Deny',
      '            Action: ec2:TerminateInstances',
      '            Resource: "*"',
    ].join('\n');
    const { template, diagnostics } = parseCloudFormationYaml(text, 'cloudformation.yaml');
    expect(diagnostics).toEqual([]);
    const props = (template!.Resources as Record<string, { Properties: Record<string, unknown> }>).A
      .Properties;
    expect(props.ManagedPolicyName).toEqual({ 'Fn::Join': ['-', ['a', { Ref: 'ClusterName' }]] });
    expect(props.Roles).toEqual([
      { 'Fn::If': ['HasRole', { 'Fn::GetAtt': 'Role.Arn' }, { Ref: 'AWS::NoValue' }] },
    ]);
    const { policy } = extractOfficialPolicy(text, 'cloudformation.yaml');
    expect(policy!.policies).toEqual([
      {
        logicalId: 'A',
        statements: [
          { effect: 'Allow', actions: ['ec2:cfn-VerbImages', 'ssm:GetParameter'] },
          { effect: 'Deny', actions: ['ec2:TerminateInstances'] },
        ],
      },
    ]);
    expect(officialActions(policy!)).toEqual(['ec2:cfn-VerbImages', 'ssm:GetParameter']);
  });
});

describe('a template the policy cannot be read from', () => {
  const errors = (text: string) =>
    extractOfficialPolicy(text, 'cloudformation.yaml').diagnostics.map(formatDiagnostic);

  it('a YAML mistake is reported at its line', () => {
    expect(errors('Resources:\n  A:\n\tType: AWS::IAM::ManagedPolicy\n')).toEqual([
      'cloudformation.yaml:3:1 YAML syntax error: tab used for indentation. Indent with spaces, not tabs.',
    ]);
  });

  it('a template without a managed policy names what is missing', () => {
    expect(errors('Resources:\n  Q:\n    Type: AWS::SQS::Queue\n')).toEqual([
      "cloudformation.yaml: has no AWS::IAM::ManagedPolicy or AWS::IAM::Policy resource, so no controller policy. Give the release's getting-started cloudformation.yaml (website/content/en/<version>/getting-started/getting-started-with-karpenter/ upstream).",
    ]);
    expect(errors('- not a template\n')[0]).toContain('is not a CloudFormation template');
  });

  it('a !Sub policy document that is not JSON names the resource', () => {
    const text =
      'Resources:\n  P:\n    Type: AWS::IAM::ManagedPolicy\n    Properties:\n      PolicyDocument: !Sub "{ not json ${X}"\n';
    expect(errors(text)[0]).toContain(
      'Resources.P.Properties.PolicyDocument cannot be read: its Fn::Sub text is not JSON',
    );
  });
});
