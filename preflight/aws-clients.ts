/**
 * The small per-service SDK clients the preflight reads the account with. Credentials come
 * from the default chain unless given; the endpoint from `--endpoint-url`, else the SDK's
 * own `AWS_ENDPOINT_URL` handling.
 */
import { EC2Client } from '@aws-sdk/client-ec2';
import { EKSClient } from '@aws-sdk/client-eks';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { IAMClient } from '@aws-sdk/client-iam';
import { KMSClient } from '@aws-sdk/client-kms';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SSMClient } from '@aws-sdk/client-ssm';

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
    ec2: new EC2Client(config),
    eks: new EKSClient(config),
    iam: new IAMClient(config),
    ssm: new SSMClient(config),
    sqs: new SQSClient(config),
    kms: new KMSClient(config),
    events: new EventBridgeClient(config),
  };
}

export function destroyClients(c: PreflightClients): void {
  for (const client of Object.values(c) as { destroy(): void }[]) client.destroy();
}
