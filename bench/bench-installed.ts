/**
 * The installed package in `npm run bench` (bench/bench.ts): what a platform team runs after
 * `npm i -D karpenter-gitops`. The repository is packed (`npm pack`; prepack compiles lib/),
 * installed from the tarball into a fresh folder of the benchmark's temporary folder, and timed:
 *
 *   installed-init  the installed CLI's `synth` of the fleet `init` writes  vs `node -e 0`
 *   installed-50x6  the installed CLI's `synth` of the 50x6 synthetic fleet vs the in-repo
 *                   pipeline on the same folder (`node build/cli/main.js synth`)
 *
 * Each timed run is a pair (the installed CLI, then its baseline); ratios are medians of the
 * per-pair ratios. The install uses the user's npm cache (offline where it can), not the
 * benchmark's empty one, so it measures nothing of the network.
 */
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FleetSource } from '../model/load-fleet';
import { EverydayRow, InstalledRowName, measured, ratio, TimedProcess, TimedRunner } from './bench-everyday';
import { INSTALLED_INIT_FLAGS } from './installed-init-flags';

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
  const synth = (cwd: string) =>
    run('the installed karpenter-gitops synth', node, [bin, 'synth', '--quiet'], cwd);

  for (const row of rows) {
    const commands: TimedProcess[] = [];
    const baseline: TimedProcess[] = [];
    if (row === 'installed-init') {
      run('karpenter-gitops init', node, [bin, 'init', ...INSTALLED_INIT_FLAGS], user);
      synth(user); // warm-up (and the compile cache where Node has one)
      for (let k = 1; k <= runs; k++) {
        commands.push(synth(user));
        baseline.push(run('node -e 0', node, ['-e', '0'], user));
      }
      out.push({
        row,
        what: 'installed `karpenter-gitops synth` of the `init` fleet (1 cluster)',
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
      synth(dir); // warm-up of both
      repo();
      for (let k = 1; k <= runs; k++) {
        commands.push(synth(dir));
        baseline.push(repo());
      }
      out.push({
        row,
        what: 'installed `karpenter-gitops synth` of the 50x6 fleet',
        alone: 'in-repo `node build/cli/main.js synth`',
        command: measured(commands),
        pipeline: measured(baseline),
        ratio: ratio(commands, baseline),
      });
    }
  }
}
