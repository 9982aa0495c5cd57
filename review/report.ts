/**
 * `karpenter-gitops report`: the fleet capacity report (review/capacity-report.ts), as Markdown
 * GitHub renders (the PR job writes it into the step summary) or JSON.
 *
 *   karpenter-gitops report [--clusters DIR] [--format markdown|json] [--output FILE]
 *
 * Exit 0 with the report, 1 when the fleet has mistakes (printed as `file:line:col ...`), 2 on
 * a usage error.
 */
import * as path from 'path';
import { CliIo, clusterFilesInDir, loadFleetFromDir } from '../io/cli-common';
import type { FleetModel } from '../model';
import { AnyCommand, defineCommand, usageError } from '../io/command';
import { assignShards, clusterFileStem, parseShard, SHARD_FORM, ShardSpec } from './shard';
import { capacityReport, renderCapacityJson, renderCapacityMarkdown } from './capacity-report';
import { emitText } from './text-output';

export const REPORT_FORMATS = ['markdown', 'json'] as const;

export interface ReportOptions {
  /** @default 'clusters' */
  readonly clusters: string;
  /** @default 'markdown' */
  readonly format: (typeof REPORT_FORMATS)[number];
  readonly output?: string;
  /**
   * Only this shard's clusters (as `check --shard K/N` cuts them): only `_defaults.yaml` and
   * their files are read, each checked on its own (the checks across clusters are check's).
   * @default the whole fleet
   */
  readonly shard?: ShardSpec;
}

export const reportCommand: AnyCommand = defineCommand({
  name: 'report',
  summary: 'the fleet capacity report: instance types, limits and on-demand ceilings per pool, with a chart',
  options: {
    clusters: { type: 'string', value: 'DIR', description: 'the fleet description', defaultText: 'clusters' },
    format: {
      type: 'string',
      value: 'FORMAT',
      choices: REPORT_FORMATS,
      description: 'report',
      defaultText: 'markdown',
    },
    output: { type: 'string', value: 'FILE', description: 'write the report to FILE', defaultText: 'stdout' },
    shard: {
      type: 'string',
      value: SHARD_FORM,
      description: 'only the clusters of shard K of N, as check --shard K/N cuts them',
    },
  },
  exitCodes: '0 a report, 1 mistakes in the fleet, 2 usage error',
  run: (args, io): number => {
    const shard = args.values.shard === undefined ? undefined : parseShard(args.values.shard);
    if (typeof shard === 'string') return usageError('report', reportCommand, shard, io);
    return reportRun(
      {
        clusters: args.values.clusters ?? 'clusters',
        format: (args.values.format ?? 'markdown') as ReportOptions['format'],
        ...(args.values.output !== undefined ? { output: args.values.output } : {}),
        ...(shard ? { shard } : {}),
      },
      io,
    );
  },
});

/** Loads the fleet in `options.clusters` (relative to `cwd`, the project unless `projectRoot` is given) and renders its report; throws UserError. */
export function runReport(options: ReportOptions, cwd: string, projectRoot: string = cwd): string {
  const dir = path.resolve(cwd, options.clusters);
  const fleet = options.shard
    ? loadShardOfFleet(projectRoot, dir, options.shard)
    : loadFleetFromDir(projectRoot, dir).fleet;
  const report = capacityReport(fleet);
  return options.format === 'json' ? renderCapacityJson(report) : renderCapacityMarkdown(report);
}

/** The clusters of one shard, from `_defaults.yaml` and their own files alone. */
function loadShardOfFleet(projectRoot: string, clustersDir: string, shard: ShardSpec): FleetModel {
  const files = clusterFilesInDir(projectRoot, clustersDir);
  const cut = assignShards(files.map(clusterFileStem), shard.count);
  const only = new Set(files.filter((f) => cut.get(clusterFileStem(f)) === shard.index));
  return loadFleetFromDir(projectRoot, clustersDir, { only }).fleet;
}

/** `report` with parsed options; paths are relative to the working folder. */
export function reportRun(options: ReportOptions, io: CliIo): number {
  return emitText(() => runReport(options, io.cwd), options.output, io);
}
