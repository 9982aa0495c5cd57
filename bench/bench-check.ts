/**
 * The PR job rows of `npm run bench` (bench/bench.ts): `check` on a copy of the project whose
 * synthetic fleet and dist/ are committed in a git repository (as in a PR job, `--base HEAD`
 * is the proven base), each command paired with the synth pipeline alone
 * (`node build/synth/synth.js`) in the same run and state:
 *
 *   check-unchanged  `check --base HEAD` on the unchanged tree (every proof reused)
 *   check-tag-edit   `check --base HEAD` after editing one cluster's tags and synthesizing
 *                    (that cluster's template changes: cfn-lint judges it; its IAM documents
 *                    do not, so its proof is reused)
 *   check-iam-edit   `check --base HEAD` after renaming one cluster's interruption queue and
 *                    synthesizing (its template and the controller policy's queue ARN change:
 *                    cfn-lint judges it and its 68 scenarios run again)
 *   check-full       `check --base HEAD --full` (everything proved and validated), per size,
 *                    with its peak RSS (the 500x6 vs 50x6 ratio is a target)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyProject, TimedProcess, TimedRunner } from './bench-everyday';
import type { FleetSource } from '../model/load-fleet';
import type { Measured, Ratio } from './bench-stats';
import { spread } from './bench-stats';

export const CHECK_ROWS = ['check-unchanged', 'check-tag-edit', 'check-iam-edit', 'check-full'] as const;
export type CheckRowName = (typeof CHECK_ROWS)[number];

export interface CheckRow {
  readonly row: CheckRowName;
  readonly size: string;
  readonly what: string;
  readonly command: Measured;
  /** The synth pipeline alone, paired run by run. */
  readonly pipeline: Measured;
  /** command / pipeline alone */
  readonly ratio: Ratio;
  /** Median peak RSS of the command's largest process, KiB (from /usr/bin/time). */
  readonly maxRssKiB?: number;
}

const GIT_ENV: NodeJS.ProcessEnv = {
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};

/** A copy of the project with `fleet` synthesized and committed (clusters/ and dist/): the proven base. */
export function setUpCheckProject(
  run: TimedRunner,
  root: string,
  dir: string,
  fleet: readonly FleetSource[],
): void {
  copyProject(root, dir, fleet);
  run('the synth CLI (set-up)', process.execPath, ['build/synth/synth.js'], dir);
  run('git init', 'git', ['init', '-q', '-b', 'main'], dir, GIT_ENV);
  run('git add', 'git', ['add', 'clusters', 'dist'], dir, GIT_ENV);
  run('git commit', 'git', ['commit', '-q', '-m', 'proven base'], dir, GIT_ENV);
}

function measured(runs: readonly TimedProcess[]): Measured {
  const cpu = runs.map((r) => r.cpuMs);
  return {
    wall: spread(runs.map((r) => r.wallMs)),
    ...(cpu.every((c): c is number => c !== undefined) ? { cpu: spread(cpu) } : {}),
  };
}

function ratio(a: readonly TimedProcess[], b: readonly TimedProcess[]): Ratio {
  const cpu = a.map((r, i) => (r.cpuMs && b[i].cpuMs ? r.cpuMs / b[i].cpuMs : undefined));
  return {
    wall: spread(a.map((r, i) => r.wallMs / b[i].wallMs)).median,
    ...(cpu.every((c): c is number => c !== undefined) ? { cpu: spread(cpu).median } : {}),
  };
}

/** The first cluster file with its tags map given one more tag, `bench-edit: "k"`. */
function editTags(original: { file: string; text: string }, k: number): void {
  writeFileSync(original.file, original.text.replace(/^tags:\n/m, `tags:\n  bench-edit: "${k}"\n`));
}

/** The first cluster file with its interruption queue renamed (`<name>-interruptions-k`). */
function editQueue(original: { file: string; text: string }, k: number): void {
  const edited = original.text.replace(/^(\s+name: \S+-interruptions)$/m, `$1-${k}`);
  if (edited === original.text) throw new Error(`bench: no interruption queue name in ${original.file}`);
  writeFileSync(original.file, edited);
}

/**
 * Measures `rows` on the committed project in `dir` (fleet `size`), `runs` timed pairs each after
 * one untimed warm-up, appending each row to `out` as soon as it is measured.
 */
export function measureCheck(
  run: TimedRunner,
  dir: string,
  size: string,
  rows: readonly CheckRowName[],
  runs: number,
  out: CheckRow[],
): void {
  const node = process.execPath;
  const synthAlone = () => run('the synth CLI alone', node, ['build/synth/synth.js'], dir);
  const check = (full: boolean) =>
    run(
      full ? 'check --base HEAD --full' : 'check --base HEAD',
      node,
      ['build/review/check.js', '--quiet', '--base', 'HEAD', ...(full ? ['--full'] : [])],
      dir,
    );
  const reset = () => run('git checkout', 'git', ['checkout', '-q', '--', 'clusters', 'dist'], dir, GIT_ENV);
  const name = readdirSync(join(dir, 'clusters')).find((f) => !f.startsWith('_')) ?? '_defaults.yaml';
  const file = join(dir, 'clusters', name);
  const original = { file, text: readFileSync(file, 'utf8') };
  for (const row of rows) {
    const commands: TimedProcess[] = [];
    const alone: TimedProcess[] = [];
    const pair = (k: number, keep: boolean) => {
      let c: TimedProcess;
      let a: TimedProcess;
      if (row === 'check-tag-edit' || row === 'check-iam-edit') {
        (row === 'check-tag-edit' ? editTags : editQueue)(original, k);
        a = synthAlone(); // also brings dist/ up to date, as the PR's author did
        c = check(false);
        reset();
      } else {
        c = check(row === 'check-full');
        a = synthAlone();
      }
      if (keep) {
        commands.push(c);
        alone.push(a);
      }
    };
    pair(0, false); // warm-up
    for (let k = 1; k <= runs; k++) pair(k, true);
    const rss = commands.map((c) => c.maxRssKiB);
    out.push({
      row,
      size,
      what: {
        'check-unchanged': '`check --base HEAD` on an unchanged tree',
        'check-tag-edit': "`check --base HEAD` after editing one cluster's tags (and synth)",
        'check-iam-edit': "`check --base HEAD` after renaming one cluster's interruption queue (and synth)",
        'check-full': '`check --base HEAD --full`',
      }[row],
      command: measured(commands),
      pipeline: measured(alone),
      ratio: ratio(commands, alone),
      ...(rss.every((r): r is number => r !== undefined) ? { maxRssKiB: spread(rss).median } : {}),
    });
  }
}
