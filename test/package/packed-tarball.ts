/**
 * One `npm pack` of this repository shared by the tests of the installed package: the tarball is
 * cached in the temporary folder under a key made of everything that goes into it (package.json,
 * the package's tsconfig, every run-time source and generated data file), so the tests that run
 * in one jest run (in parallel workers, too) and later runs of unchanged sources pack once.
 * `npm pack` runs `prepack` (bin/build-package.js: lib/ compiled from the sources).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** npm's flags for every install of these tests: from the cache where it can, quietly. */
export const NPM_INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'] as const;

function walk(rel: string, out: string[]): void {
  const abs = join(ROOT, rel);
  if (!existsSync(abs)) return;
  if (statSync(abs).isFile()) {
    out.push(rel);
    return;
  }
  for (const name of readdirSync(abs).sort()) walk(`${rel}/${name}`, out);
}

/** The key of the package's content: what `files` and the build read. */
export function packageKey(): string {
  const config = JSON.parse(readFileSync(join(ROOT, 'tsconfig.package.json'), 'utf8')) as {
    include: string[];
  };
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
  const rels: string[] = [
    'package.json',
    'tsconfig.json',
    'tsconfig.package.json',
    'README.md',
    'bin/build-package.js',
  ];
  for (const entry of [...config.include, ...pkg.files]) walk(entry.replace(/\/$/, ''), rels);
  const hash = createHash('sha256');
  for (const rel of [...new Set(rels.filter((r) => !r.startsWith('lib/')))].sort()) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(join(ROOT, rel)));
  }
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The path of the packed tarball of the current sources, packing it when no earlier test did.
 * Waits (up to 15 minutes) while another worker packs the same key.
 */
export async function packedTarball(): Promise<string> {
  const dir = join(tmpdir(), `karpenter-gitops-pack-${packageKey()}`);
  const done = join(dir, 'tarball');
  const lock = `${dir}.lock`;
  for (let waited = 0; waited < 15 * 60_000; waited += 500) {
    if (existsSync(done)) return join(done, readdirSync(done)[0]);
    try {
      mkdirSync(lock);
    } catch {
      // A lock older than the longest pack is left by a run that was killed: take it over.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10 * 60_000)
        rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      const staging = `${dir}.staging-${process.pid}`;
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      execFileSync('npm', ['pack', '--pack-destination', staging, '--loglevel=error'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      mkdirSync(dir, { recursive: true });
      renameSync(staging, done);
      return join(done, readdirSync(done)[0]);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  throw new Error(`timed out waiting for another test to pack ${dir}`);
}

/** The paths a tarball holds (`package/…` prefix removed), from `tar -tzf`. */
export function tarballFiles(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.replace(/^package\//, ''))
    .sort();
}
