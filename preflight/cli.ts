/**
 * `npm run preflight -- --cluster NAME [--endpoint-url URL] [--format text|json] [--clusters DIR]`
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
import { formatDiagnostic, sortDiagnostics, UserError } from '../model/diagnostics';
import { ClusterModel } from '../model/fleet-model';
import {
  argsOrExit,
  CliIo,
  EXIT_OK,
  EXIT_USAGE,
  EXIT_USER_ERROR,
  FleetLoader,
  loadFleetFromDir,
  processIo,
  PROJECT_ROOT,
  reportFailure,
} from '../io/cli-common';
import { resolve } from 'node:path';
import { AwsCallError } from './aws-call';
import { ClientOptions, createClients, destroyClients, PreflightClients } from './aws-clients';
import { CheckResult } from './check-result';
import { runPreflight } from './preflight';

const USAGE =
  'usage: npm run preflight -- --cluster NAME [--endpoint-url URL] [--format text|json] [--clusters DIR]';

export const EXIT_AWS_ERROR = 2;

export interface PreflightArgs {
  readonly cluster?: string;
  readonly endpointUrl?: string;
  readonly format: 'text' | 'json';
  readonly clusters?: string;
  readonly help: boolean;
}

const VALUE_FLAGS: Readonly<Record<string, 'cluster' | 'endpointUrl' | 'format' | 'clusters'>> = {
  '--cluster': 'cluster',
  '--endpoint-url': 'endpointUrl',
  '--format': 'format',
  '--clusters': 'clusters',
};

export function parsePreflightArgs(argv: readonly string[]): PreflightArgs | string {
  const values: { cluster?: string; endpointUrl?: string; format?: string; clusters?: string } = {};
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (flag in VALUE_FLAGS) {
      const value = inline ?? argv[i + 1];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--')))
        return `${flag} needs a value`;
      if (inline === undefined) i++;
      values[VALUE_FLAGS[flag]] = value;
    } else if (arg === '--help' || arg === '-h') help = true;
    else return `unknown argument '${arg}'`;
  }
  if (values.format !== undefined && values.format !== 'text' && values.format !== 'json')
    return `--format must be text or json, not '${values.format}'`;
  if (!help && values.cluster === undefined) return '--cluster is required';
  return {
    ...(values.cluster !== undefined ? { cluster: values.cluster } : {}),
    ...(values.endpointUrl !== undefined ? { endpointUrl: values.endpointUrl } : {}),
    ...(values.clusters !== undefined ? { clusters: values.clusters } : {}),
    format: (values.format ?? 'text') as 'text' | 'json',
    help,
  };
}

export interface PreflightDeps {
  readonly loadFleet: FleetLoader;
  /** @default real clients (default credential chain, `--endpoint-url` or the SDK's own endpoint) */
  readonly createClients?: (o: ClientOptions) => PreflightClients;
}

const WHAT_TO_GRANT =
  'ec2:Describe*, eks:Describe*, iam:GetRole, iam:GetOpenIDConnectProvider, ssm:GetParameter, sqs:GetQueueUrl, ' +
  'kms:DescribeKey, kms:GetKeyPolicy, events:DescribeRule, events:ListTargetsByRule';

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

function sentence(s: string): string {
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

function printText(io: CliIo, cluster: ClusterModel, results: readonly CheckResult[]): void {
  io.out(`preflight ${cluster.name} (account ${cluster.aws.accountId}, ${cluster.aws.region})`);
  for (const r of results) {
    const tag = r.status.toUpperCase().padEnd(4);
    io.out(`  ${tag} ${r.check}: ${location(r)}${r.subject}: ${sentence(r.message)}`);
    if (r.fix !== undefined) io.out(`       fix: ${sentence(r.fix)}`);
  }
}

function summary(results: readonly CheckResult[]): string {
  const count = (s: CheckResult['status']) => results.filter((r) => r.status === s).length;
  return `${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`;
}

export async function preflightCli(
  argv: readonly string[],
  io: CliIo,
  deps: PreflightDeps,
  projectRoot: string = PROJECT_ROOT,
): Promise<number> {
  const args = argsOrExit('preflight', parsePreflightArgs(argv), USAGE, io);
  if (typeof args === 'number') return args;
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
  const clients = (deps.createClients ?? createClients)({
    region: cluster.aws.region,
    ...(args.endpointUrl !== undefined ? { endpoint: args.endpointUrl } : {}),
  });
  try {
    const results = await runPreflight(clients, cluster);
    const failed = results.some((r) => r.status === 'fail');
    if (args.format === 'json')
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
    if (args.format === 'json')
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
    io.err(`preflight ${cluster.name}: ${sentence(message)} Nothing was changed; the checks did not finish.`);
    return EXIT_AWS_ERROR;
  } finally {
    destroyClients(clients);
  }
}

if (require.main === module) {
  const io = processIo();
  preflightCli(process.argv.slice(2), io, { loadFleet: loadFleetFromDir }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.exitCode = reportFailure('preflight', err, 'nothing', io);
    },
  );
}
