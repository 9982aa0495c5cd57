/**
 * The AWS SDK clients, loaded on first use. Only `preflight` and `policies verify` talk to AWS,
 * and loading the seven SDK packages costs more than a whole small synth (about 0.8 s), so no
 * other command may pay for it: modules name the SDK's types with `import type` and reach its
 * classes through these functions (`new (awsSdk.ssm().GetParameterCommand)(input)`).
 *
 * The SDK warns about old Node.js versions itself: the first client constructed calls
 * `emitWarningIfUnsupportedVersion` (@aws-sdk/core, submodules/client), which sends a
 * multi-line `NodeVersionSupportWarning` through `process.emitWarning`, printed on a later tick,
 * in the middle of whatever the command prints then. Before loading the SDK we set the switch
 * that function reads, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED (unless the user set it
 * either way), and the commands print `nodeSupportNote()` once, on stderr, before their output.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- deliberate lazy loading */

/** The variable @aws-sdk/core reads before it warns about the Node.js version. */
export const SDK_NODE_WARNING_SWITCH = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';

/** The oldest Node.js major that SDK releases after the first week of January 2027 support. */
const SDK_MIN_NODE_MAJOR = 22;

/** The user's own setting of the switch, read before this module first sets it. */
const USER_SWITCH: string | undefined = process.env[SDK_NODE_WARNING_SWITCH];

function load<T>(id: string): T {
  process.env[SDK_NODE_WARNING_SWITCH] ??= 'true';
  return require(id) as T;
}

export const awsSdk = {
  ec2: (): typeof import('@aws-sdk/client-ec2') => load('@aws-sdk/client-ec2'),
  eks: (): typeof import('@aws-sdk/client-eks') => load('@aws-sdk/client-eks'),
  eventBridge: (): typeof import('@aws-sdk/client-eventbridge') => load('@aws-sdk/client-eventbridge'),
  iam: (): typeof import('@aws-sdk/client-iam') => load('@aws-sdk/client-iam'),
  kms: (): typeof import('@aws-sdk/client-kms') => load('@aws-sdk/client-kms'),
  sqs: (): typeof import('@aws-sdk/client-sqs') => load('@aws-sdk/client-sqs'),
  ssm: (): typeof import('@aws-sdk/client-ssm') => load('@aws-sdk/client-ssm'),
} as const;

/**
 * One line for a command that talks to AWS, in place of the SDK's own warning: undefined on
 * Node.js 22 or later, or when the user turned the SDK's warning off (`true`) or on (anything
 * else: then the SDK prints its own).
 */
export function nodeSupportNote(
  version: string = process.version,
  userSwitch: string | undefined = USER_SWITCH,
): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major) || major >= SDK_MIN_NODE_MAJOR || userSwitch !== undefined) return undefined;
  return (
    `note: Node.js ${version} is past its end of life; AWS SDK releases after the first week of January 2027 ` +
    `need Node.js ${SDK_MIN_NODE_MAJOR} or later (the SDK this version pins runs on ${version}). Upgrade Node.js to ${SDK_MIN_NODE_MAJOR} or 24.`
  );
}
