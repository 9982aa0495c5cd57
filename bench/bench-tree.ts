/**
 * Reading a generated output folder back for the benchmark: its files (for the
 * validation throughput child) and its objects (the input of the serialization lower
 * bound, bench/bench-serialize-child.ts).
 */
import { parseAllDocuments } from 'yaml';
import { readTree as readFileTree, TreeFile } from '../io/read-tree';
import type { BenchObjectFile } from './bench-serialize-child';

export type { TreeFile };

/** Every file below `dir`, each folder's entries by name. */
export function readTree(dir: string): TreeFile[] {
  return readFileTree(dir, { order: 'by-folder' });
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
