/**
 * The everyday loop of `npm run bench` (bench/bench.ts): the commands users type, each
 * beside the pipeline alone, in the same run, on a copy of the project in the benchmark's
 * temporary folder (sources, build/, imports/, the synthetic fleet as clusters/;
 * node_modules linked, never written):
 *
 *   synth-fleet  `npm run synth` after editing one fleet file   vs `node build/synth/synth.js`
 *   synth-ts     `npm run synth` after editing one .ts file     vs `node build/synth/synth.js`
 *   check        `npm run check` on an unchanged tree           vs `node build/review/check.js`
 *   cdk8s        `npm run cdk8s -- synth` (upgrade check off)   vs `node build/main.js` (the app alone)
 *
 * Each timed run is a pair (the command, then the pipeline alone, on the same edit state);
 * ratios are medians of the per-pair ratios.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Measured, Ratio } from './bench-stats';
import { spread } from './bench-stats';

export const EVERYDAY_ROWS = ['synth-fleet', 'synth-ts', 'check', 'cdk8s'] as const;
/** Rows of the installed package (bench/bench-installed.ts), reported like the everyday loop. */
export const INSTALLED_ROWS = ['installed-init', 'installed-init-full', 'installed-50x6'] as const;
export type InstalledRowName = (typeof INSTALLED_ROWS)[number];
export type EverydayRowName = (typeof EVERYDAY_ROWS)[number];

export interface EverydayRow {
  readonly row: EverydayRowName | InstalledRowName;
  /** What the user does, e.g. "`npm run synth` after editing one fleet file". */
  readonly what: string;
  /** The pipeline alone it is compared with. */
  readonly alone: string;
  readonly command: Measured;
  readonly pipeline: Measured;
  /** command / pipeline alone */
  readonly ratio: Ratio;
}

/** One timed process (wall from spawn to exit; CPU of the process tree when measured). */
export interface TimedProcess {
  readonly wallMs: number;
  readonly cpuMs?: number;
  /** Peak RSS of the largest process of the tree, KiB, when measured. */
  readonly maxRssKiB?: number;
}

/** Runs `command args` in `cwd` (with extra environment), timed; throws when it fails. */
export type TimedRunner = (
  what: string,
  command: string,
  args: readonly string[],
  cwd: string,
  env?: NodeJS.ProcessEnv,
) => TimedProcess;

/** Top-level entries of the project that the copy leaves out. */
// test/ is not needed: `npm run check` runs the policy scenarios in-process.
const NOT_COPIED = new Set(['.git', 'node_modules', 'coverage', 'dist', 'clusters', 'test']);

/** The .ts file the synth-ts row edits (imported by every synth run). */
export const EDITED_TS_FILE = 'synth/generators.ts';

/**
 * Copies the project at `root` into `dir` (timestamps kept, so the copied build/ stays up to
 * date), links node_modules, and writes `fleet` as clusters/.
 */
export function copyProject(
  root: string,
  dir: string,
  fleet: readonly { readonly path: string; readonly text: string }[],
): void {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(root)) {
    if (NOT_COPIED.has(name) || name.startsWith('.')) continue;
    cpSync(join(root, name), join(dir, name), {
      recursive: true,
      preserveTimestamps: true,
      filter: (src) => !src.includes(`${join(root, 'build', 'cdk8s.out')}`),
    });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  mkdirSync(join(dir, 'clusters'));
  for (const f of fleet) writeFileSync(join(dir, f.path), f.text);
}

export function measured(runs: readonly TimedProcess[]): Measured {
  const cpu = runs.map((r) => r.cpuMs);
  return {
    wall: spread(runs.map((r) => r.wallMs)),
    ...(cpu.every((c): c is number => c !== undefined) ? { cpu: spread(cpu) } : {}),
  };
}

export function ratio(a: readonly TimedProcess[], b: readonly TimedProcess[]): Ratio {
  const cpu = a.map((r, i) => (r.cpuMs && b[i].cpuMs ? r.cpuMs / b[i].cpuMs : undefined));
  return {
    wall: spread(a.map((r, i) => r.wallMs / b[i].wallMs)).median,
    ...(cpu.every((c): c is number => c !== undefined) ? { cpu: spread(cpu).median } : {}),
  };
}

/** Appends a comment line that differs on every call (the edit a user makes). */
function edit(file: string, comment: string, k: number): void {
  writeFileSync(file, `${readFileSync(file, 'utf8')}${comment} bench edit ${k}\n`);
}

/**
 * Measures `rows` with `runs` timed pairs each, after one untimed warm-up that also brings
 * dist/ and build/ of the copy up to date. Each row is appended to `out` as soon as it is
 * measured, so a later failure keeps it.
 */
export function measureEveryday(
  run: TimedRunner,
  dir: string,
  rows: readonly EverydayRowName[],
  runs: number,
  out: EverydayRow[],
): void {
  const node = process.execPath;
  const synthAlone = () => run('the synth CLI alone', node, ['build/synth/synth.js'], dir);
  run('npm run synth (warm-up)', 'npm', ['run', 'synth'], dir);
  const fleetFile = join(
    dir,
    'clusters',
    readdirSync(join(dir, 'clusters')).find((f) => !f.startsWith('_')) ?? '_defaults.yaml',
  );
  for (const row of rows) {
    const commands: TimedProcess[] = [];
    const alone: TimedProcess[] = [];
    let what: string;
    let aloneText: string;
    const pair = (k: number) => {
      switch (row) {
        case 'synth-fleet':
          edit(fleetFile, '#', k);
          commands.push(run('npm run synth', 'npm', ['run', 'synth'], dir));
          alone.push(synthAlone());
          break;
        case 'synth-ts':
          edit(join(dir, EDITED_TS_FILE), '//', k);
          commands.push(run('npm run synth', 'npm', ['run', 'synth'], dir));
          alone.push(synthAlone());
          break;
        case 'check':
          commands.push(run('npm run check', 'npm', ['run', 'check'], dir));
          alone.push(run('the check CLI alone', node, ['build/review/check.js'], dir));
          break;
        case 'cdk8s':
          commands.push(run('npm run cdk8s -- synth', 'npm', ['run', 'cdk8s', '--', 'synth'], dir));
          alone.push(
            run('the cdk8s app alone', node, ['build/main.js'], dir, {
              CDK8S_OUTDIR: join(dir, 'build', 'cdk8s.out'),
            }),
          );
          break;
      }
    };
    switch (row) {
      case 'synth-fleet':
        what = '`npm run synth` after editing one fleet file';
        aloneText = '`node build/synth/synth.js`';
        break;
      case 'synth-ts':
        what = `\`npm run synth\` after editing one .ts file (${EDITED_TS_FILE})`;
        aloneText = '`node build/synth/synth.js`';
        break;
      case 'check':
        what = '`npm run check` on an unchanged tree';
        aloneText = '`node build/review/check.js`';
        break;
      case 'cdk8s':
        what = '`npm run cdk8s -- synth` (cdk8s CLI, validation plugin)';
        aloneText = '`node build/main.js` (the app alone)';
        break;
    }
    if (row === 'check' || row === 'cdk8s') pair(0); // warm-up of this command
    for (let k = 1; k <= runs; k++) pair(k);
    out.push({
      row,
      what,
      alone: aloneText,
      command: measured(commands),
      pipeline: measured(alone),
      ratio: ratio(commands, alone),
    });
  }
  if (existsSync(join(dir, 'build', 'cdk8s.out')))
    rmSync(join(dir, 'build', 'cdk8s.out'), { recursive: true });
}
