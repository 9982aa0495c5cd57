/**
 * CLI: the impact report of a change to dist/.
 *
 *   karpenter-gitops impact --base origin/main [--dist dist] [--format markdown|json] [--output FILE]
 *   karpenter-gitops impact OLD_DIST NEW_DIST [--format markdown|json] [--output FILE]
 *   karpenter-gitops impact ... --shard K/N   (only the clusters of shard K of N, as check cuts them)
 *
 * With --base, the old tree is dist/ at that git revision (read with git, no checkout) and the new
 * tree is the working copy's dist/. Exit 0 with a report (whatever its verdict), 1 when an input
 * cannot be read, 2 on a usage error.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { karpenterUpgrades } from './version-impact';
import { readRepositoryImports } from '../../io/repository-imports';
import { computeImpact, DistTree } from './compute-impact';
import { readDistDir } from '../read-dist-dir';
import { readDistAtRef } from '../read-dist-git';
import { renderJson } from './render-json';
import { renderMarkdown } from './render-markdown';
import { CliIo } from '../../io/cli-common';
import { emitText } from '../text-output';
import { AnyCommand, defineCommand, ParsedArgs, usageError } from '../../io/command';
import { allowedSecretsIn, optOutComments } from './secret-opt-outs';
import { officialPolicyFor } from '../../policies/official-policy-versions';
import { parseShard, SHARD_FORM, ShardSpec } from '../shard';
import { impactShard, shardOfTree } from './impact-shard';

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
  /**
   * Only the clusters of shard K of N, as `check --shard K/N` cuts them (review/impact/impact-shard.ts).
   * @default the whole change
   */
  readonly shard?: ShardSpec;
}

const IMPACT_OPTIONS = {
  base: {
    type: 'string',
    value: 'GIT-REF',
    description: 'the old tree is dist/ at this git revision (read with git, no checkout)',
  },
  dist: { type: 'string', value: 'DIR', description: 'the new tree (with --base)', defaultText: 'dist' },
  format: {
    type: 'string',
    value: 'FORMAT',
    choices: IMPACT_FORMATS,
    description: 'report',
    defaultText: 'markdown',
  },
  output: { type: 'string', value: 'FILE', description: 'write the report to FILE', defaultText: 'stdout' },
  shard: {
    type: 'string',
    value: SHARD_FORM,
    description: 'only the clusters of shard K of N, as check --shard K/N cuts them',
  },
} as const;

/** Turns parsed arguments into ImpactOptions; a string is a usage error sentence. */
export function impactOptionsFrom(args: ParsedArgs<typeof IMPACT_OPTIONS>): ImpactOptions | string {
  const { base, dist, format, output } = args.values;
  const positional = args.positionals;
  if (base !== undefined && positional.length > 0) return 'give either --base or two folders, not both';
  if (base === undefined && positional.length !== 2) return 'give --base <git-ref> or two dist folders';
  const shard = args.values.shard === undefined ? undefined : parseShard(args.values.shard);
  if (typeof shard === 'string') return shard;
  return {
    base,
    dist: dist ?? 'dist',
    positional,
    format: format ?? 'markdown',
    output,
    ...(shard ? { shard } : {}),
  };
}

export const impactCommand: AnyCommand = defineCommand({
  name: 'impact',
  summary: 'the impact report of a change to dist/: which nodes it replaces, what it adds or removes',
  usage: ['impact OLD_DIST NEW_DIST [--format markdown|json] [--output FILE] [--shard K/N]'],
  options: IMPACT_OPTIONS,
  positionals: {
    name: 'OLD_DIST NEW_DIST',
    description: 'two dist folders to compare (instead of --base)',
    max: 2,
  },
  exitCodes: '0 a report (whatever its verdict), 1 an input cannot be read, 2 usage error',
  run: (args, io): number => {
    const options = impactOptionsFrom(args);
    if (typeof options === 'string') return usageError('impact', impactCommand, options, io);
    return impactRun(options, io);
  },
});

/** Computes and renders the report; paths are relative to `cwd`; throws UserError for unreadable input. */
export function runImpact(options: ImpactOptions, cwd: string): string {
  let before: DistTree;
  let after: DistTree;
  if (options.base !== undefined) {
    after = { label: options.dist, files: readDistDir(path.resolve(cwd, options.dist), true) };
    // A working file that is byte for byte its blob at the base is not read from git again.
    before = {
      label: `${options.base}:${options.dist}`,
      files: readDistAtRef(options.base, options.dist, cwd, after.files),
    };
  } else {
    const [oldDir, newDir] = options.positional;
    before = { label: oldDir, files: readDistDir(path.resolve(cwd, oldDir)) };
    after = { label: newDir, files: readDistDir(path.resolve(cwd, newDir)) };
  }
  // Official policies and chart keys of imported versions are in the repository that holds the new dist/.
  const repository = path.dirname(
    path.resolve(cwd, options.base !== undefined ? options.dist : options.positional[1]),
  );
  const clustersDir = path.join(repository, 'clusters');
  const shard = options.shard
    ? impactShard(options.shard, clustersDir, before.files, after.files)
    : undefined;
  if (shard) {
    before = { ...before, files: shardOfTree(shard, before.files) };
    after = { ...after, files: shardOfTree(shard, after.files) };
  }
  const imports = readRepositoryImports(repository);
  const upgrades = karpenterUpgrades(before.files, after.files, imports);
  const computed = {
    ...computeImpact(before, after, (v) => officialPolicyFor(v, imports.karpenter.get(v))),
    ...(upgrades.length > 0 ? { upgrades } : {}),
  };
  const untracked = (options.base !== undefined ? untrackedInDist(options.dist, cwd) : []).filter(
    (rel) => shard?.ownsDist(rel) ?? true,
  );
  const withUntracked = untracked.length > 0 ? { ...computed, untracked } : computed;
  const allowed = allowedSecretsIn(after.files);
  const comments = optOutComments(clustersDir, 'clusters').filter(
    (c) => shard?.ownsFleetFile(c.file) ?? true,
  );
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

/** `impact` with parsed options; paths are relative to the working folder. */
export function impactRun(options: ImpactOptions, io: CliIo): number {
  return emitText(() => runImpact(options, io.cwd), options.output, io);
}
