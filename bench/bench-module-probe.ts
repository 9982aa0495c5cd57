/**
 * Preloaded into a profiled run (`node -r build/bench/bench-module-probe.js …`) by
 * `npm run bench -- --profile`: counts every JavaScript and JSON module the run compiles and
 * their bytes, and at exit writes bench/bench-stages.ts's ModulesLoaded as JSON to the file named
 * by BENCH_MODULE_PROBE_OUT. Loads nothing itself but Node's own modules.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import type { ModulesLoaded } from './bench-stages';

/** A line only the generated Argo CD constructs hold (their largest converter). */
export const ARGOCD_CONSTRUCTS_MARK = 'function toJson_ApplicationSpecSourceHydrator(';

/** How many of the largest files the report lists. */
const LARGEST = 8;

type Loader = (module: unknown, filename: string) => void;

/** Shortens a path to below the last node_modules/ (an installed package) or returns it as is. */
export function shortPath(path: string): string {
  const nm = path.lastIndexOf('/node_modules/');
  return nm >= 0 ? path.slice(nm + '/node_modules/'.length) : path;
}

/** Starts counting; the result is written when the process exits. */
export function probeModules(out: string): void {
  const files: { path: string; bytes: number; argocd: boolean }[] = [];
  const extensions = (Module as unknown as { _extensions: Record<string, Loader> })._extensions;
  for (const ext of ['.js', '.json', '.cjs']) {
    const original = extensions[ext];
    if (original === undefined) continue;
    extensions[ext] = function (this: unknown, module: unknown, filename: string) {
      let bytes = 0;
      let argocd = false;
      try {
        bytes = statSync(filename).size;
        argocd =
          /argocd-v[\d.]+\/argoproj\.io\.js$/.test(filename) ||
          (ext === '.js' && readFileSync(filename, 'utf8').includes(ARGOCD_CONSTRUCTS_MARK));
      } catch {
        // Counted without its size.
      }
      files.push({ path: filename, bytes, argocd });
      return original.call(this, module, filename);
    };
  }
  process.on('exit', () => {
    const result: ModulesLoaded = {
      modules: files.length,
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      largest: [...files]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, LARGEST)
        .map((f) => ({ path: shortPath(f.path), bytes: f.bytes })),
      argocdConstructs: files.some((f) => f.argocd),
    };
    writeFileSync(out, JSON.stringify(result));
  });
}

const target = process.env.BENCH_MODULE_PROBE_OUT;
if (target !== undefined && target !== '') probeModules(target);
