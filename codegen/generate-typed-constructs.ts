/**
 * Generates typed cdk8s constructs for one CRD set with `cdk8s import`, run offline.
 * All CRDs of a set are concatenated into one spec so that two CRDs of the same API
 * group land in one module instead of overwriting each other's file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrdSet } from '../model';
import { LoadedCrdFile, provenanceHeader } from './crd-loader';

/** Returns file name → content for the set's `imports/` folder. */
export function generateTypedConstructs(set: CrdSet, files: readonly LoadedCrdFile[]): Map<string, string> {
  const work = mkdtempSync(join(tmpdir(), 'kg-import-'));
  try {
    const spec = join(work, 'crds.yaml');
    writeFileSync(spec, files.map((f) => f.text.replace(/\n*$/, '\n')).join('---\n'));
    const cli = join(require.resolve('cdk8s-cli/package.json').replace(/package\.json$/, ''), 'bin', 'cdk8s');
    execFileSync(
      process.execPath,
      [
        cli,
        'import',
        '--no-check-upgrade',
        '--no-save',
        '-l',
        'typescript',
        '-o',
        join(work, 'out'),
        `crd:=${spec}`,
      ],
      { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const header = provenanceHeader(set, files);
    const result = new Map<string, string>();
    for (const name of readdirSync(join(work, 'out')).sort()) {
      // cdk8s names the module `crd-<group>.ts`; keep `<group>.ts`.
      const target = name.replace(/^crd-/, '');
      result.set(target, header + readFileSync(join(work, 'out', name), 'utf8'));
    }
    if (result.size === 0) throw new Error(`cdk8s import produced no files for ${set.project} ${set.ref}`);
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
