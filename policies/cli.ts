/**
 * `karpenter-gitops policies [--out DIR] [--clusters DIR] [--quiet]`
 *   Writes the AWS side of every cluster (its target's folder, policies/targets/targets.ts:
 *   `dist/<cluster>/cloudformation/` or `dist/<cluster>/terraform/`) and nothing
 *   else: the rest of `dist/` is carried over unchanged, and the folder is replaced
 *   atomically (io/write-dist.ts), so a failed run leaves it exactly as it was.
 *
 * `karpenter-gitops policies verify [--cluster NAME] [--endpoint URL] [--clusters DIR]`
 *   Compares deployed roles and policies with the generated ones and replays the
 *   scenario table through IAM's SimulateCustomPolicy; for `aws.managedBy: external`, proves
 *   the existing roles against the table with their own policies (policies/verify-external.ts). Read-only.
 *
 * `karpenter-gitops policies sizes [--cluster NAME] [--clusters DIR]`
 *   Prints the size of every managed policy of the controller as IAM counts it (minified JSON
 *   characters; the quota is 6,144), per cluster.
 *
 * Exit codes: 0 done / no drift; 1 mistakes in the fleet description, or drift, or a
 * scenario IAM decides differently; 2 bad command line, or no usable AWS credentials;
 * 70 internal error (a bug).
 */
import type { IAMClient } from '@aws-sdk/client-iam';
import { awsSdk, nodeSupportNote } from '../io/aws-sdk';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DistFiles, formatDiagnostic, sortDiagnostics, FleetModel, plural, textsOf } from '../model';
import { defineCommand, runCommand } from '../io/command';
import {
  CliIo,
  EXIT_OK,
  EXIT_USAGE,
  EXIT_USER_ERROR,
  FleetLoader,
  loadFleetFromDir,
  reportFailure,
  resolveCliFolders,
} from '../io/cli-common';
import { DistContent, writeDist, WriteDistOptions } from '../io/write-dist';
import { controllerPolicies } from './controller-policies';
import { awsSideGenerator } from './targets/aws-side-generator';
import { FILE_TARGETS, targetOf } from './targets/targets';
import { policySize } from './policy-document';
import { failsVerification, verifyCluster } from './verify';
import { verifyExternalCluster } from './verify-external';

export const EXIT_NO_CREDENTIALS = 2;

export interface PoliciesArgs {
  readonly command: 'generate' | 'verify' | 'sizes';
  readonly out?: string;
  readonly clusters?: string;
  readonly cluster?: string;
  readonly endpoint?: string;
  readonly quiet?: boolean;
}

const CLUSTERS_OPTION = {
  type: 'string',
  value: 'DIR',
  description: 'folder of the fleet description',
  defaultText: 'clusters/ of the working folder',
} as const;
const CLUSTER_OPTION = {
  type: 'string',
  value: 'NAME',
  description: 'only this cluster',
  defaultText: 'every cluster',
} as const;

/** `policies` and its subcommands, with the given dependencies (tests inject their own). */
export function policiesCommandWith(deps: PoliciesDeps, projectRoot?: string) {
  const run = (args: PoliciesArgs, io: CliIo) => policiesRun(args, io, deps, projectRoot);
  const verifyCommand = defineCommand({
    name: 'verify',
    summary:
      'compare deployed IAM roles and policies with the generated ones, and simulate the scenarios (read-only)',
    options: {
      cluster: CLUSTER_OPTION,
      endpoint: { type: 'string', value: 'URL', description: 'IAM endpoint', defaultText: "the region's" },
      clusters: CLUSTERS_OPTION,
    },
    exitCodes:
      '0 no drift, 1 drift or a scenario IAM decides differently, 2 usage error or no AWS credentials',
    run: ({ values }, io) => run({ command: 'verify', ...values }, io),
  });
  const sizesCommand = defineCommand({
    name: 'sizes',
    summary: "print each controller managed policy's size as IAM counts it (quota 6,144 characters)",
    options: { cluster: CLUSTER_OPTION, clusters: CLUSTERS_OPTION },
    exitCodes: '0 done, 1 mistakes in the fleet description, 2 usage error',
    run: ({ values }, io) => run({ command: 'sizes', ...values }, io),
  });
  return defineCommand({
    name: 'policies',
    summary:
      'write only the AWS side of dist/ (CloudFormation or Terraform), or verify/size the IAM policies',
    description:
      'Without a subcommand, writes the AWS side of every cluster (aws.managedBy: dist/<cluster>/cloudformation/\n' +
      'or dist/<cluster>/terraform/; nothing for external) and nothing else: the rest of dist/ is carried over\n' +
      'unchanged, and the folder is replaced atomically.',
    options: {
      out: {
        type: 'string',
        value: 'DIR',
        description: 'output folder, replaced atomically',
        defaultText: 'dist/ of the working folder',
      },
      clusters: CLUSTERS_OPTION,
      quiet: { type: 'boolean', short: 'q', description: 'print no summary line' },
    },
    subcommands: [verifyCommand, sizesCommand],
    exitCodes: '0 done, 1 mistakes in the fleet description, 2 usage error, 70 internal error',
    run: ({ values }, io) => run({ command: 'generate', ...values }, io),
  });
}

export const policiesCommand = policiesCommandWith({ loadFleet: loadFleetFromDir });

/**
 * Every file below `dir` (relative POSIX path → raw bytes); empty when it does not exist.
 * Bytes, not text: files this command does not own are carried over exactly as they are.
 */
export function readDistTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!existsSync(dir)) return files;
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.set(path, readFileSync(join(dir, path)));
    }
  };
  walk('');
  return files;
}

/** `<cluster>/<target folder>/...` (policies/targets/targets.ts): the files this command owns. */
function isAwsSidePath(path: string): boolean {
  const segs = path.split('/');
  return segs.length > 2 && FILE_TARGETS.some((t) => t.dir === segs[1]);
}

/**
 * The current `dist/` with every AWS-side file (every target's folder) replaced by the generated
 * ones: a cluster moved to another target loses its old folder.
 */
export function mergeAwsSide(
  current: ReadonlyMap<string, DistContent>,
  generated: DistFiles,
): Map<string, DistContent> {
  const merged = new Map<string, DistContent>();
  for (const [path, content] of current) if (!isAwsSidePath(path)) merged.set(path, content);
  for (const [path, content] of generated) merged.set(path, content);
  return merged;
}

export interface PoliciesDeps {
  readonly loadFleet: FleetLoader;
  /** @default real file system writes */
  readonly writeOptions?: WriteDistOptions;
  /** @default a client using the default credential chain */
  readonly createIamClient?: (region: string, endpoint: string | undefined) => IAMClient;
}

/** Writes the AWS side; returns what was written, e.g. `2 CloudFormation templates, 1 Terraform module`. */
function generate(fleet: FleetModel, outDir: string, deps: PoliciesDeps): string {
  const generated = textsOf(awsSideGenerator(fleet));
  writeDist(outDir, mergeAwsSide(readDistTree(outDir), generated), deps.writeOptions);
  // One template or module per cluster that has AWS-side files (each with its proof record beside it).
  const counts = FILE_TARGETS.map(
    (t) => [t, fleet.clusters.filter((c) => targetOf(c) === t).length] as const,
  ).filter(([, n]) => n > 0);
  return counts.length === 0
    ? `0 ${FILE_TARGETS[0].noun}s`
    : counts.map(([t, n]) => plural(n, t.noun)).join(', ');
}

const defaultClient = (region: string, endpoint: string | undefined) =>
  new (awsSdk.iam().IAMClient)({ region, ...(endpoint !== undefined ? { endpoint } : {}) });

/** Whether the client can find credentials; the message of why not otherwise. */
async function credentialProblem(client: IAMClient): Promise<string | undefined> {
  try {
    await client.config.credentials();
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const CREDENTIAL_ERRORS = new Set([
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'ExpiredTokenException',
  'UnrecognizedClientException',
]);

async function verify(fleet: FleetModel, args: PoliciesArgs, io: CliIo, deps: PoliciesDeps): Promise<number> {
  const clusters = fleet.clusters.filter((c) => args.cluster === undefined || c.name === args.cluster);
  if (clusters.length === 0) {
    io.err(`policies verify: no cluster named '${args.cluster}' in the fleet description.`);
    return EXIT_USAGE;
  }
  // Before the SDK loads: its own Node.js warning would arrive later, inside the report.
  const note = nodeSupportNote();
  if (note !== undefined) io.err(`policies verify: ${note}`);
  const create = deps.createIamClient ?? defaultClient;
  let failed = false;
  for (const cluster of clusters) {
    const client = create(cluster.aws.region, args.endpoint);
    const problem = await credentialProblem(client);
    if (problem !== undefined) {
      io.err(
        `policies verify: no AWS credentials found (${problem}). Set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY ` +
          `for account ${cluster.aws.accountId} with read access to IAM (iam:Get*, iam:List*, iam:SimulateCustomPolicy); nothing was checked.`,
      );
      return EXIT_NO_CREDENTIALS;
    }
    let result;
    try {
      result = targetOf(cluster).deploy.createsAwsSide
        ? await verifyCluster(client, cluster)
        : await verifyExternalCluster(client, cluster);
    } catch (e) {
      const name = (e as { name?: string }).name ?? '';
      if ((e as { $metadata?: unknown }).$metadata === undefined) throw e;
      const message = e instanceof Error ? e.message : String(e);
      if (CREDENTIAL_ERRORS.has(name)) {
        io.err(`policies verify: ${cluster.name}: AWS rejected the credentials (${name}: ${message}).`);
        return EXIT_NO_CREDENTIALS;
      }
      io.err(
        `policies verify: ${cluster.name}: IAM refused a read (${name}: ${message}). Check the caller's IAM read permissions.`,
      );
      failed = true;
      continue;
    }
    for (const f of result.findings) io.out(`${cluster.name}: ${f.kind}: ${f.subject}: ${f.message}`);
    const failing = result.findings.filter(failsVerification).length;
    const others = result.findings.length - failing;
    io.out(
      `policies verify: ${cluster.name}: ${plural(failing, 'finding')}${others > 0 ? ` (and ${others} not failing)` : ''}; ` +
        `${plural(result.scenariosRun, 'scenario')} simulated against the ${result.simulatedDocuments === 'existing' ? "existing role's" : result.simulatedDocuments} policies.`,
    );
    if (failing > 0) failed = true;
  }
  return failed ? EXIT_USER_ERROR : EXIT_OK;
}

/** IAM's quota for one customer managed policy, in characters of minified JSON. */
export const MANAGED_POLICY_QUOTA = 6144;

/** `sizes`: one line per managed policy of each selected cluster. */
export function policySizeLines(fleet: FleetModel, cluster?: string): string[] | undefined {
  const clusters = fleet.clusters.filter((c) => cluster === undefined || c.name === cluster);
  if (clusters.length === 0) return undefined;
  return clusters.flatMap((c) =>
    controllerPolicies(c).map(
      (p) =>
        `${c.name} (${c.aws.region}): ${p.name}: ${policySize(p.document).toLocaleString('en-US')} of ` +
        `${MANAGED_POLICY_QUOTA.toLocaleString('en-US')} characters`,
    ),
  );
}

/** The CLI: returns the exit code; never throws. */
export async function policiesCli(
  argv: readonly string[],
  io: CliIo,
  deps: PoliciesDeps,
  projectRoot?: string,
): Promise<number> {
  return runCommand('policies', policiesCommandWith(deps, projectRoot), argv, io);
}

/** `policies` with parsed options; the project is the working folder unless `projectRoot` is given. */
export async function policiesRun(
  args: PoliciesArgs,
  io: CliIo,
  deps: PoliciesDeps,
  projectRoot: string = io.cwd,
): Promise<number> {
  const folders = resolveCliFolders(args, io, projectRoot);
  if (typeof folders === 'string') {
    io.err(`policies: ${folders}.`);
    return EXIT_USAGE;
  }
  const { outDir, clustersDir, shownOut } = folders;
  try {
    const { fleet, warnings } = deps.loadFleet(projectRoot, clustersDir);
    for (const w of sortDiagnostics(warnings)) io.err(formatDiagnostic(w));
    if (args.command === 'verify') return await verify(fleet, args, io, deps);
    if (args.command === 'sizes') {
      const lines = policySizeLines(fleet, args.cluster);
      if (!lines) {
        io.err(`policies sizes: no cluster named '${args.cluster}' in the fleet description.`);
        return EXIT_USAGE;
      }
      for (const line of lines) io.out(line);
      return EXIT_OK;
    }
    const written = generate(fleet, outDir, deps);
    if (!args.quiet) io.out(`policies: ${written} → ${shownOut}`);
    return EXIT_OK;
  } catch (err) {
    return reportFailure('policies', err, shownOut, io);
  }
}
