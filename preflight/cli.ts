/**
 * `karpenter-gitops preflight --cluster NAME [--endpoint-url URL] [--format text|json] [--clusters DIR]`
 *
 * Checks the live AWS account of one cluster before the first sync, read-only: network
 * selectors, identity, zonal shift, access entry, interruption queue and rules, customer KMS
 * key policies, AMI aliases and instance-type offerings. Each failure says what is wrong and
 * the command or change that fixes it.
 *
 * Exit codes: 0 every check passed (or did not apply); 1 a check failed, or the fleet
 * description has mistakes; 2 bad command line, or the account could not be read (no or
 * rejected credentials, access denied, throttling, network): said in one sentence, no stack trace.
 */
import { endSentence, formatDiagnostic, sortDiagnostics, UserError, ClusterModel } from '../model';
import { defineCommand, OptionValues, runCommand } from '../io/command';
import {
  CliIo,
  EXIT_OK,
  EXIT_USAGE,
  EXIT_USER_ERROR,
  FleetLoader,
  loadFleetFromDir,
  reportFailure,
} from '../io/cli-common';
import { resolve } from 'node:path';
import { AwsCallError } from './aws-call';
import { ClientOptions, createClients, destroyClients, PreflightClients } from './aws-clients';
import { nodeSupportNote } from '../io/aws-sdk';
import { CheckResult } from './check-result';
import { runPreflight } from './preflight';

export const EXIT_AWS_ERROR = 2;

export const PREFLIGHT_FORMATS = ['text', 'json'] as const;

const PREFLIGHT_OPTIONS = {
  cluster: { type: 'string', value: 'NAME', required: true, description: 'the cluster to check' },
  'endpoint-url': {
    type: 'string',
    value: 'URL',
    description: 'AWS endpoint for every service (a local stand-in)',
    defaultText: "the SDK's",
  },
  format: {
    type: 'string',
    value: 'FORMAT',
    choices: PREFLIGHT_FORMATS,
    description: 'output',
    defaultText: 'text',
  },
  clusters: {
    type: 'string',
    value: 'DIR',
    description: 'folder of the fleet description',
    defaultText: 'clusters/ of the working folder',
  },
} as const;

export type PreflightArgs = OptionValues<typeof PREFLIGHT_OPTIONS>;

/** The `preflight` command with the given dependencies (tests inject their own). */
export function preflightCommandWith(deps: PreflightDeps, projectRoot?: string) {
  return defineCommand({
    name: 'preflight',
    summary: "check one cluster's live AWS account before the first sync (read-only)",
    description:
      'Checks network selectors, identity, zonal shift, access entry, interruption queue and rules,\n' +
      'customer KMS key policies, AMI aliases and instance-type offerings; each failure says how to fix it.',
    options: PREFLIGHT_OPTIONS,
    exitCodes:
      '0 every check passed, 1 a check failed or the fleet has mistakes, 2 usage error or the account could not be read',
    run: ({ values }, io) => preflightRun(values, io, deps, projectRoot),
  });
}

export interface PreflightDeps {
  readonly loadFleet: FleetLoader;
  /** @default real clients (default credential chain, `--endpoint-url` or the SDK's own endpoint) */
  readonly createClients?: (o: ClientOptions) => PreflightClients;
}

const WHAT_TO_GRANT =
  'ec2:Describe*, eks:Describe*, iam:GetRole, iam:GetOpenIDConnectProvider, ssm:GetParameter, sqs:GetQueueUrl, ' +
  'kms:DescribeKey, kms:GetKeyPolicy, events:DescribeRule, events:ListTargetsByRule; for aws.managedBy external also ' +
  'iam:ListAttachedRolePolicies, iam:ListRolePolicies, iam:GetRolePolicy, iam:GetPolicy, iam:GetPolicyVersion, ' +
  'iam:SimulateCustomPolicy, events:ListRuleNamesByTarget (docs/cloudformation-iam.md)';

/** One sentence on why the account could not be read, and what to do. */
export function describeAwsError(e: AwsCallError, cluster: ClusterModel): string {
  const where = `${e.service} ${e.operation}`;
  switch (e.kind) {
    case 'access-denied':
      return `${where} was denied (${e.errorName}: ${e.detail}). The caller needs read access to account ${cluster.aws.accountId}: ${WHAT_TO_GRANT}`;
    case 'throttled':
      return `${where} was throttled (${e.errorName}: ${e.detail}). Run the preflight again in a minute`;
    case 'credentials':
      return `AWS rejected or could not find the credentials at ${where} (${e.errorName}: ${e.detail}). Set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY for account ${cluster.aws.accountId}`;
    case 'network':
      return `${where} could not reach AWS (${e.errorName}: ${e.detail}). Check the network, proxy and --endpoint-url`;
    default:
      return `${where} failed (${e.errorName}: ${e.detail})`;
  }
}

function location(r: CheckResult): string {
  return r.source !== undefined ? `${r.source.file}:${r.source.line}:${r.source.col} ` : '';
}

function printText(io: CliIo, cluster: ClusterModel, results: readonly CheckResult[]): void {
  io.out(`preflight ${cluster.name} (account ${cluster.aws.accountId}, ${cluster.aws.region})`);
  for (const r of results) {
    const tag = r.status.toUpperCase().padEnd(4);
    io.out(`  ${tag} ${r.check}: ${location(r)}${r.subject}: ${endSentence(r.message)}`);
    if (r.fix !== undefined) io.out(`       fix: ${endSentence(r.fix)}`);
  }
}

function summary(results: readonly CheckResult[]): string {
  const count = (s: CheckResult['status']) => results.filter((r) => r.status === s).length;
  const warned = count('warn');
  return `${count('pass')} passed, ${warned > 0 ? `${warned} to act on, ` : ''}${count('fail')} failed, ${count('skip')} skipped`;
}

export async function preflightCli(
  argv: readonly string[],
  io: CliIo,
  deps: PreflightDeps,
  projectRoot?: string,
): Promise<number> {
  return runCommand('preflight', preflightCommandWith(deps, projectRoot), argv, io);
}

export const preflightCommand = preflightCommandWith({ loadFleet: loadFleetFromDir });

/** `preflight` with parsed options; the project is the working folder unless `projectRoot` is given. */
export async function preflightRun(
  args: PreflightArgs,
  io: CliIo,
  deps: PreflightDeps,
  projectRoot: string = io.cwd,
): Promise<number> {
  const clustersDir =
    args.clusters === undefined ? resolve(projectRoot, 'clusters') : resolve(io.cwd, args.clusters);
  let cluster: ClusterModel | undefined;
  try {
    const { fleet, warnings } = deps.loadFleet(projectRoot, clustersDir);
    for (const w of sortDiagnostics(warnings)) io.err(formatDiagnostic(w));
    cluster = fleet.clusters.find((c) => c.name === args.cluster);
    if (cluster === undefined) {
      io.err(
        `preflight: no cluster named '${args.cluster}' in the fleet description (clusters: ${fleet.clusters.map((c) => c.name).join(', ') || 'none'}).`,
      );
      return EXIT_USAGE;
    }
  } catch (err) {
    if (err instanceof UserError) return reportFailure('preflight', err, 'nothing', io);
    throw err;
  }
  // Before the SDK loads: its own Node.js warning would arrive later, inside the report.
  const note = nodeSupportNote();
  if (note !== undefined) io.err(`preflight: ${note}`);
  const clients = (deps.createClients ?? createClients)({
    region: cluster.aws.region,
    ...(args['endpoint-url'] !== undefined ? { endpoint: args['endpoint-url'] } : {}),
  });
  try {
    const results = await runPreflight(clients, cluster);
    const failed = results.some((r) => r.status === 'fail');
    if ((args.format ?? 'text') === 'json')
      io.out(
        JSON.stringify(
          {
            cluster: cluster.name,
            accountId: cluster.aws.accountId,
            region: cluster.aws.region,
            ok: !failed,
            checks: results,
          },
          null,
          2,
        ),
      );
    else {
      printText(io, cluster, results);
      io.out(`preflight ${cluster.name}: ${summary(results)}.`);
    }
    return failed ? EXIT_USER_ERROR : EXIT_OK;
  } catch (e) {
    if (!(e instanceof AwsCallError)) throw e;
    const message = describeAwsError(e, cluster);
    if ((args.format ?? 'text') === 'json')
      io.out(
        JSON.stringify(
          {
            cluster: cluster.name,
            ok: false,
            error: { service: e.service, operation: e.operation, code: e.errorName, kind: e.kind, message },
          },
          null,
          2,
        ),
      );
    io.err(
      `preflight ${cluster.name}: ${endSentence(message)} Nothing was changed; the checks did not finish.`,
    );
    return EXIT_AWS_ERROR;
  } finally {
    destroyClients(clients);
  }
}
