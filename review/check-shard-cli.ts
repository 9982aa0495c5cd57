/**
 * The command-line side of sharding `check` (review/check.ts): the commit a summary records,
 * writing `--summary-json FILE`, and `check --join FILE…`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { formatDiagnostic } from '../model';
import { writeFileAtomically } from '../io/atomic-write';
import { annotation } from './github-annotations';
import { checkSummary, summaryText } from './check-summary';
import { joinedSummaryLine, joinSummaries, SummaryFile } from './check-join';
import type { CheckResult } from './run-check';
import type { ShardSpec } from './shard';

/** The commit checked out in `projectRoot` (`git rev-parse HEAD`), or '' outside a git repository. */
export function checkedOutCommit(projectRoot: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** Writes the summary of `result` to `file` (relative to the project root), atomically. */
export function writeSummary(
  file: string,
  projectRoot: string,
  result: CheckResult,
  shard: ShardSpec | undefined,
): void {
  const summary = checkSummary(result, shard ?? { index: 1, count: 1 }, checkedOutCommit(projectRoot));
  writeFileAtomically(path.resolve(projectRoot, file), summaryText(summary));
}

export interface JoinIo {
  readonly out: (line: string) => void;
}

/**
 * `check --join FILE…`: prints every finding of the shards once, then the joined summary line;
 * 0 when every shard passed and the summaries make up one check, else 1.
 */
export function runJoin(
  files: readonly string[],
  projectRoot: string,
  format: 'text' | 'github',
  io: JoinIo,
): number {
  const read: SummaryFile[] = files.map((file) => {
    try {
      return { file, text: readFileSync(path.resolve(projectRoot, file), 'utf8') };
    } catch (e) {
      return { file, text: '', unreadable: (e as NodeJS.ErrnoException).code ?? 'unreadable' };
    }
  });
  const result = joinSummaries(read);
  for (const d of [...result.refused, ...result.findings])
    io.out(format === 'github' ? annotation(d, 'karpenter-gitops check --join') : formatDiagnostic(d));
  io.out(joinedSummaryLine(result));
  return result.ok ? 0 : 1;
}
