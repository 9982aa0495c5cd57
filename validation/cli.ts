/**
 * `npm run validate -- [--karpenter-version V] [--previous DIR] [--format human|json|junit|github] PATH...`
 *
 * Validates YAML/JSON files and folders (recursively): Kubernetes manifests against the
 * imported CRD schemas and CEL rules, CloudFormation templates, and, for folders laid out
 * like dist/, the checks across each cluster's artifacts. Works on manifests this tool did
 * not generate. Exit 0 clean (warnings allowed), 1 violations, 2 usage error.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import {
  DEFAULT_KARPENTER_VERSION,
  isKarpenterVersion,
  KARPENTER_VERSIONS,
  KarpenterVersion,
} from '../model/versions';
import { withoutSecrets } from '../model/check-secrets';
import { Finding } from './finding';
import { ManifestDocument, parseManifests } from './manifest-source';
import { isOutputFormat, OUTPUT_FORMATS, OutputFormat, render, summary } from './output-format';
import { secretFindings } from './secret-findings';
import { SourceFile, validateFiles } from './validate-tree';

export const USAGE = `usage: npm run validate -- [--karpenter-version ${KARPENTER_VERSIONS.join('|')}] [--previous DIR] [--format ${OUTPUT_FORMATS.join('|')}] [--no-cfn-lint] PATH...`;

const EXTENSIONS = /\.(ya?ml|json)$/;

export interface CliArgs {
  readonly karpenterVersion?: KarpenterVersion;
  readonly previous?: string;
  readonly format: OutputFormat;
  readonly cfnLint: boolean;
  readonly paths: readonly string[];
}

export class UsageError extends Error {}

/** `--help`: the usage line and what each option does, on stdout, exit 0. */
export const HELP = `${USAGE}

Validates Kubernetes manifests (YAML or JSON files, or folders of them) against the imported CRD
schemas and CEL rules; a dist/ folder also gets the checks across artifacts of each cluster.

  --karpenter-version V  judge karpenter.sh and karpenter.k8s.aws objects with the CRDs of V
                         (default: per dist/ cluster from its Helm values, else ${DEFAULT_KARPENTER_VERSION})
  --previous DIR         previous versions of the objects, for the CRDs' transition rules
  --format F             human (default), json, junit (every document a test case) or github
  --no-cfn-lint          skip cfn-lint on CloudFormation templates (the built-in check runs instead)
  -h, --help             print this help

Exit codes: 0 clean (warnings allowed), 1 violations, 2 usage error.`;

class HelpRequested extends Error {}

export function parseArgs(argv: readonly string[]): CliArgs {
  let karpenterVersion: KarpenterVersion | undefined;
  let previous: string | undefined;
  let format: OutputFormat = 'human';
  let cfnLint = true;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--karpenter-version') {
      const v = value().replace(/^v/, '');
      if (!isKarpenterVersion(v))
        throw new UsageError(
          `unknown Karpenter version '${v}': imported versions are ${KARPENTER_VERSIONS.join(', ')}`,
        );
      karpenterVersion = v;
    } else if (a === '--previous') previous = value();
    else if (a === '--format') {
      const v = value();
      if (!isOutputFormat(v))
        throw new UsageError(`unknown format '${v}': use one of ${OUTPUT_FORMATS.join(', ')}`);
      format = v;
    } else if (a === '--no-cfn-lint') cfnLint = false;
    else if (a === '--help' || a === '-h') throw new HelpRequested();
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option '${a}'`);
    else paths.push(a);
  }
  if (paths.length === 0) throw new UsageError('give at least one file or folder to validate');
  for (const p of [...paths, ...(previous ? [previous] : [])])
    if (!existsSync(p)) throw new UsageError(`'${p}' does not exist`);
  return {
    ...(karpenterVersion ? { karpenterVersion } : {}),
    ...(previous ? { previous } : {}),
    format,
    cfnLint,
    paths,
  };
}

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
        severity: 'error',
        file: toPosix(full),
        line: 0,
        col: 0,
        path: '',
        message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
        fix: 'Check the file exists and is readable',
        check: 'file/unreadable',
      });
    }
  };
  if (!statSync(path).isDirectory()) {
    read(path, basename(path));
    return out;
  }
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (EXTENSIONS.test(e.name)) read(full, toPosix(relative(path, full)));
    }
  };
  walk(path);
  return out;
}

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI without touching process state (tests call this). */
export function runCli(argv: readonly string[], now: () => number = () => performance.now()): CliResult {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (err instanceof HelpRequested) return { code: 0, stdout: `${HELP}\n`, stderr: '' };
    if (err instanceof UsageError)
      return { code: 2, stdout: '', stderr: `validate: ${err.message}.\n${USAGE}\n` };
    throw err;
  }
  const start = now();
  const unreadable: Finding[] = [];
  const files = args.paths.flatMap((p) => collectFiles(p, unreadable));
  const previous: ManifestDocument[] = args.previous
    ? collectFiles(args.previous, unreadable).flatMap((f) => parseManifests(f.display, f.text))
    : [];
  const result = validateFiles(files, {
    ...(args.karpenterVersion ? { karpenterVersion: args.karpenterVersion } : {}),
    previous,
    cfnLint: args.cfnLint,
  });
  const scan = secretFindings(files);
  const findings = withoutSecrets([...unreadable, ...result.findings, ...scan.findings], scan.secrets);
  const documents = result.documents;
  const ms = now() - start;
  const rate = ms > 0 ? Math.round((documents * 1000) / ms) : documents;
  const stats = `validated ${documents} documents in ${ms.toFixed(0)} ms (${rate}/s): ${summary(findings)}\n`;
  const body = render(findings, args.format, result.checked);
  const code = findings.some((f) => f.severity === 'error') ? 1 : 0;
  return args.format === 'human'
    ? { code, stdout: body + stats, stderr: '' }
    : { code, stdout: body, stderr: stats };
}

if (require.main === module) {
  try {
    const r = runCli(process.argv.slice(2));
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    process.exitCode = r.code;
  } catch (err) {
    process.stderr.write(
      `validate: internal error (a bug in the tool, please report it): ${(err as Error).stack ?? String(err)}\n`,
    );
    process.exitCode = 70;
  }
}
