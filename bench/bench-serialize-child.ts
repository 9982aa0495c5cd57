/**
 * Baseline (b) of the benchmark, the lower bound: the same objects the pipeline produced,
 * already in memory, serialized with the pipeline's own serializers (charts/render-manifest.ts
 * renderYaml for .yaml files, JSON.stringify for .json) and written, in one process. No
 * loading, no generators, no validation, no atomic swap.
 *
 *   node build/bench/bench-serialize-child.js OBJECTS.json OUTDIR
 *
 * OBJECTS.json is `[{ "path": "<dist-relative path>", "docs": [ <object>, ... ] }, ...]`
 * (written by bench/bench.ts from the pipeline's dist/). OUTDIR must not exist yet.
 * Prints one JSON line (BenchSerializeReport).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderYaml } from '../charts/render-manifest';

const loadedAt = performance.now();

export interface BenchObjectFile {
  readonly path: string;
  readonly docs: readonly unknown[];
}

export interface BenchSerializeReport {
  readonly startupMs: number;
  /** Reading OBJECTS.json (the objects' way into memory; not part of the bound itself). */
  readonly readMs: number;
  readonly serializeMs: number;
  readonly writeMs: number;
  readonly totalMs: number;
  readonly files: number;
  readonly maxRssKiB: number;
}

/** The text of one file, as a plain serializer writes it. */
export function serializeFile(file: BenchObjectFile): string {
  if (file.path.endsWith('.json')) {
    return file.docs.map((d) => `${JSON.stringify(d, null, 2)}\n`).join('');
  }
  return file.docs.map((d) => renderYaml(d)).join('---\n');
}

export function serializeAndWrite(objectsFile: string, outDir: string): BenchSerializeReport {
  const t0 = performance.now();
  const files = JSON.parse(readFileSync(objectsFile, 'utf8')) as BenchObjectFile[];
  const t1 = performance.now();
  const texts = files.map(serializeFile);
  const t2 = performance.now();
  const made = new Set<string>();
  files.forEach((file, i) => {
    const full = join(outDir, ...file.path.split('/'));
    const dir = dirname(full);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(full, texts[i], { flag: 'wx' });
  });
  const t3 = performance.now();
  return {
    startupMs: loadedAt,
    readMs: t1 - t0,
    serializeMs: t2 - t1,
    writeMs: t3 - t2,
    totalMs: t3,
    files: files.length,
    maxRssKiB: process.resourceUsage().maxRSS,
  };
}

if (require.main === module) {
  const [objectsFile, outDir] = process.argv.slice(2);
  if (objectsFile === undefined || outDir === undefined) {
    process.stderr.write('usage: node build/bench/bench-serialize-child.js OBJECTS.json OUTDIR\n');
    process.exitCode = 2;
  } else {
    process.stdout.write(`${JSON.stringify(serializeAndWrite(objectsFile, outDir))}\n`);
  }
}
