/**
 * CLI: the impact report of a change to dist/.
 *
 *   npm run impact -- --base origin/main [--dist dist] [--format markdown|json] [--output FILE]
 *   npm run impact -- OLD_DIST NEW_DIST [--format markdown|json] [--output FILE]
 *
 * With --base, the old tree is dist/ at that git revision (read with git, no checkout) and the new
 * tree is the working copy's dist/. Exit 0 with a report (whatever its verdict), 1 when an input
 * cannot be read, 2 on a usage error.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { formatDiagnostic, sortDiagnostics, UserError } from '../model/diagnostics';
import { computeImpact, DistTree } from './compute-impact';
import { readDistDir } from './read-dist-dir';
import { readDistAtRef } from './read-dist-git';
import { renderJson } from './render-json';
import { renderMarkdown } from './render-markdown';
import { allowedSecretsIn, optOutComments } from './secret-opt-outs';
import { UsageError } from './usage-error';

export const IMPACT_FORMATS = ['markdown', 'json'] as const;
export type ImpactFormat = (typeof IMPACT_FORMATS)[number];

export interface ImpactOptions {
  readonly base?: string;
  /** @default 'dist' */
  readonly dist: string;
  readonly positional: readonly string[];
  /** @default 'markdown' */
  readonly format: ImpactFormat;
  readonly output?: string;
}

export const IMPACT_USAGE = [
  'usage: npm run impact -- --base <git-ref> [--dist DIR] [--format markdown|json] [--output FILE]',
  '       npm run impact -- OLD_DIST NEW_DIST [--format markdown|json] [--output FILE]',
].join('\n');

export function parseImpactArgs(argv: readonly string[]): ImpactOptions {
  let base: string | undefined;
  let dist = 'dist';
  let format: ImpactFormat = 'markdown';
  let output: string | undefined;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--base') base = value();
    else if (arg === '--dist') dist = value();
    else if (arg === '--output') output = value();
    else if (arg === '--format') {
      const f = value();
      if (!(IMPACT_FORMATS as readonly string[]).includes(f))
        throw new UsageError(`--format must be one of ${IMPACT_FORMATS.join(', ')}, not '${f}'`);
      format = f as ImpactFormat;
    } else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (base !== undefined && positional.length > 0)
    throw new UsageError('give either --base or two folders, not both');
  if (base === undefined && positional.length !== 2)
    throw new UsageError('give --base <git-ref> or two dist folders');
  return { base, dist, positional, format, output };
}

/** Computes and renders the report; paths are relative to `cwd`; throws UserError for unreadable input. */
export function runImpact(options: ImpactOptions, cwd: string): string {
  let before: DistTree;
  let after: DistTree;
  if (options.base !== undefined) {
    before = {
      label: `${options.base}:${options.dist}`,
      files: readDistAtRef(options.base, options.dist, cwd),
    };
    after = { label: options.dist, files: readDistDir(path.resolve(cwd, options.dist), true) };
  } else {
    const [oldDir, newDir] = options.positional;
    before = { label: oldDir, files: readDistDir(path.resolve(cwd, oldDir)) };
    after = { label: newDir, files: readDistDir(path.resolve(cwd, newDir)) };
  }
  const computed = computeImpact(before, after);
  const untracked = options.base !== undefined ? untrackedInDist(options.dist, cwd) : [];
  const withUntracked = untracked.length > 0 ? { ...computed, untracked } : computed;
  const allowed = allowedSecretsIn(after.files);
  const clustersDir = path.join(
    path.dirname(path.resolve(cwd, options.base !== undefined ? options.dist : options.positional[1])),
    'clusters',
  );
  const comments = optOutComments(clustersDir, 'clusters');
  const report =
    allowed.length + comments.length > 0
      ? { ...withUntracked, secretOptOuts: { allowed, comments } }
      : withUntracked;
  return options.format === 'json' ? renderJson(report) : renderMarkdown(report);
}

/**
 * Files under the dist folder that git does not track (and does not ignore), relative to it:
 * they are compared as part of the new tree, but Argo CD syncs only what is committed.
 */
export function untrackedInDist(dist: string, cwd: string): string[] {
  let out: string;
  try {
    out = execFileSync(
      'git',
      ['ls-files', '--others', '--exclude-standard', '-z', '--full-name', '--', dist],
      {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
  } catch {
    return [];
  }
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' }).trim();
  const distRel = path
    .relative(top, path.resolve(fs.realpathSync(cwd), dist))
    .split(path.sep)
    .join('/');
  return out
    .split('\0')
    .filter((f) => f !== '')
    .map((f) => (f.startsWith(`${distRel}/`) ? f.slice(distRel.length + 1) : f))
    .sort();
}

export function main(argv: readonly string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${IMPACT_USAGE}\n`);
    return 0;
  }
  let options: ImpactOptions;
  try {
    options = parseImpactArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) process.stderr.write(`impact: ${e.message}\n`);
    process.stderr.write(`${IMPACT_USAGE}\n`);
    return 2;
  }
  try {
    const text = runImpact(options, process.cwd());
    if (options.output) fs.writeFileSync(options.output, text);
    else process.stdout.write(text);
    return 0;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    for (const d of sortDiagnostics(e.diagnostics)) process.stderr.write(`${formatDiagnostic(d)}\n`);
    return 1;
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
