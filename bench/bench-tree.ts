/**
 * Reading a generated output folder back for the benchmark: its files (for the
 * validation throughput child) and its objects (the input of the serialization lower
 * bound, bench/bench-serialize-child.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { BenchObjectFile } from './bench-serialize-child';

export interface TreeFile {
  /** Path relative to the folder, `/` separators. */
  readonly rel: string;
  readonly text: string;
}

/** Every file below `dir`, sorted by path. */
export function readTree(dir: string, prefix = ''): TreeFile[] {
  const out: TreeFile[] = [];
  const entries = readdirSync(join(dir, prefix), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...readTree(dir, rel));
    else if (entry.isFile()) out.push({ rel, text: readFileSync(join(dir, rel), 'utf8') });
  }
  return out;
}

/** The objects of every .yaml/.json file (one entry per file, its documents in order). */
export function treeObjects(files: readonly TreeFile[]): BenchObjectFile[] {
  return files
    .filter((f) => /\.(ya?ml|json)$/.test(f.rel))
    .map((f) => ({
      path: f.rel,
      docs: f.rel.endsWith('.json')
        ? [JSON.parse(f.text) as unknown]
        : parseAllDocuments(f.text)
            .map((d) => d.toJS() as unknown)
            .filter((v) => v !== null && v !== undefined),
    }));
}
