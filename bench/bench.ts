/**
 * `npm run bench -- [--sizes 50x6,500x6] [--runs 5] [--no-cdk8s-baseline] [--no-throughput] [--profile] [--json]`
 *
 * Benchmarks the whole pipeline on synthetic fleets (bench/bench-fleet.ts) in a fresh
 * temporary folder, which it removes at the end; nothing is written anywhere else (its
 * child processes get HOME, TMPDIR and the npm cache inside it too). Per size, after one
 * untimed warm-up, each of K runs times three processes from spawn to exit:
 *
 *   pipeline     load → generators (incl. CloudFormation, Argo CD) → validation with CEL
 *                → atomic write of dist/  (bench/bench-pipeline-child.ts)
 *   lower bound  the same objects serialized to YAML/JSON and written, in one process
 *                (bench/bench-serialize-child.ts)
 *   trivial app  a one-object cdk8s app through `cdk8s synth` and ts-node (bench/bench-trivial.ts)
 *
 * and quotes medians (min–max) and the median of the per-run ratios. Then validation
 * throughput pinned to one core (bench/bench-validate-child.ts), and with --profile the
 * hottest functions of one CPU-profiled pipeline run (bench/bench-profile.ts) and, with the
 * installed rows, the split per stage of one profiled `synth` of the installed package and of
 * the repository build, with the modules and compiled bytes each loads (bench/bench-stages.ts).
 *
 * Exit codes: 0 done; 1 a step failed (its output is shown); 2 bad command line; 130 interrupted.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TOOL_ROOT } from '../io/tool-root';
import { BENCH_USAGE, BenchArgs, BenchSize, parseBenchArgs, sizeLabel } from './bench-args';
import { CHECK_ROWS, CheckRow, measureCheck, setUpCheckProject } from './bench-check';
import { formatShardRows, measureShards, ShardRow } from './bench-shards';
import { copyProject, EVERYDAY_ROWS, EverydayRow, INSTALLED_ROWS, measureEveryday } from './bench-everyday';
import { measureInstalled } from './bench-installed';
import { benchFleetSources } from './bench-fleet';
import type { BenchPipelineReport } from './bench-pipeline-child';
import { CpuProfile, ProfileSummary, summarizeProfile } from './bench-profile';
import type { BenchSerializeReport } from './bench-serialize-child';
import type { StageProfile } from './bench-stages';
import { formatReport, Machine, Measured, Ratio, SizeResult } from './bench-report';
import { targets } from './bench-targets';
import { spread } from './bench-stats';
import { readTree, treeObjects } from './bench-tree';
import { TRIVIAL_OUTPUT, writeTrivialCdk8sApp } from './bench-trivial';
import type { BenchValidateReport } from './bench-validate-child';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERRUPTED = 130;

/** Prefix of the temporary folder below os.tmpdir(). */
export const BENCH_TEMP_PREFIX = 'karpenter-gitops-bench-';

export interface BenchIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

class BenchFailure extends Error {}
class Interrupted extends Error {}

interface ChildRun {
  readonly wallMs: number;
  /** User + system CPU time of the process and its descendants (from /usr/bin/time), when available. */
  readonly cpuMs?: number;
  /** Largest resident set of the process or one of its descendants (from /usr/bin/time), KiB. */
  readonly maxRssKiB?: number;
  readonly stdout: string;
}

/** GNU time: measures CPU time and peak RSS of a process tree the same way for every kind of run. */
const GNU_TIME = '/usr/bin/time';
/** Pins the throughput measurement to one core. */
const TASKSET = '/usr/bin/taskset';

/** Runs everything in `temp` (which exists and is empty). */
class Bench {
  private interrupted = false;
  private readonly env: NodeJS.ProcessEnv;
  private readonly buildScripts: string;

  constructor(
    private readonly temp: string,
    private readonly root: string,
  ) {
    for (const d of ['home', 'tmp', 'npm-cache']) mkdirSync(join(temp, d));
    this.env = {
      ...process.env,
      HOME: join(temp, 'home'),
      TMPDIR: join(temp, 'tmp'),
      npm_config_cache: join(temp, 'npm-cache'),
      npm_config_update_notifier: 'false',
      NO_UPDATE_NOTIFIER: '1',
    };
    this.buildScripts = join(root, 'build', 'bench');
  }

  interrupt(): void {
    this.interrupted = true;
  }

  run(
    what: string,
    command: string,
    args: readonly string[],
    cwd: string,
    extraEnv: NodeJS.ProcessEnv = {},
  ): ChildRun {
    const timeFile = join(this.temp, 'tmp', 'time.txt');
    const timed = existsSync(GNU_TIME);
    if (timed) rmSync(timeFile, { force: true });
    const start = performance.now();
    const r = spawnSync(
      timed ? GNU_TIME : command,
      timed ? ['-o', timeFile, '-f', '%U %S %M', command, ...args] : args,
      { cwd, env: { ...this.env, ...extraEnv }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    const wallMs = performance.now() - start;
    if (this.interrupted) throw new Interrupted();
    if (r.error || r.status !== 0) {
      const detail = (r.stderr || r.stdout || String(r.error ?? '')).trim().split('\n').slice(-30);
      throw new BenchFailure(
        `${what} failed (exit ${r.status ?? r.signal ?? 'unknown'}):\n${detail.map((l) => `  ${l}`).join('\n')}`,
      );
    }
    if (!timed) return { wallMs, stdout: r.stdout };
    const [user, system, rss] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).slice(-3).map(Number);
    return { wallMs, cpuMs: (user + system) * 1000, maxRssKiB: rss, stdout: r.stdout };
  }

  private node<T>(
    what: string,
    script: string,
    args: readonly string[],
    nodeFlags: readonly string[] = [],
  ): ChildRun & { readonly report: T } {
    const r = this.run(
      what,
      process.execPath,
      [...nodeFlags, join(this.buildScripts, script), ...args],
      this.temp,
    );
    return { ...r, report: JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as T };
  }

  pipeline(dir: string, nodeFlags: readonly string[] = []) {
    return this.node<BenchPipelineReport>('the pipeline', 'bench-pipeline-child.js', [dir], nodeFlags);
  }

  lowerBound(dir: string) {
    const out = join(dir, 'lower-bound');
    rmSync(out, { recursive: true, force: true });
    return this.node<BenchSerializeReport>('the serialization lower bound', 'bench-serialize-child.js', [
      join(dir, 'objects.json'),
      out,
    ]);
  }

  setUpTrivial(): string {
    const dir = join(this.temp, 'trivial-cdk8s-app');
    mkdirSync(dir);
    writeTrivialCdk8sApp(dir, join(this.root, 'node_modules'));
    return dir;
  }

  trivial(dir: string): ChildRun {
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    const cli = join(this.root, 'node_modules', 'cdk8s-cli', 'bin', 'cdk8s');
    const r = this.run(
      'the trivial cdk8s app',
      process.execPath,
      [cli, 'synth', '--check-upgrade=false'],
      dir,
    );
    if (!existsSync(join(dir, TRIVIAL_OUTPUT))) {
      throw new BenchFailure(`the trivial cdk8s app wrote no ${TRIVIAL_OUTPUT}`);
    }
    return r;
  }

  throughput(dir: string): BenchValidateReport {
    const child = [join(this.buildScripts, 'bench-validate-child.js'), join(dir, 'dist')];
    const r = existsSync(TASKSET)
      ? this.run('the validation throughput', TASKSET, ['-c', '0', process.execPath, ...child], this.temp)
      : this.run('the validation throughput', process.execPath, child, this.temp);
    return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as BenchValidateReport;
  }

  profile(dir: string): ProfileSummary {
    const profDir = join(dir, 'profile');
    mkdirSync(profDir);
    this.pipeline(dir, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (file === undefined) throw new BenchFailure('node --cpu-prof wrote no profile');
    return summarizeProfile(JSON.parse(readFileSync(join(profDir, file), 'utf8')) as CpuProfile);
  }
}

function median(values: readonly number[]): number {
  return spread(values).median;
}

/** Wall and (when measured) CPU spreads of a series of runs. */
function measured(runs: readonly ChildRun[]): Measured {
  const cpu = runs.map((r) => r.cpuMs);
  return {
    wall: spread(runs.map((r) => r.wallMs)),
    ...(cpu.every((c): c is number => c !== undefined) ? { cpu: spread(cpu) } : {}),
  };
}

/** Median of the per-run ratios a[i] / b[i], for wall and (when both have it) CPU time. */
function pairedRatio(a: readonly ChildRun[], b: readonly ChildRun[]): Ratio {
  const cpu = a.map((r, i) => (r.cpuMs && b[i].cpuMs ? r.cpuMs / b[i].cpuMs : undefined));
  return {
    wall: median(a.map((r, i) => r.wallMs / b[i].wallMs)),
    ...(cpu.every((c): c is number => c !== undefined) ? { cpu: median(cpu) } : {}),
  };
}

function measureSize(
  bench: Bench,
  temp: string,
  size: BenchSize,
  args: BenchArgs,
  trivialDir?: string,
): SizeResult {
  const label = sizeLabel(size);
  const dir = join(temp, label);
  mkdirSync(join(dir, 'clusters'), { recursive: true });
  for (const source of benchFleetSources(size.clusters, size.pools)) {
    writeFileSync(join(dir, source.path), source.text);
  }
  const warm = bench.pipeline(dir);
  const objects = treeObjects(readTree(join(dir, 'dist')));
  writeFileSync(join(dir, 'objects.json'), JSON.stringify(objects));
  const documents = objects.reduce((n, f) => n + f.docs.length, 0);

  const pipelines: (ChildRun & { report: BenchPipelineReport })[] = [];
  const lowers: ChildRun[] = [];
  const trivials: ChildRun[] = [];
  for (let k = 0; k < args.runs; k++) {
    pipelines.push(bench.pipeline(dir));
    lowers.push(bench.lowerBound(dir));
    if (trivialDir !== undefined) trivials.push(bench.trivial(trivialDir));
  }
  const pipeline = measured(pipelines);
  const step = (key: keyof SizeResult['steps']) => median(pipelines.map((p) => p.report[key]));
  return {
    size: label,
    clusters: warm.report.clusters,
    nodePools: warm.report.nodePools,
    files: warm.report.files,
    documents,
    pipeline,
    documentsPerSecond: (documents / pipeline.wall.median) * 1000,
    maxRssKiB: median(pipelines.map((p) => p.report.maxRssKiB)),
    steps: {
      startupMs: step('startupMs'),
      loadMs: step('loadMs'),
      synthesizeMs: step('synthesizeMs'),
      validateMs: step('validateMs'),
      writeMs: step('writeMs'),
    },
    catalogue: {
      ms: median(pipelines.map((p) => p.report.catalogueMs)),
      share: median(pipelines.map((p) => p.report.catalogueMs / p.wallMs)),
    },
    secretScan: {
      ms: median(pipelines.map((p) => p.report.secretScanMs)),
      share: median(pipelines.map((p) => p.report.secretScanMs / p.wallMs)),
    },
    lowerBound: measured(lowers),
    overLowerBound: pairedRatio(pipelines, lowers),
    ...(trivialDir !== undefined
      ? { trivial: measured(trivials), speedup: pairedRatio(trivials, pipelines) }
      : {}),
    ...(args.throughput ? { throughput: bench.throughput(dir) } : {}),
    ...(args.profile ? { profile: bench.profile(dir) } : {}),
  };
}

export function machine(): Machine {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpu = m[1].trim();
  } catch {
    // Not Linux: os.cpus() names the model.
  }
  return {
    cores: cpus().length,
    cpu,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: loadavg()[0],
  };
}

/** The PR-job rows: every check row on the first size, `check --full` on the others, and the shards where asked. */
function measureCheckRows(
  bench: Bench,
  temp: string,
  root: string,
  args: BenchArgs,
  io: BenchIo,
  checks: CheckRow[],
  shards: ShardRow[],
): void {
  const checkRows = CHECK_ROWS.filter((r) => args.rows.includes(r));
  for (const [i, size] of args.sizes.entries()) {
    // The PR job: every check row on the first size, check --full on the others too.
    const rows = checkRows.filter((r) => i === 0 || r === 'check-full');
    const sharded = args.rows.includes('check-shards');
    if (rows.length === 0 && !sharded) continue;
    const label = sizeLabel(size);
    io.err(`bench: PR job (${rows.join(', ')}) on a committed copy of the project, fleet ${label} ...`);
    const project = join(temp, `check-${label}`);
    const run = (what: string, command: string, a: readonly string[], cwd: string, env?: NodeJS.ProcessEnv) =>
      bench.run(what, command, a, cwd, env);
    setUpCheckProject(run, root, project, benchFleetSources(size.clusters, size.pools));
    measureCheck(run, project, label, rows, args.runs, checks);
    if (sharded) {
      io.err(`bench: check --full and its shards, fleet ${label} ...`);
      shards.push(measureShards(run, project, label, args.runs, (line) => io.err(line)));
    }
    rmSync(project, { recursive: true, force: true });
  }
}

/** The CLI; returns the exit code, never throws. */
export function benchCli(argv: readonly string[], io: BenchIo, root: string = TOOL_ROOT): number {
  const args = parseBenchArgs(argv);
  if (typeof args === 'string') {
    io.err(`bench: ${args}.\n${BENCH_USAGE}`);
    return EXIT_USAGE;
  }
  if (args.help) {
    io.out(BENCH_USAGE);
    return EXIT_OK;
  }
  for (const child of ['bench-pipeline-child.js', 'bench-serialize-child.js', 'bench-validate-child.js']) {
    if (!existsSync(join(root, 'build', 'bench', child))) {
      io.err(`bench: build/bench/${child} is missing. Run it as npm run bench (which builds first).`);
      return EXIT_FAILED;
    }
  }
  const m = machine();
  const temp = mkdtempSync(join(tmpdir(), BENCH_TEMP_PREFIX));
  const bench = new Bench(temp, root);
  const onSignal = () => bench.interrupt();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const results: SizeResult[] = [];
  const everyday: EverydayRow[] = [];
  const checks: CheckRow[] = [];
  const shards: ShardRow[] = [];
  const stages: StageProfile[] = [];
  const print = (failure?: string) => {
    const judged = targets(results, everyday, args, failure, checks, shards);
    if (args.json) {
      io.out(
        JSON.stringify(
          { machine: m, runs: args.runs, results, everyday, checks, shards, stages, targets: judged },
          null,
          2,
        ),
      );
    } else {
      for (const line of formatReport(
        m,
        args.runs,
        results,
        everyday,
        judged,
        existsSync(TASKSET),
        checks,
        stages,
      ))
        io.out(line);
      for (const line of formatShardRows(shards)) io.out(line);
    }
  };
  try {
    io.err(`bench: working in ${temp} (removed at the end)`);
    let trivialDir: string | undefined;
    if (args.cdk8sBaseline) {
      trivialDir = bench.setUpTrivial();
      bench.trivial(trivialDir); // warm-up
    }
    if (args.rows.includes('pipeline')) {
      for (const size of args.sizes) {
        io.err(`bench: ${sizeLabel(size)} ...`);
        results.push(measureSize(bench, temp, size, args, trivialDir));
      }
    }
    const everydayRows = EVERYDAY_ROWS.filter((r) => args.rows.includes(r));
    if (everydayRows.length > 0) {
      const size = args.sizes[0];
      io.err(
        `bench: everyday loop (${everydayRows.join(', ')}) on a copy of the project, fleet ${sizeLabel(size)} ...`,
      );
      const project = join(temp, 'project');
      copyProject(root, project, benchFleetSources(size.clusters, size.pools));
      measureEveryday(
        (what, command, a, cwd, env) => bench.run(what, command, a, cwd, env),
        project,
        everydayRows,
        args.runs,
        everyday,
      );
    }
    const installedRows = INSTALLED_ROWS.filter((r) => args.rows.includes(r));
    if (installedRows.length > 0) {
      io.err(`bench: the installed package (${installedRows.join(', ')}): npm pack, npm install ...`);
      measureInstalled(
        (what, command, a, cwd, env) => bench.run(what, command, a, cwd, env),
        root,
        temp,
        installedRows,
        args.runs,
        benchFleetSources(50, 6),
        everyday,
        args.profile ? stages : undefined,
      );
    }
    measureCheckRows(bench, temp, root, args, io, checks, shards);
    print();
    return EXIT_OK;
  } catch (err) {
    if (err instanceof Interrupted) {
      io.err('bench: interrupted');
      return EXIT_INTERRUPTED;
    }
    if (err instanceof BenchFailure) {
      io.err(`bench: ${err.message}`);
      // What was measured before the failure is reported; nothing else is claimed.
      print(`this run failed before it was measured: ${err.message.split('\n')[0]}`);
      return EXIT_FAILED;
    }
    io.err(`bench: internal error: ${(err as Error).stack ?? String(err)}`);
    return EXIT_FAILED;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    rmSync(temp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  process.exitCode = benchCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
