/** One account change per check, and the failure the preflight must report for it. */
import { ClusterModel } from '../../model/shared/fleet-model';
import { CheckResult } from '../../preflight/check-result';
import { nodePool } from '../policies/fixtures';
import { preflightCluster } from './account';
import { FakeAwsState } from './fake-aws-server';

export interface FailureCase {
  readonly name: string;
  readonly cluster?: () => ClusterModel;
  readonly change: (s: FakeAwsState, c: ClusterModel) => void;
  readonly expect: Partial<CheckResult> & { readonly check: CheckResult['check'] };
  readonly fix: RegExp;
}

export const FAILURE_CASES: FailureCase[] = [
  {
    name: 'the EKS cluster does not exist',
    change: (s) => {
      s.cluster = undefined;
    },
    expect: {
      check: 'cluster',
      message: 'not found in account 111122223333, region eu-west-1; every check that needs it was skipped',
    },
    fix: /correct `name`\/`aws.region` in clusters\/ticketing.yaml/,
  },
  {
    name: 'no subnet carries the discovery tag',
    change: (s) => {
      for (const sub of s.subnets) sub.tags = {};
    },
    expect: {
      check: 'subnets',
      subject: 'node class encrypted-0',
      message: 'no subnet matches subnetSelectorTerms (karpenter.sh/discovery=ticketing): nodes never launch',
      source: { file: 'clusters/ticketing.yaml', line: 30, col: 5 },
    },
    fix: /aws ec2 create-tags --resources <subnet-ids> --tags Key=karpenter.sh\/discovery,Value=ticketing/,
  },
  {
    name: 'a selected subnet is in another VPC',
    change: (s) => {
      s.subnets[3].tags = { 'karpenter.sh/discovery': 'ticketing' };
    },
    expect: {
      check: 'subnets',
      subject: 'node class encrypted-0',
      message: "subnets subnet-other (VPC vpc-0other) are outside the cluster's VPC vpc-0cluster",
    },
    fix: /narrow subnetSelectorTerms of node class encrypted-0/,
  },
  {
    name: "a pool's zones have no subnet",
    cluster: () =>
      preflightCluster({
        nodePools: [
          nodePool('zonal', [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1z'] }]),
        ],
      }),
    change: () => undefined,
    expect: {
      check: 'subnets',
      subject: 'node pool zonal',
      message:
        "its topology.kubernetes.io/zone requirements leave none of the zones of node class encrypted-0's subnets (eu-west-1a, eu-west-1b, eu-west-1c)",
      source: { file: 'clusters/ticketing.yaml', line: 60, col: 5 },
    },
    fix: /allow one of eu-west-1a, eu-west-1b, eu-west-1c/,
  },
  {
    name: 'no security group matches',
    change: (s) => {
      s.securityGroups = s.securityGroups.filter((g) => g.id !== 'sg-0nodes');
    },
    expect: {
      check: 'security-groups',
      subject: 'node class encrypted-0',
      message:
        'no security group matches securityGroupSelectorTerms (karpenter.sh/discovery=ticketing): nodes never launch',
    },
    fix: /--resources <security-group-ids>/,
  },
  {
    name: 'a selected security group is in another VPC',
    change: (s) => {
      s.securityGroups[1].tags = { 'karpenter.sh/discovery': 'ticketing' };
    },
    expect: {
      check: 'security-groups',
      message:
        "security groups sg-0other (VPC vpc-0other) are outside the cluster's VPC vpc-0cluster: launches fail",
    },
    fix: /narrow securityGroupSelectorTerms/,
  },
  {
    name: 'the Spot service-linked role is missing',
    change: (s) => {
      s.roles.clear();
    },
    expect: {
      check: 'spot-service-linked-role',
      message:
        'missing, and node pools general may use Spot: every Spot launch fails with AuthFailure.ServiceLinkedRoleCreationNotPermitted',
    },
    fix: /aws iam create-service-linked-role --aws-service-name spot.amazonaws.com/,
  },
  {
    name: 'the Spot service-linked role is missing and the stack does not create it',
    cluster: () =>
      preflightCluster({ iam: { ...preflightCluster().iam, createSpotServiceLinkedRole: false } }),
    change: (s) => {
      s.roles.clear();
    },
    expect: { check: 'spot-service-linked-role', subject: 'role AWSServiceRoleForEC2Spot' },
    fix: /^aws iam create-service-linked-role --aws-service-name spot.amazonaws.com \(or set iam.createSpotServiceLinkedRole: true in clusters\/ticketing.yaml and deploy the stack\)$/,
  },
  {
    name: 'the OIDC provider is missing (IRSA)',
    change: (s) => {
      s.oidcProviders.clear();
    },
    expect: {
      check: 'controller-identity',
      message: 'missing: the controller cannot assume its role (IRSA)',
    },
    fix: /eksctl utils associate-iam-oidc-provider --cluster ticketing --region eu-west-1 --approve/,
  },
  {
    name: "the OIDC provider is another cluster's",
    change: (s) => {
      s.cluster!.oidcIssuer = 'oidc.eks.eu-west-1.amazonaws.com/id/OTHER';
    },
    expect: {
      check: 'controller-identity',
      message:
        "belongs to issuer oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789, but the cluster's issuer is oidc.eks.eu-west-1.amazonaws.com/id/OTHER",
    },
    fix: /oidc-provider\/oidc.eks.eu-west-1.amazonaws.com\/id\/OTHER/,
  },
  {
    name: 'the Pod Identity agent add-on is missing',
    cluster: () =>
      preflightCluster({ iam: { ...preflightCluster().iam, identity: { type: 'pod-identity' } } }),
    change: (s) => {
      s.addons.clear();
    },
    expect: {
      check: 'controller-identity',
      subject: 'add-on eks-pod-identity-agent',
      message: 'not installed: the controller gets no credentials (Pod Identity)',
    },
    fix: /aws eks create-addon --cluster-name ticketing --addon-name eks-pod-identity-agent/,
  },
  {
    name: 'the cluster is not registered for zonal shift',
    change: (s) => {
      s.cluster!.zonalShift = false;
    },
    expect: {
      check: 'zonal-shift',
      message:
        "not registered for zonal shift, but Karpenter's zonal shift is on (iam.zonalShift): the controller fails at start",
    },
    fix: /aws eks update-cluster-config --name ticketing --region eu-west-1 --zonal-shift-config enabled=true/,
  },
  {
    name: "the node role's access entry is missing",
    change: (s) => {
      s.accessEntries.clear();
    },
    expect: { check: 'access-entry', message: 'missing: nodes with the node role cannot join the cluster' },
    fix: /aws eks create-access-entry --cluster-name ticketing --principal-arn arn:aws:iam::111122223333:role\/karpenter\/KarpenterNodeRole-ticketing --type EC2_LINUX/,
  },
  {
    name: 'the cluster has no access entries (ConfigMap authentication)',
    change: (s) => {
      s.cluster!.authenticationMode = 'CONFIG_MAP';
    },
    expect: {
      check: 'access-entry',
      message:
        'the cluster authenticates with the aws-auth ConfigMap only, so it has no access entries and nodes cannot join',
    },
    fix: /--access-config authenticationMode=API_AND_CONFIG_MAP/,
  },
  {
    name: 'the interruption queue is missing',
    change: (s) => {
      s.queues.clear();
    },
    expect: {
      check: 'interruption-queue',
      message: 'missing: Karpenter (settings.interruptionQueue) fails to start its interruption controller',
    },
    fix: /aws cloudformation deploy --template-file dist\/ticketing\/cloudformation\/karpenter.json --stack-name Karpenter-ticketing/,
  },
  {
    name: 'an interruption rule is missing',
    change: (s) => {
      s.rules.delete('Karpenter-ticketing-Spot');
    },
    expect: {
      check: 'interruption-rules',
      subject: 'rule Karpenter-ticketing-Spot',
      message: 'missing: EC2 Spot Instance Interruption Warning events never reach the queue',
    },
    fix: /aws cloudformation deploy/,
  },
  {
    name: 'an interruption rule is disabled',
    change: (s) => {
      s.rules.get('Karpenter-ticketing-Health')!.state = 'DISABLED';
    },
    expect: {
      check: 'interruption-rules',
      subject: 'rule Karpenter-ticketing-Health',
      message: 'is DISABLED',
    },
    fix: /aws events enable-rule --name Karpenter-ticketing-Health --region eu-west-1/,
  },
  {
    name: 'an interruption rule targets another queue',
    change: (s) => {
      s.rules.get('Karpenter-ticketing-Rebalance')!.targets = ['arn:aws:sqs:eu-west-1:111122223333:other'];
    },
    expect: {
      check: 'interruption-rules',
      message:
        'does not target the queue arn:aws:sqs:eu-west-1:111122223333:ticketing (targets: arn:aws:sqs:eu-west-1:111122223333:other)',
    },
    fix: /aws cloudformation deploy/,
  },
  {
    name: 'the queue key does not admit EventBridge',
    change: (s) => {
      s.keys[0].policy = JSON.stringify({ Version: '2012-10-17', Statement: [] });
    },
    expect: {
      check: 'key-policy',
      subject: 'queue key arn:aws:kms:eu-west-1:111122223333:key/0b5e9a4c-1111-2222-3333-444455556666',
      message: 'its policy does not admit EventBridge (kms:Decrypt, kms:GenerateDataKey)',
    },
    fix: /stack output InterruptionQueueKeyPolicyStatement .*aws kms put-key-policy --key-id arn:aws:kms:eu-west-1:111122223333:key\/0b5e9a4c/,
  },
  {
    name: 'a volume key does not admit the Spot service-linked role',
    change: (s) => {
      const key = s.keys[1];
      const doc = JSON.parse(key.policy) as { Statement: { Sid: string }[] };
      doc.Statement = doc.Statement.filter((st) => !st.Sid.startsWith('AllowSpotRole'));
      key.policy = JSON.stringify(doc);
    },
    expect: {
      check: 'key-policy',
      subject: 'volume key arn:aws:kms:eu-west-1:111122223333:key/12345678-90ab-cdef-1234-567890abcdef',
      message:
        'its policy does not admit the Spot service-linked role (kms:Decrypt, kms:DescribeKey, kms:Encrypt, kms:GenerateDataKeyWithoutPlaintext, kms:ReEncryptFrom, kms:ReEncryptTo, kms:CreateGrant)',
    },
    fix: /stack output VolumeKeyPolicyStatements/,
  },
  {
    name: 'a volume key admits the controller only outside EC2 and denies grants',
    change: (s) => {
      const key = s.keys[2];
      key.policy = JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          ...(JSON.parse(key.policy) as { Statement: object[] }).Statement,
          { Sid: 'NoGrants', Effect: 'Deny', Principal: '*', Action: 'kms:CreateGrant', Resource: '*' },
        ],
      });
    },
    expect: {
      check: 'key-policy',
      subject: 'volume key arn:aws:kms:eu-west-1:111122223333:key/9f9f9f9f-aaaa-bbbb-cccc-dddddddddddd',
      message:
        'its policy does not admit the Spot service-linked role (kms:CreateGrant); the controller role through EC2 (kms:CreateGrant); EC2 via the account (kms:CreateGrant)',
    },
    fix: /VolumeKeyPolicyStatements/,
  },
  {
    name: 'a volume key alias does not exist',
    change: (s) => {
      s.keys = s.keys.filter((k) => k.aliases.length === 0);
    },
    expect: {
      check: 'key-policy',
      subject: 'volume key arn:aws:kms:eu-west-1:111122223333:alias/ebs-nodes',
      message: 'not found in the account and region',
    },
    fix: /create the key or correct the reference in clusters\/ticketing.yaml/,
  },
  {
    name: 'a volume key is disabled',
    change: (s) => {
      s.keys[1].state = 'Disabled';
    },
    expect: { check: 'key-policy', message: 'is Disabled, not Enabled' },
    fix: /aws kms enable-key --key-id arn:aws:kms:eu-west-1:111122223333:key\/12345678-90ab/,
  },
  {
    name: 'the pinned AMI alias does not resolve in the region',
    change: (s) => {
      s.ssmParameters.clear();
    },
    expect: {
      check: 'ami-alias',
      subject: 'node class encrypted-0 alias al2023@v20260714',
      message: expect.stringMatching(
        /^resolves to no AMI for Kubernetes 1\.33 in eu-west-1 \(none of \/aws\/service\/eks\/optimized-ami\/1\.33\/amazon-linux-2023\/x86_64\/standard\/amazon-eks-node-al2023-x86_64-standard-1\.33-v20260714\/image_id, .* exists\): no node of this class can launch$/,
      ) as unknown as string,
    },
    fix: /aws ssm get-parameters-by-path --path \/aws\/service\/eks\/optimized-ami\/1.33\/amazon-linux-2023\/x86_64\/standard --recursive --region eu-west-1/,
  },
  {
    name: "a node class's root volume is smaller than the pinned AMI's snapshot",
    change: (s) => {
      s.images = [{ id: 'ami-0123456789abcdef0', devices: [{ name: '/dev/xvda', sizeGiB: 30 }] }];
    },
    expect: {
      check: 'ami-volume-size',
      subject: 'node class encrypted-0 AMI ami-0123456789abcdef0',
      message: expect.stringMatching(
        /^\/dev\/xvda \d+Gi.* is smaller than the AMI's 30 GiB snapshot of that device: EC2 refuses every launch \("Volume of size \d+GB is smaller than snapshot"\)$/,
      ) as unknown as string,
    },
    fix: /(volumeSize of \/dev\/xvda to at least 30Gi|\/dev\/xvda with volumeSize: 30Gi)/,
  },
  {
    name: "a pool's requirements leave no offered instance type",
    cluster: () =>
      preflightCluster({
        nodePools: [
          nodePool('gpu', [
            { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
            { key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['c6g', 'm5'] },
            { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['8'] },
            { key: 'team', operator: 'In', values: ['a'] },
          ]),
        ],
      }),
    change: () => undefined,
    expect: {
      check: 'instance-offerings',
      subject: 'node pool gpu',
      message:
        'no instance type offered in eu-west-1a, eu-west-1b, eu-west-1c satisfies the requirements: karpenter.k8s.aws/instance-cpu Gt [8] leaves none of the 2 left by the requirements before it',
      source: { file: 'clusters/ticketing.yaml', line: 60, col: 5 },
    },
    fix: /widen or correct that requirement in clusters\/ticketing.yaml/,
  },
];
