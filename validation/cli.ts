/**
 * `karpenter-gitops validate [--karpenter-version V] [--previous DIR] [--format text|json|junit|github]
 *  [--no-cfn-lint | --require-cfn-lint] PATH...`
 *
 * Validates YAML/JSON files and folders (recursively): Kubernetes manifests against the
 * imported CRD schemas and CEL rules, CloudFormation templates, and, for folders laid out
 * like dist/, the checks across each cluster's artifacts. Works on manifests this tool did
 * not generate. Exit 0 clean (warnings allowed), 1 violations, 2 usage error.
 *
 * cfn-lint (unless `--no-cfn-lint`) keeps its results in the same cache as `check`
 * (validation/cloudformation/cfn-lint.ts `lintTemplates`): a template `check` judged is not linted again.
 * When it is not installed the built-in CloudFormation check runs, and the summary line says
 * the templates were not linted; `--require-cfn-lint` makes that an error.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import { CliIo } from '../io/cli-common';
import { listTree } from '../io/read-tree';
import { AnyCommand, defineCommand, ParsedArgs, parseCommand, usageError } from '../io/command';
import {
  DEFAULT_KARPENTER_VERSION,
  isKarpenterVersion,
  KARPENTER_VERSIONS,
  KarpenterVersion,
  wholeFileError,
} from '../model';
import { withoutSecrets } from '../model/stages';
import {
  CfnLintTemplate,
  cfnLintMissingNote,
  cfnLintRequiredFinding,
  lintTemplates,
} from './cloudformation/cfn-lint';
import { userLintOptions } from './cloudformation/lint-settings';
import { Finding } from './finding';
import { ManifestDocument, parseManifests } from './manifest-source';
import { OUTPUT_FORMATS, OutputFormat, render, summary } from './output-format';
import { secretFindings } from './secret-findings';
import { teamSecretPatterns } from './team-secret-patterns';
import { cloudFormationTemplates } from './validate-dist';
import { PreLinted, SourceFile, validateFiles } from './validate-tree';

const EXTENSIONS = /\.(ya?ml|json)$/;

export interface CliArgs {
  readonly karpenterVersion?: KarpenterVersion;
  readonly previous?: string;
  readonly format: OutputFormat;
  readonly cfnLint: boolean;
  /** Fail when cfn-lint is not installed and there are templates. @default false */
  readonly requireCfnLint?: boolean;
  readonly paths: readonly string[];
}

/** `text` is `human` (the one --format vocabulary of every command); `human` stays accepted. */
const FORMAT_CHOICES = ['text', ...OUTPUT_FORMATS] as const;

const VALIDATE_OPTIONS = {
  'karpenter-version': {
    type: 'string',
    value: 'V',
    description: `judge karpenter.sh and karpenter.k8s.aws objects with the CRDs of V (one of ${KARPENTER_VERSIONS.join(', ')}; a leading v is allowed)`,
    defaultText: `per dist/ cluster from its Helm values, else ${DEFAULT_KARPENTER_VERSION}`,
  },
  previous: {
    type: 'string',
    value: 'DIR',
    description: "previous versions of the objects, for the CRDs' transition rules",
  },
  format: {
    type: 'string',
    value: 'FORMAT',
    choices: FORMAT_CHOICES,
    description: 'findings as text (= human), json, junit (every document a test case) or github annotations',
    defaultText: 'text',
  },
  'no-cfn-lint': {
    type: 'boolean',
    description: 'skip cfn-lint on CloudFormation templates (the built-in check runs instead)',
  },
  'require-cfn-lint': {
    type: 'boolean',
    description:
      'fail when there are CloudFormation templates and cfn-lint is not on PATH (without it the summary says they were not linted)',
  },
} as const;

/** Turns parsed arguments into CliArgs (paths relative to `cwd`); a string is a usage error sentence. */
export function validateArgsFrom(args: ParsedArgs<typeof VALIDATE_OPTIONS>, cwd: string): CliArgs | string {
  const { values, positionals: paths } = args;
  const previous = values.previous;
  for (const p of [...paths, ...(previous !== undefined ? [previous] : [])])
    if (!existsSync(resolve(cwd, p))) return `'${p}' does not exist`;
  const given = values['karpenter-version']?.replace(/^v/, '');
  if (given !== undefined && !isKarpenterVersion(given))
    return `unknown Karpenter version '${given}': imported versions are ${KARPENTER_VERSIONS.join(', ')}`;
  const format = values.format === undefined || values.format === 'text' ? 'human' : values.format;
  if (values['no-cfn-lint'] && values['require-cfn-lint'])
    return 'give either --no-cfn-lint or --require-cfn-lint, not both';
  return {
    ...(given !== undefined ? { karpenterVersion: given } : {}),
    ...(previous !== undefined ? { previous } : {}),
    format,
    cfnLint: !values['no-cfn-lint'],
    ...(values['require-cfn-lint'] ? { requireCfnLint: true } : {}),
    paths,
  };
}

export const validateCommand: AnyCommand = defineCommand({
  name: 'validate',
  summary: 'validate manifests (files or folders, also ones this tool did not generate) against the CRDs',
  description:
    'Validates Kubernetes manifests (YAML or JSON files, or folders of them) against the imported CRD\n' +
    'schemas and CEL rules, and CloudFormation templates; a dist/ folder also gets the checks across\n' +
    'artifacts of each cluster.',
  options: VALIDATE_OPTIONS,
  positionals: { name: 'PATH...', description: 'files and folders to validate', min: 1 },
  exitCodes: '0 clean (warnings allowed), 1 violations, 2 usage error',
  run: async (args, io): Promise<number> => {
    const parsed = validateArgsFrom(args, io.cwd);
    if (typeof parsed === 'string') return usageError('validate', validateCommand, parsed, io);
    const r = await validateRun(parsed, { cwd: io.cwd, env: io.env ?? process.env });
    if (r.stdout !== '') io.out(r.stdout.replace(/\n$/, ''));
    if (r.stderr !== '') io.err(r.stderr.replace(/\n$/, ''));
    return r.code;
  },
});

function toPosix(p: string): string {
  return p.split(sep).join('/');
}

/** YAML/JSON files under `path` (or `path` itself), sorted, with paths relative to it. */
export function collectFiles(path: string, unreadable: Finding[] = []): SourceFile[] {
  const out: SourceFile[] = [];
  const read = (full: string, rel: string): void => {
    try {
      out.push({ display: toPosix(full), rel, text: readFileSync(full, 'utf8') });
    } catch (err) {
      unreadable.push({
        ...wholeFileError(
          toPosix(full),
          `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
          'Check the file exists and is readable',
        ),
        check: 'file/unreadable',
      });
    }
  };
  if (!statSync(path).isDirectory()) {
    read(path, basename(path));
    return out;
  }
  const skip = (name: string) => name.startsWith('.') || name === 'node_modules';
  for (const rel of listTree(path, { files: 'not-folder', order: 'by-folder', skip })) {
    if (EXTENSIONS.test(rel)) read(join(path, ...rel.split('/')), rel);
  }
  return out;
}

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ValidateRunOptions {
  /** The clock, in milliseconds, for the throughput line. @default performance.now() */
  readonly now?: () => number;
  /** The working folder: cfn-lint runs in it (and reads its `.cfnlintrc`). @default process.cwd() */
  readonly cwd?: string;
  /**
   * The environment: HOME and XDG_CACHE_HOME name cfn-lint's cache folder
   * (validation/cloudformation/cfn-lint-cache.ts `cfnLintCacheDir`). @default process.env
   */
  readonly env?: NodeJS.ProcessEnv;
}

/** Runs the CLI over a command line without touching process state (tests call this). */
export async function runCli(argv: readonly string[], options: ValidateRunOptions = {}): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), cwd: options.cwd ?? process.cwd() };
  const text = (lines: string[]) => (lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  const args = parseCommand('validate', validateCommand, argv, io);
  if (typeof args === 'number') return { code: args, stdout: text(out), stderr: text(err) };
  const parsed = validateArgsFrom(args as ParsedArgs<typeof VALIDATE_OPTIONS>, io.cwd);
  if (typeof parsed === 'string') {
    const code = usageError('validate', validateCommand, parsed, io);
    return { code, stdout: text(out), stderr: text(err) };
  }
  return validateRun(parsed, { ...options, cwd: io.cwd });
}

/**
 * cfn-lint on the CloudFormation templates among `files`, with results kept by content
 * (validation/cloudformation/cfn-lint.ts `lintTemplates`): what `check` judged before is not linted again.
 * Resolves to false when cfn-lint is not installed (the built-in check runs instead).
 */
function lintCollected(
  templates: readonly CfnLintTemplate[],
  options: ValidateRunOptions,
): Promise<false | PreLinted> {
  const started = lintTemplates(
    templates,
    userLintOptions(options.env ?? process.env, options.cwd ?? process.cwd()),
  ).then((result) => result ?? false);
  // Awaited before validation; this keeps a failure quiet until then.
  started.catch(() => undefined);
  return started;
}

/** `validate` with parsed arguments: the exit code and what to print. */
export async function validateRun(args: CliArgs, options: ValidateRunOptions = {}): Promise<CliResult> {
  const now = options.now ?? (() => performance.now());
  const start = now();
  const unreadable: Finding[] = [];
  const files = args.paths.flatMap((p) => collectFiles(p, unreadable));
  // Only looked for when cfn-lint is wanted: --no-cfn-lint pays nothing for it.
  const templates = args.cfnLint ? cloudFormationTemplates(files) : [];
  const lint = args.cfnLint ? lintCollected(templates, options) : undefined;
  const previous: ManifestDocument[] = args.previous
    ? collectFiles(args.previous, unreadable).flatMap((f) => parseManifests(f.display, f.text))
    : [];
  const team = teamSecretPatterns(args.paths, options.cwd ?? process.cwd());
  const scan = secretFindings(files, team.rules);
  const linted = lint ? await lint : false;
  const result = validateFiles(files, {
    ...(args.karpenterVersion ? { karpenterVersion: args.karpenterVersion } : {}),
    previous,
    cfnLint: linted,
  });
  // cfn-lint was wanted, there are templates, and it is not installed: say so (or fail).
  const lintMissing = lint !== undefined && linted === false && templates.length > 0;
  const required = lintMissing && args.requireCfnLint ? [cfnLintRequiredFinding(args.paths.join(' '))] : [];
  const findings = withoutSecrets(
    [...unreadable, ...team.findings, ...result.findings, ...scan.findings, ...required],
    scan.secrets,
  );
  const documents = result.documents;
  const ms = now() - start;
  const rate = ms > 0 ? Math.round((documents * 1000) / ms) : documents;
  const notLinted = lintMissing ? `; ${cfnLintMissingNote(templates.length)}` : '';
  const stats = `validated ${documents} documents in ${ms.toFixed(0)} ms (${rate}/s): ${summary(findings)}${notLinted}\n`;
  const body = render(findings, args.format, result.checked);
  const code = findings.some((f) => f.severity === 'error') ? 1 : 0;
  return args.format === 'human'
    ? { code, stdout: body + stats, stderr: '' }
    : { code, stdout: body, stderr: stats };
}
