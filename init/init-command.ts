/**
 * `karpenter-gitops init --cluster NAME --account ID --region REGION --destination NAME
 * --repo-url URL [--aws-managed-by TARGET] [--dir DIR] [--force] [--branch BRANCH]`: sets up a
 * GitOps repository to use the installed tool. Writes clusters/_defaults.yaml and
 * clusters/NAME.yaml (a starting fleet checked with the real loader first, each naming the editor
 * schema on its first line), package.json scripts and the pinned dependencies (the tool, the cdk8s
 * CLI), cdk8s.yaml, the PR workflow, .gitignore and a README section. The branch Argo CD tracks
 * comes from --branch or git (init/tracked-branch.ts); one that does not exist yet is a warning.
 *
 * All or nothing: every target is checked before the first write. An existing file is never
 * overwritten without --force (the refusal names it, and nothing is written); package.json,
 * .gitignore and README.md are merged, never replaced.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { writeFileAtomically } from '../io/atomic-write';
import { CliIo, displayPath, EXIT_OK, EXIT_USAGE, EXIT_USER_ERROR, readToolPackage } from '../io/cli-common';
import { AnyCommand, defineCommand, OptionValues, usageError } from '../io/command';
import {
  AWS_MANAGED_BY,
  AwsManagedBy,
  didYouMean,
  FLEET_DEFAULTS,
  formatDiagnostic,
  show,
  sortDiagnostics,
  UserError,
  wholeFileError,
} from '../model';
import { clusterNameProblem } from '../model/stages';
import {
  CDK8S_CLI,
  cdk8sYaml,
  mergeGitignore,
  mergePackageJson,
  mergeReadme,
  readmeSection,
  WORKFLOW_PATH,
  workflowYaml,
} from './project-files';
import { checkStarterFleet, starterFleetSources, StarterFleetProps } from './starter-fleet';
import {
  branchNameProblem,
  FALLBACK_BRANCH,
  Git,
  originUrl,
  runGit,
  TrackedBranch,
  trackedBranch,
} from './tracked-branch';
import { TOOL_ROOT } from '../io/tool-root';
import { MAX_WORKFLOW_SHARDS } from './full-check-jobs';

const INIT_OPTIONS = {
  cluster: {
    type: 'string',
    value: 'NAME',
    description: 'name of the first cluster (file clusters/NAME.yaml); asked for on a terminal',
  },
  account: {
    type: 'string',
    value: 'ID',
    description: "the cluster's 12-digit AWS account ID",
  },
  region: {
    type: 'string',
    value: 'REGION',
    description: "the cluster's AWS region, e.g. eu-west-1",
  },
  destination: {
    type: 'string',
    value: 'NAME',
    description: 'the cluster as registered in Argo CD (its Application destination name)',
  },
  'repo-url': {
    type: 'string',
    value: 'URL',
    description: 'the Git repository Argo CD syncs dist/ from (this one)',
  },
  dir: {
    type: 'string',
    value: 'DIR',
    description: 'the repository to set up',
    defaultText: 'the working folder',
  },
  force: {
    type: 'boolean',
    description: 'overwrite existing files (and package.json scripts of the same names)',
  },
  'aws-managed-by': {
    type: 'string',
    value: 'TARGET',
    description: `who manages the cluster's AWS side (aws.managedBy): ${AWS_MANAGED_BY.join(', ')}`,
    defaultText: 'cloudformation',
  },
  branch: {
    type: 'string',
    value: 'BRANCH',
    description: 'the branch Argo CD tracks (gitops.targetRevision; the PR workflow checks pushes to it)',
    defaultText: `origin's default branch, else the current branch, else ${FALLBACK_BRANCH}`,
  },
  shards: {
    type: 'string',
    value: 'N',
    description: `shards of the full check on pushes to the branch (a CI matrix, 1 to ${MAX_WORKFLOW_SHARDS}; see docs/pr-job.md)`,
    defaultText: '1',
  },
} as const;

/** The five values of the starting fleet: flags, or answers when a terminal is attached. */
const ASKED = ['cluster', 'account', 'region', 'destination', 'repo-url'] as const;
type Asked = (typeof ASKED)[number];

export type InitOptions = Omit<OptionValues<typeof INIT_OPTIONS>, Asked> & { readonly [K in Asked]: string };

/**
 * Without a terminal, what the repository already says: `--repo-url` from git's `origin`,
 * `--destination` from the cluster name, each with the sentence that says so.
 */
function repositoryDefaults(
  values: OptionValues<typeof INIT_OPTIONS>,
  cwd: string,
  git: Git,
): { readonly found: Partial<Record<Asked, string>>; readonly notes: readonly string[] } {
  const found: Partial<Record<Asked, string>> = {};
  const notes: string[] = [];
  if (values['repo-url'] === undefined) {
    const url = originUrl(resolve(cwd, values.dir ?? '.'), git);
    if (url !== undefined) {
      found['repo-url'] = url;
      notes.push(`init: --repo-url not given: using origin's URL ${url} (git remote get-url origin).`);
    }
  }
  if (values.destination === undefined && values.cluster !== undefined) {
    found.destination = values.cluster;
    notes.push(
      `init: --destination not given: using the cluster name '${values.cluster}' as the Argo CD destination.`,
    );
  }
  return { found, notes };
}

/**
 * The options with every value of the starting fleet given: missing ones are asked for when a
 * terminal is attached (io.prompt); without one, `--repo-url` and `--destination` come from the
 * repository (repositoryDefaults), and a usage error sentence names what is still missing.
 */
export async function completeInitOptions(
  given: OptionValues<typeof INIT_OPTIONS>,
  io: CliIo,
  git: Git = runGit,
): Promise<InitOptions | string> {
  const defaults =
    io.prompt === undefined ? repositoryDefaults(given, io.cwd, git) : { found: {}, notes: [] };
  const values = { ...given, ...defaults.found };
  const filled: Partial<Record<Asked, string>> = {};
  const missing = ASKED.filter((k) => values[k] === undefined);
  if (missing.length === 0) for (const note of defaults.notes) io.err(note);
  if (missing.length > 0 && io.prompt === undefined) {
    return `${missing.map((k) => `--${k} ${INIT_OPTIONS[k].value}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required without a terminal`;
  }
  try {
    for (const k of missing) {
      const answer = (await io.prompt!(`${INIT_OPTIONS[k].description} (--${k}): `)).trim();
      if (answer === '') return `--${k} is required`;
      filled[k] = answer;
    }
  } finally {
    // Once, after the last question: the answers share one input (pasted ones are kept).
    if (missing.length > 0) io.closePrompts?.();
  }
  return { ...values, ...(filled as Record<Asked, string>) } as InitOptions;
}

/** One file init writes. */
export interface InitTarget {
  /** Relative to the repository, POSIX separators. */
  readonly path: string;
  readonly text: string;
  /** 'create': refused if it exists (without --force); 'merge': combined with what is there. */
  readonly mode: 'create' | 'merge';
}

export interface InitPlan {
  readonly targets: readonly InitTarget[];
  /** package.json scripts kept as the user had them. */
  readonly keptScripts: readonly string[];
}

function readIfExists(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * What init pins or names besides the tool, from the tool's package.json: the cdk8s CLI it is
 * tested with, and its optional peer dependencies as `name@version` (the Kubernetes client
 * `promote` reads the clusters with; promote/kube-reader.ts loads it).
 */
function toolPins(): { readonly cdk8sCli?: string; readonly optionalPeers: readonly string[] } {
  const pkg = JSON.parse(readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  const cdk8sCli = pkg.devDependencies?.[CDK8S_CLI];
  const optionalPeers = Object.entries(pkg.peerDependencies ?? {})
    .filter(([name]) => pkg.peerDependenciesMeta?.[name]?.optional === true)
    .map(([name, version]) => `${name}@${version}`);
  return { ...(cdk8sCli ? { cdk8sCli } : {}), optionalPeers };
}

/** Every file init would write into `root`. Throws UserError when the starting fleet is refused. */
export function planInit(props: StarterFleetProps, root: string, force: boolean, shards = 1): InitPlan {
  const tool = { ...readToolPackage(), ...toolPins() };
  const fleet = starterFleetSources({ ...props, schemaPackage: tool.name });
  checkStarterFleet(fleet);
  const branch = props.targetRevision ?? FALLBACK_BRANCH;
  const pkgFile = join(root, 'package.json');
  const existingPkg = readIfExists(pkgFile);
  let pkg;
  try {
    pkg = mergePackageJson(existingPkg, tool, basename(root), force);
  } catch (e) {
    throw new UserError([
      wholeFileError(
        'package.json',
        `cannot be read as JSON (${e instanceof Error ? e.message : String(e)})`,
        'Fix package.json, then run init again',
      ),
    ]);
  }
  const title = basename(root);
  return {
    targets: [
      ...fleet.map((s) => ({ path: s.path, text: s.text, mode: 'create' as const })),
      { path: 'package.json', text: pkg.text, mode: 'merge' },
      { path: 'cdk8s.yaml', text: cdk8sYaml(tool), mode: 'create' },
      { path: WORKFLOW_PATH, text: workflowYaml(tool, branch, shards), mode: 'create' },
      { path: '.gitignore', text: mergeGitignore(readIfExists(join(root, '.gitignore'))), mode: 'merge' },
      {
        path: 'README.md',
        text: mergeReadme(
          readIfExists(join(root, 'README.md')),
          readmeSection(props.cluster, tool, branch),
          title,
        ),
        mode: 'merge',
      },
    ],
    keptScripts: pkg.keptScripts,
  };
}

function isAwsManagedBy(value: string): value is AwsManagedBy {
  return (AWS_MANAGED_BY as readonly string[]).includes(value);
}

/** `init` with parsed options. */
export function initRun(options: InitOptions, io: CliIo): number {
  const root = resolve(io.cwd, options.dir ?? '.');
  if (existsSync(root) && !statSync(root).isDirectory()) {
    io.err(
      `init: ${displayPath(io.cwd, root).replace(/\/$/, '')} is not a folder. Give a folder with --dir.`,
    );
    return EXIT_USAGE;
  }
  const nameProblem = clusterNameProblem(options.cluster);
  if (nameProblem !== undefined) {
    io.err(`init: --cluster: ${nameProblem.message}. ${nameProblem.fix.replace(/ \(set name:.*\)$/, '')}.`);
    return EXIT_USAGE;
  }
  const managedBy = options['aws-managed-by'] ?? FLEET_DEFAULTS.awsManagedBy;
  if (!isAwsManagedBy(managedBy)) {
    const guess = didYouMean(managedBy, AWS_MANAGED_BY);
    io.err(
      `init: --aws-managed-by: '${show(managedBy)}' is not one of ${AWS_MANAGED_BY.join(', ')}.${guess ? ` Did you mean '${guess}'?` : ''}`,
    );
    return EXIT_USAGE;
  }
  if (options.branch !== undefined) {
    const problem = branchNameProblem(options.branch, existsSync(root) ? root : io.cwd);
    if (problem !== undefined) {
      io.err(`init: ${problem}.`);
      return EXIT_USAGE;
    }
  }
  const shards = options.shards === undefined ? 1 : Number(options.shards);
  if (!/^[0-9]+$/.test(options.shards ?? '1') || shards < 1 || shards > MAX_WORKFLOW_SHARDS) {
    io.err(
      `init: --shards takes a whole number from 1 to ${MAX_WORKFLOW_SHARDS} (the shards of the full check), not '${show(options.shards ?? '')}'.`,
    );
    return EXIT_USAGE;
  }
  const tracked = trackedBranch(existsSync(root) ? root : io.cwd, options.branch);
  let plan: InitPlan;
  try {
    plan = planInit(
      {
        cluster: options.cluster,
        accountId: options.account,
        region: options.region,
        destination: options.destination,
        repoURL: options['repo-url'],
        awsManagedBy: managedBy,
        targetRevision: tracked.branch,
      },
      root,
      options.force,
      shards,
    );
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    for (const d of sortDiagnostics(e.diagnostics)) io.err(formatDiagnostic(d));
    io.err('init: nothing was written. Fix the flags above and run init again.');
    return EXIT_USER_ERROR;
  }
  const shownRoot = displayPath(io.cwd, root);
  const existing = plan.targets.filter((t) => t.mode === 'create' && existsSync(join(root, t.path)));
  if (existing.length > 0 && !options.force) {
    for (const t of existing) io.err(`init: ${t.path} already exists in ${shownRoot}.`);
    io.err('init: nothing was written. Run init with --force to overwrite, or move those files away first.');
    return EXIT_USER_ERROR;
  }
  const written: string[] = [];
  for (const t of plan.targets) {
    const file = join(root, t.path);
    if (readIfExists(file) === t.text) continue;
    writeFileAtomically(file, t.text);
    written.push(t.path);
  }
  for (const name of plan.keptScripts)
    io.err(`init: package.json already has a '${name}' script; it was kept (--force replaces it).`);
  if (tracked.warning !== undefined) io.err(`init: warning: ${tracked.warning}.`);
  io.out(
    `init: wrote ${written.length === 0 ? 'nothing (already set up)' : written.join(', ')} in ${shownRoot}`,
  );
  for (const line of closingLines(tracked)) io.out(line);
  return EXIT_OK;
}

/** What init says after writing: the tracked branch, then what to do next and what promote needs. */
export function closingLines(tracked: TrackedBranch): string[] {
  const { name } = readToolPackage();
  const client = toolPins().optionalPeers.join(' ');
  return [
    `Argo CD tracks branch '${tracked.branch}' (${tracked.source === '--branch' ? '--branch' : `${tracked.source}; --branch chooses another`}).`,
    `Next: npm install, then npx ${name} synth (or npx cdk8s synth), then commit clusters/, dist/ and the rest.`,
    `Editors with yaml-language-server complete and check clusters/*.yaml from the schema each file names on its first line.`,
    `Rollout rings: npx ${name} promote needs ${client} (npm i -D --save-exact ${client}) and a kubeconfig context for Argo CD's cluster and each workload cluster.`,
  ];
}

export const initCommand: AnyCommand = defineCommand({
  name: 'init',
  summary: 'set up this repository: a starting fleet, npm scripts, cdk8s.yaml, the PR workflow',
  description:
    'Asks for the first five options when a terminal is attached and they are not given; without\n' +
    "one, --repo-url defaults to git's origin and --destination to the cluster name (and says so).\n" +
    'Writes clusters/_defaults.yaml and clusters/NAME.yaml (a small, secure starting fleet, each naming\n' +
    'the installed editor schema on its first line), package.json scripts and the exact versions of\n' +
    'karpenter-gitops and cdk8s-cli in devDependencies, cdk8s.yaml, the PR workflow\n' +
    `${WORKFLOW_PATH}, .gitignore and a README section. An existing file is not overwritten without\n` +
    '--force (and then nothing is written); package.json, .gitignore and README.md are merged.\n' +
    "Argo CD tracks --branch, else origin's default branch, else the current one (read with git).",
  options: INIT_OPTIONS,
  exitCodes:
    '0 written, 1 a flag value the fleet refuses or a file that exists (nothing written), 2 usage error',
  run: async ({ values }, io): Promise<number> => {
    const options = await completeInitOptions(values, io);
    if (typeof options === 'string') return usageError('init', initCommand, options, io);
    if (options.cluster.includes('/'))
      return usageError('init', initCommand, '--cluster must be a name, not a path', io);
    return initRun(options, io);
  },
});
