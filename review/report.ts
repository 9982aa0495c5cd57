/**
 * CLI: the fleet capacity report, as Markdown GitHub renders (the PR job writes it into the
 * step summary) or JSON.
 *
 *   npm run report -- [--clusters DIR] [--format markdown|json] [--output FILE]
 *
 * Exit 0 with the report, 1 when the fleet has mistakes (printed as `file:line:col ...`), 2 on
 * a usage error.
 */
import * as fs from 'fs';
import * as path from 'path';
import { loadFleetFromDir, PROJECT_ROOT } from '../io/cli-common';
import { formatDiagnostic, sortDiagnostics, UserError } from '../model/diagnostics';
import { capacityReport, renderCapacityJson, renderCapacityMarkdown } from './capacity-report';
import { UsageError } from './usage-error';

export interface ReportOptions {
  /** @default 'clusters' */
  readonly clusters: string;
  /** @default 'markdown' */
  readonly format: 'markdown' | 'json';
  readonly output?: string;
}

export const REPORT_USAGE =
  'usage: npm run report -- [--clusters DIR] [--format markdown|json] [--output FILE]';

export function parseReportArgs(argv: readonly string[]): ReportOptions {
  let clusters = 'clusters';
  let format: ReportOptions['format'] = 'markdown';
  let output: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--clusters') clusters = value();
    else if (arg === '--output') output = value();
    else if (arg === '--format') {
      const f = value();
      if (f !== 'markdown' && f !== 'json')
        throw new UsageError(`--format must be markdown or json, not '${f}'`);
      format = f;
    } else throw new UsageError(`unknown argument ${arg}`);
  }
  return { clusters, format, ...(output !== undefined ? { output } : {}) };
}

/** Loads the fleet in `options.clusters` (relative to `cwd`) and renders its report; throws UserError. */
export function runReport(options: ReportOptions, cwd: string, projectRoot = PROJECT_ROOT): string {
  const { fleet } = loadFleetFromDir(projectRoot, path.resolve(cwd, options.clusters));
  const report = capacityReport(fleet);
  return options.format === 'json' ? renderCapacityJson(report) : renderCapacityMarkdown(report);
}

export function main(argv: readonly string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${REPORT_USAGE}\n`);
    return 0;
  }
  let options: ReportOptions;
  try {
    options = parseReportArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`report: ${e.message}\n${REPORT_USAGE}\n`);
    return 2;
  }
  try {
    const text = runReport(options, process.cwd());
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
