import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFleetFromSources } from '../../model/load-fleet';
import { BENCH_LIMITS, BENCH_ROWS, DEFAULT_RUNS, parseBenchArgs, parseSize } from '../../bench/bench-args';
import type { CheckRow, CheckRowName } from '../../bench/bench-check';
import type { EverydayRow } from '../../bench/bench-everyday';
import { benchClusterName, benchFleetSources } from '../../bench/bench-fleet';
import { summarizeProfile } from '../../bench/bench-profile';
import { SizeResult } from '../../bench/bench-report';
import { targets } from '../../bench/bench-targets';
import { spread } from '../../bench/bench-stats';
import { BENCH_TEMP_PREFIX, benchCli, EXIT_USAGE } from '../../bench/bench';
import { TOOL_ROOT } from '../../io/tool-root';
import { synthesize } from '../../synth/synthesize';
import { validateDist } from '../../validation/validate-dist';

describe('parseBenchArgs', () => {
  it('defaults to 50x6, five runs and every measurement', () => {
    expect(parseBenchArgs([])).toEqual({
      sizes: [{ clusters: 50, pools: 6 }],
      runs: DEFAULT_RUNS,
      rows: [
        'pipeline',
        'trivial',
        'throughput',
        'synth-fleet',
        'synth-ts',
        'check',
        'cdk8s',
        'installed-init',
        'installed-init-full',
        'installed-50x6',
        'check-unchanged',
        'check-tag-edit',
        'check-iam-edit',
        'check-full',
      ],
      cdk8sBaseline: true,
      throughput: true,
      profile: false,
      json: false,
      help: false,
    });
  });

  it('reads sizes, runs and switches, with or without =', () => {
    expect(parseBenchArgs(['--sizes', '50x6,500X6', '--runs=3', '--no-cdk8s-baseline', '--profile'])).toEqual(
      {
        sizes: [
          { clusters: 50, pools: 6 },
          { clusters: 500, pools: 6 },
        ],
        runs: 3,
        rows: [
          'pipeline',
          'throughput',
          'synth-fleet',
          'synth-ts',
          'check',
          'cdk8s',
          'installed-init',
          'installed-init-full',
          'installed-50x6',
          'check-unchanged',
          'check-tag-edit',
          'check-iam-edit',
          'check-full',
        ],
        cdk8sBaseline: false,
        throughput: true,
        profile: true,
        json: false,
        help: false,
      },
    );
    expect(parseBenchArgs(['--sizes=2x2', '--no-throughput', '--json'])).toMatchObject({
      sizes: [{ clusters: 2, pools: 2 }],
      throughput: false,
      json: true,
    });
  });

  it('picks rows in a fixed order; trivial and throughput bring the pipeline row', () => {
    expect(parseBenchArgs(['--rows', 'check,synth-fleet'])).toMatchObject({
      rows: ['synth-fleet', 'check'],
      cdk8sBaseline: false,
      throughput: false,
    });
    expect(parseBenchArgs(['--rows=throughput'])).toMatchObject({ rows: ['pipeline', 'throughput'] });
    expect(parseBenchArgs(['--rows', 'pipeline,trivial', '--no-cdk8s-baseline'])).toMatchObject({
      rows: ['pipeline'],
    });
    expect(parseBenchArgs(['--rows', 'synth,check'])).toBe(
      `--rows: unknown row 'synth'; rows are ${BENCH_ROWS.join(', ')}`,
    );
    expect(parseBenchArgs(['--rows'])).toBe('--rows needs a value');
  });

  it.each([
    ['0x6', "size '0x6' needs two whole numbers of at least 1, e.g. 50x6"],
    ['-5x6', "size '-5x6' needs two whole numbers of at least 1, e.g. 50x6"],
    ['ax6', "size 'ax6' needs two whole numbers of at least 1, e.g. 50x6"],
    ['1.5x6', "size '1.5x6' needs two whole numbers of at least 1, e.g. 50x6"],
    ['1e3x6', "size '1e3x6' needs two whole numbers of at least 1, e.g. 50x6"],
    ['50x0', "size '50x0' needs two whole numbers of at least 1, e.g. 50x6"],
    ['050x6', "size '050x6' needs two whole numbers of at least 1, e.g. 50x6"],
    ['50', "size '50' is not N x M (clusters x node pools), e.g. 50x6"],
    ['50x6x2', "size '50x6x2' is not N x M (clusters x node pools), e.g. 50x6"],
    ['100000x100', "size '100000x100' has 100000 clusters; at most 2000 are allowed"],
    ['10x101', "size '10x101' has 101 node pools per cluster; at most 100 are allowed"],
    ['2000x100', "size '2000x100' has 200000 node pools in all; at most 12000 are allowed"],
  ])('refuses the size %s', (text, message) => {
    expect(parseSize(text)).toBe(message);
    expect(parseBenchArgs(['--sizes', text])).toBe(message);
  });

  it('accepts the largest allowed fleet', () => {
    expect(parseSize(`${BENCH_LIMITS.maxTotalPools / 10}x10`)).toEqual({ clusters: 1200, pools: 10 });
  });

  it.each([
    [['--runs', '0'], "--runs '0' is not a whole number from 1 to 50"],
    [['--runs', 'many'], "--runs 'many' is not a whole number from 1 to 50"],
    [['--runs', '51'], "--runs '51' is not a whole number from 1 to 50"],
    [['--runs'], '--runs needs a value'],
    [['--sizes', '--runs', '2'], '--sizes needs a value'],
    [['--sizes', '2x2,2x2'], "size '2x2' is listed twice"],
    [['--sizes', '1x1,2x1,3x1,4x1,5x1,6x1,7x1,8x1,9x1'], '--sizes lists 9 sizes; at most 8 are allowed'],
    [['--json=yes'], '--json takes no value'],
    [['--fast'], "unknown argument '--fast'"],
    [['50x6'], "unknown argument '50x6'"],
  ])('refuses %j', (argv, message) => {
    expect(parseBenchArgs(argv)).toBe(message);
  });
});

describe('benchCli refusals', () => {
  function benchTemps(): string[] {
    return readdirSync(tmpdir()).filter((n) => n.startsWith(BENCH_TEMP_PREFIX));
  }

  it.each([[['--sizes', '0x6']], [['--sizes', '100000x100']], [['--runs', '-1']], [['--sizes', 'lots']]])(
    'exits 2 with the usage for %j and creates no temporary folder',
    (argv) => {
      const before = benchTemps();
      const out: string[] = [];
      const err: string[] = [];
      const code = benchCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
      expect(code).toBe(EXIT_USAGE);
      expect(out).toEqual([]);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^bench: .+\.\nusage: npm run bench -- \[--sizes NxM/);
      expect(benchTemps()).toEqual(before);
    },
  );

  it('prints the usage for --help', () => {
    const out: string[] = [];
    expect(benchCli(['--help'], { out: (l) => out.push(l), err: () => undefined })).toBe(0);
    expect(out.join('\n')).toContain('--sizes   fleet sizes: N clusters x M node pools each (default 50x6');
  });
});

describe('the synthetic fleet', () => {
  it('loads, with the shapes the benchmark promises', () => {
    const sources = benchFleetSources(2, 6);
    expect(sources.map((s) => s.path)).toEqual([
      'clusters/_defaults.yaml',
      'clusters/cluster-0001.yaml',
      'clusters/cluster-0002.yaml',
    ]);
    const { fleet, warnings } = loadFleetFromSources(sources);
    expect(warnings).toEqual([]);
    expect(fleet.clusters.map((c) => c.name)).toEqual([benchClusterName(0), benchClusterName(1)]);
    const [first, second] = fleet.clusters;
    expect(first.iam.identity.type).toBe('pod-identity');
    expect(second.iam.identity.type).toBe('irsa');
    expect(first.nodePools.map((p) => p.name).sort()).toEqual([
      'batch-3',
      'critical-1',
      'edge-5',
      'gpu-4',
      'loadtest-6',
      'spot-2',
    ]);
    const critical = first.nodePools.find((p) => p.name === 'critical-1');
    expect(critical?.disruption.budgets).toHaveLength(2);
    expect(critical?.limits).toEqual({ cpu: '100', memory: '400Gi' });
    expect(critical?.requirements.map((r) => r.key)).toContain('topology.kubernetes.io/zone');
    const batch = first.nodePools.find((p) => p.name === 'batch-3');
    expect(batch?.taints).toEqual([{ key: 'dedicated', value: 'batch', effect: 'NoSchedule' }]);
    const general = first.nodeClasses.find((c) => c.name === 'general');
    expect(general?.blockDeviceMappings[0].ebs.volumeSize).toBe('80Gi');
    expect(general?.kubelet?.maxPods).toBe(110);
  });

  it('is deterministic and goes through generation and validation without errors (2 x 2)', () => {
    expect(benchFleetSources(2, 2)).toEqual(benchFleetSources(2, 2));
    const { fleet } = loadFleetFromSources(benchFleetSources(2, 2));
    expect(fleet.clusters.map((c) => c.nodePools.length)).toEqual([2, 2]);
    const files = synthesize(fleet);
    expect(files.has('cluster-0002/karpenter/nodepool-spot-2.yaml')).toBe(true);
    expect(files.has('cluster-0001/cloudformation/karpenter.json')).toBe(true);
    const findings = validateDist(files, fleet, { cfnLint: false });
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});

describe('statistics, targets and profiles', () => {
  it('takes median, min and max', () => {
    expect(spread([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5 });
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
    expect(() => spread([])).toThrow('spread of no values');
  });

  const result = (size: string, wall: number, lower: number): SizeResult => ({
    size,
    clusters: 1,
    nodePools: 1,
    files: 1,
    documents: 1,
    pipeline: { wall: { median: wall, min: wall, max: wall } },
    documentsPerSecond: 1,
    maxRssKiB: 1,
    steps: { startupMs: 0, loadMs: 0, synthesizeMs: 0, validateMs: 0, writeMs: 0 },
    lowerBound: { wall: { median: lower, min: lower, max: lower } },
    overLowerBound: { wall: wall / lower },
    speedup: { wall: 4 },
  });
  const everyday = (row: EverydayRow['row'], wall: number, alone: number): EverydayRow => ({
    row,
    what: row,
    alone: 'alone',
    command: { wall: { median: wall, min: wall, max: wall } },
    pipeline: { wall: { median: alone, min: alone, max: alone } },
    ratio: { wall: wall / alone },
  });
  const allRows = {
    rows: [...BENCH_ROWS],
    sizes: [
      { clusters: 50, pools: 6 },
      { clusters: 500, pools: 6 },
    ],
  };

  it('judges every target of the issue on what the run measured, with the reason', () => {
    const judged = targets(
      [result('50x6', 800, 400), result('500x6', 9000, 2000)],
      [
        everyday('synth-fleet', 1200, 1000),
        everyday('synth-ts', 9000, 1000),
        everyday('installed-init', 600, 200),
        everyday('installed-50x6', 1200, 1000),
      ],
      allRows,
    );
    expect(judged.map((t) => [t.status, t.what, t.reason])).toEqual([
      ['met', '`npm run synth` after a fleet-file edit ≤ 1.3× the pipeline alone', '1.20× wall ≤ 1.3×'],
      ['missed', '`npm run synth` after a one-line .ts edit ≤ 8 s', 'median 9.00 s wall > 8 s'],
      ['met', 'installed `karpenter-gitops synth` of the init fleet ≤ 3× `node -e 0`', '3.00× wall ≤ 3×'],
      ['missed', '50x6 `synth` from the installed package ≤ 1.1× the in-repo pipeline', '1.20× wall > 1.1×'],
      ['met', '50x6 full pipeline ≥ 4× faster than the trivial ts-node cdk8s app', '4.00× wall ≥ 4×'],
      ['met', '50x6 full pipeline ≤ 3× the serialization lower bound', '2.00× wall ≤ 3×'],
      [
        'not measured',
        '50x6 cold first pass of CEL validation ≥ 25,000 manifests/s on one core',
        'not measured in this run',
      ],
      ['missed', '500x6 ≤ 10.5× the 50x6 time (linear scaling)', '11.3× wall > 10.5×'],
      [
        'not measured',
        '`check` on an unchanged 50x6 fleet ≤ 1.3× the synth pipeline',
        'not measured in this run',
      ],
      [
        'not measured',
        "`check` after editing one cluster's tags (50x6) ≤ 1.6× the synth pipeline",
        'not measured in this run',
      ],
      [
        'not measured',
        "`check` after an edit of one cluster's IAM documents (50x6, its scenarios run) ≤ 1.6× the synth pipeline",
        'not measured in this run',
      ],
      [
        'not measured',
        '`check --full` on 500x6 ≤ 11× `check --full` on 50x6 (linear)',
        'not measured in this run',
      ],
      ['met', 'peak RSS of synth on 500x6 < 1 GiB', '0 MiB < 1 GiB'],
      ['not measured', 'peak RSS of `check --full` on 500x6 < 1 GiB', 'not measured in this run'],
    ]);
  });

  const checkRow = (
    row: CheckRowName,
    size: string,
    wall: number,
    alone: number,
    rss?: number,
  ): CheckRow => ({
    row,
    size,
    what: row,
    command: { wall: { median: wall, min: wall, max: wall } },
    pipeline: { wall: { median: alone, min: alone, max: alone } },
    ratio: { wall: wall / alone },
    ...(rss !== undefined ? { maxRssKiB: rss } : {}),
  });

  it('judges the PR job targets: check vs the synth pipeline, linear --full, peak RSS under 1 GiB', () => {
    const judged = targets(
      [result('50x6', 800, 400), { ...result('500x6', 9000, 2000), maxRssKiB: 300 * 1024 }],
      [],
      allRows,
      undefined,
      [
        checkRow('check-unchanged', '50x6', 1250, 1000),
        checkRow('check-tag-edit', '50x6', 1700, 1000),
        checkRow('check-iam-edit', '50x6', 1500, 1000),
        checkRow('check-full', '50x6', 4000, 1000, 200 * 1024),
        checkRow('check-full', '500x6', 40000, 9000, 1100 * 1024),
      ],
    );
    expect(judged.slice(8, 14).map((t) => [t.status, t.what, t.reason])).toEqual([
      ['met', '`check` on an unchanged 50x6 fleet ≤ 1.3× the synth pipeline', '1.25× wall ≤ 1.30×'],
      [
        'missed',
        "`check` after editing one cluster's tags (50x6) ≤ 1.6× the synth pipeline",
        '1.70× wall > 1.60×',
      ],
      [
        'met',
        "`check` after an edit of one cluster's IAM documents (50x6, its scenarios run) ≤ 1.6× the synth pipeline",
        '1.50× wall ≤ 1.60×',
      ],
      ['met', '`check --full` on 500x6 ≤ 11× `check --full` on 50x6 (linear)', '10.0× wall ≤ 11×'],
      ['met', 'peak RSS of synth on 500x6 < 1 GiB', '300 MiB < 1 GiB'],
      ['missed', 'peak RSS of `check --full` on 500x6 < 1 GiB', '1100 MiB ≥ 1 GiB'],
    ]);
  });

  it('claims nothing a run did not measure: rows and sizes left out, or a failure, are named', () => {
    const judged = targets(
      [{ ...result('50x6', 800, 400), speedup: undefined }],
      [],
      { rows: ['pipeline'], sizes: [{ clusters: 50, pools: 6 }] },
      'npm run check failed (exit 1):',
    );
    expect(judged.map((t) => [t.status, t.reason])).toEqual([
      ['not measured', 'row synth-fleet not selected (--rows)'],
      ['not measured', 'row synth-ts not selected (--rows)'],
      ['not measured', 'row installed-init not selected (--rows)'],
      ['not measured', 'row installed-50x6 not selected (--rows)'],
      ['not measured', 'row trivial not selected (--rows)'],
      ['met', '2.00× wall ≤ 3×'],
      ['not measured', 'row throughput not selected (--rows)'],
      ['not measured', 'size 500x6 not selected (--sizes)'],
      ['not measured', 'row check-unchanged not selected (--rows)'],
      ['not measured', 'row check-tag-edit not selected (--rows)'],
      ['not measured', 'row check-iam-edit not selected (--rows)'],
      ['not measured', 'row check-full not selected (--rows)'],
      ['not measured', 'size 500x6 not selected (--sizes)'],
      ['not measured', 'row check-full not selected (--rows)'],
    ]);
    const failed = targets([], [], allRows, 'the pipeline failed (exit 1):');
    expect(failed.every((t) => t.status === 'not measured')).toBe(true);
    expect(failed[0].reason).toBe('the pipeline failed (exit 1):');
  });

  it('judges the slowest shard of check --full against 1/6 of the full check, per size measured', () => {
    const row = (size: string, slowestOverFull: number) => ({
      size,
      shards: 8,
      full: { wall: { median: 1000, min: 1000, max: 1000 } },
      shardMs: [100],
      slowest: { wall: { median: 1000 * slowestOverFull, min: 0, max: 0 } },
      slowestOverFull,
      slowestCpuOverFullCpu: 0.165,
    });
    const judged = targets([], [], allRows, undefined, [], [row('2000x6', 0.155), row('200x2', 0.3)]);
    expect(judged.slice(-2).map((t) => [t.status, t.what, t.value, t.reason])).toEqual([
      [
        'met',
        'slowest of 8 shards of `check --full` ≤ 1/6 of the full check (2000x6)',
        '0.155; CPU 0.165',
        '0.155 wall ≤ 1/6 (0.167)',
      ],
      [
        'missed',
        'slowest of 8 shards of `check --full` ≤ 1/6 of the full check (200x2)',
        '0.300; CPU 0.165',
        '0.300 wall > 1/6 (0.167)',
      ],
    ]);
  });

  it('sums self time by function and by package', () => {
    const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });
    const summary = summarizeProfile({
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('parse', 'file:///p/node_modules/yaml/dist/parse.js', 9) },
        { id: 3, callFrame: frame('check', 'file:///p/build/model/check.js', 4) },
        { id: 4, callFrame: frame('(garbage collector)', '') },
      ],
      samples: [2, 2, 3, 4, 2],
      timeDeltas: [1000, 1000, 2000, 500, 500],
    });
    expect(summary.totalMs).toBe(5);
    expect(summary.groups.map((g) => [g.name, g.selfMs])).toEqual([
      ['yaml', 2.5],
      ['model/', 2],
      ['(garbage collector)', 0.5],
    ]);
    expect(summary.functions[0]).toEqual({
      name: 'parse yaml/dist/parse.js:10',
      selfMs: 2.5,
      share: 0.5,
    });
  });
});

describe('start-up of the compiled synth', () => {
  it('a 2 x 2 synth loads neither the ajv compiler nor cdk8s-plus-30 (precompiled fleet validators, cdk8s-plus-30 on first use)', () => {
    const synth = join(TOOL_ROOT, 'build', 'synth', 'synth.js');
    if (!existsSync(synth)) throw new Error('build/synth/synth.js is missing: run npm run build first');
    const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
    mkdirSync(join(dir, 'clusters'));
    for (const source of benchFleetSources(2, 2)) writeFileSync(join(dir, source.path), source.text);
    const common = join(TOOL_ROOT, 'build', 'io', 'cli-common.js');
    const script = `const s = require(${JSON.stringify(synth)});
      const c = require(${JSON.stringify(common)});
      const dir = ${JSON.stringify(dir)};
      const result = s.runSynth(
        { projectRoot: dir, clustersDir: dir + '/clusters', outDir: dir + '/dist' },
        { loadFleet: c.loadFleetFromDir },
      );
      if (result.files !== 26) throw new Error('unexpected synth result');
      const loaded = Object.keys(require.cache);
      console.log(JSON.stringify({
        ajvCompiler: loaded.some((f) => f.includes('/node_modules/ajv/dist/compile/')),
        plus: loaded.some((f) => f.includes('/node_modules/cdk8s-plus-30/')),
      }));`;
    try {
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      // Standalone validators need only ajv's small runtime helpers (ajv/dist/runtime/*).
      expect(JSON.parse(r.stdout)).toEqual({ ajvCompiler: false, plus: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a whole benchmark run (2 x 2, one run, both baselines)', () => {
  const built = join(TOOL_ROOT, 'build', 'bench', 'bench.js');

  it('writes only inside its temporary folder and removes it', () => {
    if (!existsSync(built)) throw new Error('build/bench/bench.js is missing: run npm run build first');
    const sandbox = mkdtempSync(join(tmpdir(), 'bench-test-'));
    try {
      const home = join(sandbox, 'home');
      const tmp = join(sandbox, 'tmp');
      const cwd = join(sandbox, 'cwd');
      for (const d of [home, tmp, cwd]) mkdirSync(d);
      const r = spawnSync(
        process.execPath,
        [built, '--sizes', '2x2', '--runs', '1', '--rows', 'pipeline,trivial,synth-fleet,check-tag-edit'],
        {
          cwd,
          env: { ...process.env, HOME: home, TMPDIR: tmp },
          encoding: 'utf8',
          timeout: 240_000,
        },
      );
      expect(r.stderr).toContain(`bench: working in ${tmp}/${BENCH_TEMP_PREFIX}`);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^\| 2x2 \| 26 \| 24 \| /m);
      expect(r.stdout).toContain('pipeline / lower bound');
      expect(r.stdout).toMatch(
        /^\| `npm run synth` after editing one fleet file \| [\d.]+ s .+ \| `node build\/synth\/synth.js` \| /m,
      );
      expect(r.stdout).toMatch(
        /\[(met|MISSED)\] `npm run synth` after a fleet-file edit ≤ 1\.3× the pipeline alone: /,
      );
      // The PR job row ran on a committed copy (a check failure would have failed the run).
      expect(r.stdout).toMatch(
        /^\| 2x2 \| `check --base HEAD` after editing one cluster's tags \(and synth\) \| [\d.]+ s .+ \| [\d.]+ s .+ \| [\d.]+× wall/m,
      );
      expect(r.stdout).toContain(
        '[not measured] 50x6 full pipeline ≤ 3× the serialization lower bound (size 50x6 not selected (--sizes))',
      );
      expect(r.stdout).toContain(
        '[not measured] `npm run synth` after a one-line .ts edit ≤ 8 s (row synth-ts not selected (--rows))',
      );
      // Nothing left anywhere it could have written: its temp folder is gone, HOME and cwd untouched.
      expect(readdirSync(tmp)).toEqual([]);
      expect(readdirSync(home)).toEqual([]);
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      rmSync(sandbox, { recursive: true, force: true });
    }
  }, 300_000);
});
