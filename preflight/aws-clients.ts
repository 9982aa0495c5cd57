/**
 * The small per-service SDK clients the preflight reads the account with. Credentials come
 * from the default chain unless given; the endpoint from `--endpoint-url`, else the SDK's
 * own `AWS_ENDPOINT_URL` handling.
 */
import type { EC2Client } from '@aws-sdk/client-ec2';
import type { EKSClient } from '@aws-sdk/client-eks';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { IAMClient } from '@aws-sdk/client-iam';
import type { KMSClient } from '@aws-sdk/client-kms';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SSMClient } from '@aws-sdk/client-ssm';
import { awsSdk } from '../io/aws-sdk';

export interface PreflightClients {
  readonly ec2: EC2Client;
  readonly eks: EKSClient;
  readonly iam: IAMClient;
  readonly ssm: SSMClient;
  readonly sqs: SQSClient;
  readonly kms: KMSClient;
  readonly events: EventBridgeClient;
}

export interface ClientOptions {
  readonly region: string;
  /** @default the SDK's endpoint resolution (`AWS_ENDPOINT_URL`, else the regional endpoint) */
  readonly endpoint?: string;
  /** @default the default credential provider chain */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** @default the SDK's default (3 attempts) */
  readonly maxAttempts?: number;
}

export function createClients(o: ClientOptions): PreflightClients {
  const config = {
    region: o.region,
    ...(o.endpoint !== undefined ? { endpoint: o.endpoint } : {}),
    ...(o.credentials !== undefined ? { credentials: { ...o.credentials } } : {}),
    ...(o.maxAttempts !== undefined ? { maxAttempts: o.maxAttempts } : {}),
  };
  return {
    ec2: new (awsSdk.ec2().EC2Client)(config),
    eks: new (awsSdk.eks().EKSClient)(config),
    iam: new (awsSdk.iam().IAMClient)(config),
    ssm: new (awsSdk.ssm().SSMClient)(config),
    sqs: new (awsSdk.sqs().SQSClient)(config),
    kms: new (awsSdk.kms().KMSClient)(config),
    events: new (awsSdk.eventBridge().EventBridgeClient)(config),
  };
}

export function destroyClients(c: PreflightClients): void {
  for (const client of Object.values(c) as { destroy(): void }[]) client.destroy();
}
