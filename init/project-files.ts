/**
 * The files around the fleet that `karpenter-gitops init` writes into a user's repository:
 * package.json scripts and the pinned dependency, cdk8s.yaml, the PR workflow, .gitignore and
 * a README section. Pure: each function returns the text to write (or to merge into what is
 * there); init/init-command.ts does the file work.
 */
import { fullCheckJobs } from './full-check-jobs';
import { compareCodeUnits } from '../model';

/** The npm scripts init adds: thin calls of the installed CLI. */
export function initScripts(): Readonly<Record<string, string>> {
  return {
    synth: 'karpenter-gitops synth',
    check: 'karpenter-gitops check',
    impact: 'karpenter-gitops impact',
    report: 'karpenter-gitops report',
    validate: 'karpenter-gitops validate dist',
    policies: 'karpenter-gitops policies',
    preflight: 'karpenter-gitops preflight',
    promote: 'karpenter-gitops promote',
    convert: 'karpenter-gitops convert',
    import: 'karpenter-gitops import',
  };
}

export interface PackageJsonMerge {
  readonly text: string;
  /** Scripts that already existed with other commands and were kept (without --force). */
  readonly keptScripts: readonly string[];
}

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** The cdk8s CLI's package, which `cdk8s synth` runs. */
export const CDK8S_CLI = 'cdk8s-cli';

/**
 * package.json with the scripts and `karpenter-gitops` pinned to `version` in devDependencies,
 * and `cdk8s-cli` pinned to `tool.cdk8sCli` when the repository has no cdk8s CLI of its own.
 * Every other field is kept as it is; a script the user already has under one of the names is
 * kept unless `force`. `existing` undefined: a new package.json named after the folder.
 */
export function mergePackageJson(
  existing: string | undefined,
  tool: { readonly name: string; readonly version: string; readonly cdk8sCli?: string },
  folderName: string,
  force: boolean,
): PackageJsonMerge {
  const pkg: Json =
    existing === undefined
      ? { name: npmName(folderName), version: '0.0.0', private: true }
      : record(JSON.parse(existing) as unknown);
  const scripts = { ...record(pkg.scripts) };
  const keptScripts: string[] = [];
  for (const [name, command] of Object.entries(initScripts())) {
    if (scripts[name] !== undefined && scripts[name] !== command && !force) keptScripts.push(name);
    else scripts[name] = command;
  }
  const devDependencies: Json = { ...record(pkg.devDependencies), [tool.name]: tool.version };
  // `cdk8s synth` (cdk8s.yaml) needs the cdk8s CLI: the version the tool is tested with, unless
  // the repository already has one of its own.
  if (
    tool.cdk8sCli !== undefined &&
    !(CDK8S_CLI in devDependencies) &&
    !(CDK8S_CLI in record(pkg.dependencies))
  )
    devDependencies[CDK8S_CLI] = tool.cdk8sCli;
  const dependencies = record(pkg.dependencies);
  const out: Json = { ...pkg, scripts };
  // One place for the pin: a dependency of the same name moves to devDependencies.
  if (tool.name in dependencies) {
    const rest = { ...dependencies };
    delete rest[tool.name];
    out.dependencies = rest;
  }
  out.devDependencies = Object.fromEntries(
    Object.entries(devDependencies).sort(([a], [b]) => compareCodeUnits(a, b)),
  );
  const indent = existing !== undefined && /^\{\n\t/.test(existing) ? '\t' : 2;
  return { text: `${JSON.stringify(out, null, indent)}\n`, keptScripts };
}

/** A valid npm package name from a folder name. */
function npmName(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name === '' ? 'gitops' : name.slice(0, 214);
}

/**
 * cdk8s.yaml: `cdk8s synth` runs the installed CLI, and the validation plugin is the installed
 * package, loaded by its path in node_modules.
 */
export function cdk8sYaml(tool: { readonly name: string; readonly version: string }): string {
  return `# cdk8s CLI configuration, written by karpenter-gitops init.
# \`npx cdk8s synth\` runs the same pipeline as \`npx karpenter-gitops synth\` (load, generate,
# validate) into \`output\`. The cdk8s CLI deletes its output folder before it runs the app, so
# \`output\` is NOT dist/: update the committed dist/ with \`npx karpenter-gitops synth\`.
language: typescript
app: npx ${tool.name} synth --quiet --out build/cdk8s.out
output: build/cdk8s.out
# The validator of ${tool.name} (CRD schemas, CEL rules) over every synthesized manifest.
# \`package\` is the copy installed in node_modules (a path starting with './'), so it is exactly
# the pinned version in package.json and nothing is downloaded. (Given as a bare package name,
# cdk8s-cli would instead run \`npm install ${tool.name}@<version>\` into its own plugin folder
# on every new version.) \`version\` must be exact; keep it equal to the one in package.json.
validations:
  - package: ./node_modules/${tool.name}
    version: ${tool.version}
    class: KarpenterGitopsValidation
`;
}

/**
 * The actions the workflow uses, pinned by commit SHA (the tag in a comment): the same pins as
 * this repository's own workflows.
 */
export const PINNED_ACTIONS = {
  checkout: 'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1',
  setupNode: 'actions/setup-node@820762786026740c76f36085b0efc47a31fe5020 # v7.0.0',
  setupPython: 'actions/setup-python@5fda3b95a4ea91299a34e894583c3862153e4b97 # v7.0.0',
  githubScript: 'actions/github-script@ed597411d8f924073f98dfc5c65a23a2325f34cd # v8.0.0',
  cache: 'actions/cache@27d5ce7f107fe9357f9df03efb73ab90386fccae # v5.0.5',
  uploadArtifact: 'actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f # v7.0.0',
  downloadArtifact: 'actions/download-artifact@3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c # v8.0.1',
} as const;

export const WORKFLOW_PATH = '.github/workflows/karpenter-gitops.yml';

/** What the workflow runs for: the fleet, dist/ and the tool's version. */
const WORKFLOW_PATHS = `
      - clusters/**
      - dist/**
      - cdk8s.yaml
      - package.json
      - package-lock.json
      - ${WORKFLOW_PATH}`;

/**
 * The PR workflow of the user's repository: check (annotations), the impact report (a PR
 * comment), and on pushes to the tracked branch the full check in `shards` shards plus their join
 * (init/full-check-jobs.ts).
 */
export function workflowYaml(tool: { readonly name: string }, branch = 'main', shards = 1): string {
  return `# PR job, written by ${tool.name} init.
#   check:  dist/ up to date with clusters/, everything validated (with the CRDs' transition rules
#           against the PR's base commit), policy scenarios pass; findings as annotations.
#   impact: which nodes the change replaces, as one PR comment updated on every push.
# Runs on \`pull_request\` (never \`pull_request_target\`): the PR's code gets a read-only token;
# only the impact job may write, and only PR comments. On pushes to ${branch} (the branch Argo CD
# syncs), check-full re-proves every cluster (check --full) in ${shards} shard(s) side by side and
# check-join reports them as one result; it also keeps cfn-lint's results in the cache every PR
# starts from. More clusters, more shards: \`${tool.name} init --shards N --force\` rewrites this
# file (docs/pr-job.md says when). --require-cfn-lint: the templates are always linted.
name: karpenter-gitops

on:
  pull_request:
    paths:${WORKFLOW_PATHS}
  push:
    branches: [${JSON.stringify(branch)}]
    paths:${WORKFLOW_PATHS}

permissions:
  contents: read

concurrency:
  group: karpenter-gitops-\${{ github.event.pull_request.number || github.ref }}
  cancel-in-progress: true

jobs:
  check:
    name: check (dist up to date, validation, policy scenarios)
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-24.04
    timeout-minutes: 20
    permissions:
      contents: read
    steps:
      - uses: ${PINNED_ACTIONS.checkout}
        with:
          # The transition rules compare with dist/ at the base commit, read with git.
          fetch-depth: 0
      - uses: ${PINNED_ACTIONS.setupNode}
        with:
          node-version: 24
          cache: npm
      - uses: ${PINNED_ACTIONS.setupPython}
        with:
          python-version: '3.12'
      # check validates every AWS-side target (aws.managedBy): cfn-lint, when installed, on the CloudFormation
      # templates; Terraform modules against the pinned hashicorp/aws schema, built in; external: nothing generated.
      - run: python -m pip install cfn-lint==1.51.0
      - run: npm ci
      # cfn-lint's results by template content: only templates it has not judged before are linted.
      - uses: ${PINNED_ACTIONS.cache}
        with:
          path: ~/.cache/karpenter-gitops
          key: karpenter-gitops-\${{ runner.os }}-\${{ github.run_id }}
          restore-keys: karpenter-gitops-\${{ runner.os }}-
      - run: npx ${tool.name} check --format github --require-cfn-lint --base "$BASE_SHA"
        env:
          CI: 'true'
          BASE_SHA: \${{ github.event.pull_request.base.sha }}

${fullCheckJobs(tool.name, shards, PINNED_ACTIONS)}

  impact:
    name: impact report
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-24.04
    timeout-minutes: 10
    permissions:
      contents: read
      pull-requests: write
    steps:
      - uses: ${PINNED_ACTIONS.checkout}
        with:
          fetch-depth: 0
      - uses: ${PINNED_ACTIONS.setupNode}
        with:
          node-version: 24
          cache: npm
      - run: npm ci
      - name: Impact of this PR on the nodes Karpenter runs
        run: |
          npx ${tool.name} impact --base "$BASE_SHA" --output impact-report.md
          cat impact-report.md >> "$GITHUB_STEP_SUMMARY"
        env:
          BASE_SHA: \${{ github.event.pull_request.base.sha }}
      - name: Post or update the PR comment
        # A PR from a fork gets a read-only token: the report is in the job summary only.
        if: github.event.pull_request.head.repo.full_name == github.repository
        uses: ${PINNED_ACTIONS.githubScript}
        with:
          script: |
            const fs = require('fs');
            const marker = '<!-- karpenter-gitops:impact-report -->';
            const body = fs.readFileSync('impact-report.md', 'utf8');
            const { owner, repo } = context.repo;
            const issue_number = context.issue.number;
            const comments = await github.paginate(github.rest.issues.listComments, {
              owner, repo, issue_number, per_page: 100,
            });
            const previous = comments.find(
              (c) => c.user && c.user.type === 'Bot' && typeof c.body === 'string' && c.body.startsWith(marker),
            );
            if (previous) {
              await github.rest.issues.updateComment({ owner, repo, comment_id: previous.id, body });
            } else {
              await github.rest.issues.createComment({ owner, repo, issue_number, body });
            }
`;
}

/** What .gitignore must hold: installed packages and build outputs (dist/ is committed). */
export const GITIGNORE_LINES = ['node_modules/', 'build/', 'impact-report.md'] as const;

/** .gitignore with the missing lines appended under a comment; the same text when none is missing. */
export function mergeGitignore(existing: string | undefined): string {
  const have = new Set((existing ?? '').split(/\r?\n/).map((l) => l.trim()));
  const missing = GITIGNORE_LINES.filter((l) => !have.has(l) && !have.has(l.replace(/\/$/, '')));
  if (missing.length === 0) return existing ?? '';
  const base =
    existing === undefined || existing === '' ? '' : existing.endsWith('\n') ? existing : `${existing}\n`;
  return `${base}${base === '' ? '' : '\n'}# karpenter-gitops (dist/ is committed: Argo CD syncs it)\n${missing.join('\n')}\n`;
}

export const README_START = '<!-- karpenter-gitops:start -->';
export const README_END = '<!-- karpenter-gitops:end -->';

/** The README section; appended to an existing README, once (found again by its markers). */
export function readmeSection(
  cluster: string,
  tool: { readonly name: string; readonly optionalPeers?: readonly string[] },
  branch = 'main',
): string {
  const peers = (tool.optionalPeers ?? []).join(' ');
  return `${README_START}
## Karpenter through GitOps

The Karpenter fleet of this repository is described in \`clusters/\` and generated into \`dist/\`
by [${tool.name}](https://www.npmjs.com/package/${tool.name}); Argo CD syncs \`dist/\` from the
\`${branch}\` branch.

\`\`\`sh
npm ci                        # installs the pinned ${tool.name} and cdk8s CLI
npx ${tool.name} synth    # clusters/*.yaml → dist/ (validated; commit dist/)
npx ${tool.name} check    # what the PR job runs: dist/ up to date and valid
npx ${tool.name} impact --base origin/${branch}   # which nodes a change replaces
\`\`\`

Start with \`clusters/${cluster}.yaml\`; fleet-wide settings are in \`clusters/_defaults.yaml\`.
Each file's first line points editors that use yaml-language-server (VS Code's YAML extension and
most others) at the installed schema, for completion and checking as you type; copy it into new
cluster files. The schema is advice: \`synth\` decides.

\`npx ${tool.name} promote --to <ring>\` (rollout rings) reads the clusters before it promotes:
it needs the Kubernetes client installed (\`npm i -D --save-exact ${peers}\`) and a kubeconfig
context for the Argo CD cluster and for each workload cluster.

Upgrade by bumping \`${tool.name}\` in package.json, then \`synth\`, \`check\` and \`impact\`
(see the package's \`docs/upgrading.md\`).
${README_END}
`;
}

/** README.md with the section appended; the same text when the section is already there. */
export function mergeReadme(existing: string | undefined, section: string, title: string): string {
  if (existing === undefined || existing.trim() === '') return `# ${title}\n\n${section}`;
  if (existing.includes(README_START)) return existing;
  return `${existing.endsWith('\n') ? existing : `${existing}\n`}\n${section}`;
}
