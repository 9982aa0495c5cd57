/**
 * Partition-aware ARNs and service principals. Every ARN the template contains is built
 * here from the cluster's account, region and partition (all in the fleet description),
 * so policy documents are plain JSON that IAM stores verbatim: what we generate is
 * exactly what `policies verify` later reads back, and what the simulator evaluates.
 */
import { Partition, AwsLocation } from '../model';

const DNS_SUFFIX: Readonly<Record<Partition, string>> = {
  aws: 'amazonaws.com',
  'aws-cn': 'amazonaws.com.cn',
  'aws-us-gov': 'amazonaws.com',
};

/** `amazonaws.com` or `amazonaws.com.cn`: what CloudFormation calls `AWS::URLSuffix`. */
export function dnsSuffix(partition: Partition): string {
  return DNS_SUFFIX[partition];
}

/** Service principal of a service in a partition, e.g. `ec2.amazonaws.com.cn`. */
export function servicePrincipal(service: string, partition: Partition): string {
  return `${service}.${DNS_SUFFIX[partition]}`;
}

/** Regional endpoint host used in `kms:ViaService`, e.g. `ec2.eu-west-1.amazonaws.com`. */
export function viaService(service: string, aws: AwsLocation): string {
  return `${service}.${aws.region}.${DNS_SUFFIX[aws.partition]}`;
}

/** Name AWS gives EC2 Spot's service-linked role. */
export const SPOT_SERVICE_LINKED_ROLE_NAME = 'AWSServiceRoleForEC2Spot';

/** ARN builders for one account, region and partition. */
export interface ArnBuilder {
  /** `arn:<partition>:ec2:<region>:<account>:<type>/*`; account `*` for resources other accounts may share with us. */
  ec2(type: string, account: 'own' | 'any' | 'none'): string;
  /** IAM role ARN with the IAM path (`/` or `/a/b/`). */
  role(name: string, path: string): string;
  /** IAM managed policy ARN with the IAM path. */
  policy(name: string, path: string): string;
  /** AWS managed policy, e.g. `AmazonEKS_CNI_Policy`. */
  awsManagedPolicy(name: string): string;
  instanceProfiles(): string;
  sqsQueue(name: string): string;
  eksCluster(name: string): string;
  eventsRule(name: string): string;
  /** SSM public parameters (`/aws/service/...`) Karpenter resolves AMI aliases with. */
  ssmServiceParameters(): string;
  kmsKey(keyId: string): string;
  kmsKeys(): string;
  /** The account's root principal: every IAM principal of the account the key policy delegates to. */
  accountRoot(): string;
  /** EC2 Spot's service-linked role (`AWSServiceRoleForEC2Spot`), created once per account. */
  spotServiceLinkedRole(): string;
}

export function arnBuilder(aws: AwsLocation): ArnBuilder {
  const p = `arn:${aws.partition}`;
  const acct = aws.accountId;
  return {
    ec2: (type, account) =>
      `${p}:ec2:${aws.region}:${account === 'own' ? acct : account === 'any' ? '*' : ''}:${type}/*`,
    role: (name, path) => `${p}:iam::${acct}:role${path}${name}`,
    policy: (name, path) => `${p}:iam::${acct}:policy${path}${name}`,
    awsManagedPolicy: (name) => `${p}:iam::aws:policy/${name}`,
    instanceProfiles: () => `${p}:iam::${acct}:instance-profile/*`,
    sqsQueue: (name) => `${p}:sqs:${aws.region}:${acct}:${name}`,
    eksCluster: (name) => `${p}:eks:${aws.region}:${acct}:cluster/${name}`,
    eventsRule: (name) => `${p}:events:${aws.region}:${acct}:rule/${name}`,
    ssmServiceParameters: () => `${p}:ssm:${aws.region}::parameter/aws/service/*`,
    kmsKey: (keyId) => `${p}:kms:${aws.region}:${acct}:key/${keyId}`,
    kmsKeys: () => `${p}:kms:${aws.region}:${acct}:key/*`,
    accountRoot: () => `${p}:iam::${acct}:root`,
    spotServiceLinkedRole: () =>
      `${p}:iam::${acct}:role/aws-service-role/spot.amazonaws.com/${SPOT_SERVICE_LINKED_ROLE_NAME}`,
  };
}
