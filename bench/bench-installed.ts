/**
 * The installed package in `npm run bench` (bench/bench.ts): what a platform team runs after
 * `npm i -D karpenter-gitops`. The repository is packed (`npm pack`; prepack compiles lib/),
 * installed from the tarball into a fresh folder of the benchmark's temporary folder, and timed:
 *
 *   installed-init       the installed CLI's `synth` of the fleet `init` writes  vs `node -e 0`
 *                        (unchanged since the warm-up: the everyday case, synth/synth-replay.ts)
 *   installed-init-full  the same with the replay off (KARPENTER_GITOPS_SYNTH_CACHE=off): load,
 *                        generate, validate and compare every file  vs `node -e 0`
 *   installed-50x6       the installed CLI's `synth` of the 50x6 synthetic fleet (replay off) vs
 *                        the in-repo pipeline on the same folder (`node build/cli/main.js synth`)
 *
 * With `profile`, one run each of the installed package's and the repository build's full
 * `synth` of the init fleet is CPU-profiled with the module probe preloaded
 * (bench/bench-stages.ts): time per stage, modules and compiled bytes loaded.
 *
 * Each timed run is a pair (the installed CLI, then its baseline); ratios are medians of the
 * per-pair ratios. The install uses the user's npm cache (offline where it can), not the
 * benchmark's empty one, so it measures nothing of the network.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FleetSource } from '../model/load-fleet';
import { EverydayRow, InstalledRowName, measured, ratio, TimedProcess, TimedRunner } from './bench-everyday';
import { INSTALLED_INIT_FLAGS } from './installed-init-flags';
import type { CpuProfile } from './bench-profile';
import { ModulesLoaded, ProfileNodeWithChildren, StageProfile, stageSplit } from './bench-stages';

/** The environment that turns the installed synth's replay off (synth/synth-replay.ts). */
const FULL_RUN = { KARPENTER_GITOPS_SYNTH_CACHE: 'off' } as const;

/**
 * Packs `root`, installs the tarball under `temp` and measures `rows` with `runs` timed pairs
 * each (after one untimed warm-up). Rows are appended to `out` as soon as they are measured.
 */
export function measureInstalled(
  run: TimedRunner,
  root: string,
  temp: string,
  rows: readonly InstalledRowName[],
  runs: number,
  fleet50x6: readonly FleetSource[],
  out: EverydayRow[],
  profiles?: StageProfile[],
): void {
  const node = process.execPath;
  const npmCache = { npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm') };
  const pack = join(temp, 'pack');
  mkdirSync(pack);
  run(
    'npm pack (prepack compiles lib/)',
    'npm',
    ['pack', '--pack-destination', pack, '--loglevel=error'],
    root,
  );
  const tarball = join(pack, readdirSync(pack).find((f) => f.endsWith('.tgz')) ?? 'missing.tgz');
  const user = join(temp, 'installed');
  mkdirSync(user);
  run('git init', 'git', ['init', '-q'], user);
  run('npm init -y', 'npm', ['init', '-y'], user);
  run(
    'npm install <tarball>',
    'npm',
    ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    user,
    npmCache,
  );
  const bin = join(user, 'node_modules', 'karpenter-gitops', 'bin', 'karpenter-gitops.js');
  const inRepo = join(root, 'build', 'cli', 'main.js');
  const synth = (cwd: string, env: NodeJS.ProcessEnv = {}) =>
    run('the installed karpenter-gitops synth', node, [bin, 'synth', '--quiet'], cwd, env);
  const initialized = () => {
    if (!readdirSync(user).includes('clusters')) {
      run('karpenter-gitops init', node, [bin, 'init', ...INSTALLED_INIT_FLAGS], user);
    }
  };

  for (const row of rows) {
    const commands: TimedProcess[] = [];
    const baseline: TimedProcess[] = [];
    if (row === 'installed-init' || row === 'installed-init-full') {
      initialized();
      const env = row === 'installed-init' ? {} : FULL_RUN;
      synth(user, env); // warm-up (and the compile cache where Node has one)
      for (let k = 1; k <= runs; k++) {
        commands.push(synth(user, env));
        baseline.push(run('node -e 0', node, ['-e', '0'], user));
      }
      out.push({
        row,
        what:
          row === 'installed-init'
            ? 'installed `karpenter-gitops synth` of the `init` fleet (1 cluster), unchanged'
            : 'installed `karpenter-gitops synth` of the `init` fleet (1 cluster), full run (replay off)',
        alone: '`node -e 0`',
        command: measured(commands),
        pipeline: measured(baseline),
        ratio: ratio(commands, baseline),
      });
    } else {
      const dir = join(temp, 'installed-50x6');
      mkdirSync(join(dir, 'clusters'), { recursive: true });
      for (const f of fleet50x6) writeFileSync(join(dir, f.path), f.text);
      symlinkSync(join(user, 'node_modules'), join(dir, 'node_modules'));
      const repo = () => run('the in-repo synth', node, [inRepo, 'synth', '--quiet'], dir);
      synth(dir, FULL_RUN); // warm-up of both
      repo();
      for (let k = 1; k <= runs; k++) {
        commands.push(synth(dir, FULL_RUN));
        baseline.push(repo());
      }
      out.push({
        row,
        what: 'installed `karpenter-gitops synth` of the 50x6 fleet (replay off)',
        alone: 'in-repo `node build/cli/main.js synth`',
        command: measured(commands),
        pipeline: measured(baseline),
        ratio: ratio(commands, baseline),
      });
    }
  }
  if (profiles !== undefined) {
    initialized();
    const probe = join(root, 'build', 'bench', 'bench-module-probe.js');
    const profiled = (what: string, script: string): StageProfile => {
      const dir = join(temp, 'stage-profile', what.replace(/\W+/g, '-'));
      mkdirSync(dir, { recursive: true });
      const loadedFile = join(dir, 'loaded.json');
      const r = run(
        `the profiled synth (${what})`,
        node,
        ['--cpu-prof', `--cpu-prof-dir=${dir}`, '-r', probe, script, 'synth', '--quiet'],
        user,
        { ...FULL_RUN, BENCH_MODULE_PROBE_OUT: loadedFile },
      );
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) ?? 'missing.cpuprofile';
      const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile & {
        nodes: ProfileNodeWithChildren[];
      };
      return {
        what,
        wallMs: r.wallMs,
        split: stageSplit(profile),
        loaded: JSON.parse(readFileSync(loadedFile, 'utf8')) as ModulesLoaded,
      };
    };
    synth(user, FULL_RUN);
    profiles.push(profiled('installed package', bin));
    profiles.push(profiled('repository build', inRepo));
  }
}
