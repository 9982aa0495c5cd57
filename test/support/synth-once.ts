/**
 * One `synth` as the user sees it, with or without the content caches (the fleet load cache, the
 * validation findings per cluster folder and, when given, each cluster's generated files): its outcome and lines, and the files it left. The
 * cache property tests compare two of these. The repository's imports are read afresh for every
 * run, as every process reads them.
 */
import { join } from 'node:path';
import { formatDiagnostic, UserError } from '../../model';
import type { ClusterLoadCache } from '../../model/load-fleet';
import { loadFleet } from '../../io/read-fleet';
import { readTree } from '../../io/read-tree';
import { clearRepositoryImportsCache } from '../../io/repository-imports';
import { runSynth } from '../../synth/synth';
import { validateStepWith } from '../../synth/validate-step';
import type { GenerationCache } from '../../synth/generation-cache';
import type { ClusterFindingsCache } from '../../validation/validate-tree';

export interface SynthCaches {
  readonly load: ClusterLoadCache;
  readonly findings: ClusterFindingsCache;
  /** Each cluster's generated files (synth/generation-cache.ts). @default none */
  readonly generated?: GenerationCache;
}

/** `synth` of `root`'s fleet into `out`; `caches` undefined: no cache is read or written. */
export function synthOnce(root: string, out: string, caches: SynthCaches | undefined): string[] {
  clearRepositoryImportsCache();
  const shown: string[] = [];
  try {
    const r = runSynth(
      { projectRoot: root, clustersDir: join(root, 'clusters'), outDir: out },
      {
        loadFleet: (projectRoot) => loadFleet(projectRoot, { cache: caches?.load ?? null }),
        validate: validateStepWith(caches?.findings),
        generationCache: caches?.generated ?? null,
      },
    );
    shown.push(`ok ${r.clusters} ${r.nodePools} ${r.files} unchanged=${r.unchanged}`);
    shown.push(...r.warnings.map(formatDiagnostic), ...r.carryOver.map((c) => c.line));
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    shown.push('failed', ...e.diagnostics.map(formatDiagnostic));
  }
  let files: { rel: string; text: string }[] = [];
  try {
    files = readTree(out);
  } catch {
    shown.push('no output folder');
  }
  for (const f of files) shown.push(`${f.rel}\n${f.text}`);
  return shown;
}
