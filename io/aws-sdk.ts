/**
 * The AWS SDK clients, loaded on first use. Only `preflight` and `policies verify` talk to AWS,
 * and loading the seven SDK packages costs more than a whole small synth (about 0.8 s), so no
 * other command may pay for it: modules name the SDK's types with `import type` and reach its
 * classes through these functions (`new (awsSdk.ssm().GetParameterCommand)(input)`).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- deliberate lazy loading */
export const awsSdk = {
  ec2: (): typeof import('@aws-sdk/client-ec2') => require('@aws-sdk/client-ec2'),
  eks: (): typeof import('@aws-sdk/client-eks') => require('@aws-sdk/client-eks'),
  eventBridge: (): typeof import('@aws-sdk/client-eventbridge') => require('@aws-sdk/client-eventbridge'),
  iam: (): typeof import('@aws-sdk/client-iam') => require('@aws-sdk/client-iam'),
  kms: (): typeof import('@aws-sdk/client-kms') => require('@aws-sdk/client-kms'),
  sqs: (): typeof import('@aws-sdk/client-sqs') => require('@aws-sdk/client-sqs'),
  ssm: (): typeof import('@aws-sdk/client-ssm') => require('@aws-sdk/client-ssm'),
} as const;
