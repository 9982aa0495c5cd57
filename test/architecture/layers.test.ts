/**
 * The import graph against the layer order the README documents (its folder table): a folder
 * imports only from folders of a lower layer or from itself, and no file imports itself back
 * through a circle. Tests, fixtures and dist/ are not part of the house.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SKIP = new Set(['node_modules', 'build', 'lib', 'dist', 'test', 'docs', 'clusters', 'coverage']);

/** Folder → layer, read from the README's table rows `| \`folder/\` | what | layer |`. */
export function documentedLayers(readme: string): Map<string, number> {
  const layers = new Map<string, number>();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4) continue;
    const layer = Number(cells[cells.length - 2]);
    if (cells[cells.length - 2] === '' || !Number.isInteger(layer)) continue;
    for (const m of cells[1].matchAll(/`([a-z][a-z0-9-]*)\/`/g)) layers.set(m[1], layer);
  }
  return layers;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return SKIP.has(name) || name.startsWith('.') ? [] : sourceFiles(full);
    return /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Project-relative files a source file imports (relative specifiers only). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const base = normalize(join(dirname(file), m[1]));
    const target = [base, `${base}.ts`, `${base}.js`, join(base, 'index.ts')].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    if (target) out.push(relative(ROOT, target).split(sep).join('/'));
  }
  return out;
}

const topFolder = (rel: string): string => (rel.includes('/') ? rel.split('/')[0] : rel);

const layers = documentedLayers(readFileSync(join(ROOT, 'README.md'), 'utf8'));
const files = sourceFiles(ROOT).map((f) => relative(ROOT, f).split(sep).join('/'));
const graph = new Map(files.map((f) => [f, importsOf(join(ROOT, f))]));

describe('the house: layers and circles', () => {
  it('the README documents a layer for every top-level source folder', () => {
    const folders = [...new Set(files.filter((f) => f.includes('/')).map(topFolder))].sort();
    expect(folders.filter((f) => !layers.has(f))).toEqual([]);
    expect(layers.get('imports')).toBe(0);
    expect(layers.get('model')).toBeLessThan(layers.get('charts') ?? -1);
    expect(layers.get('validation')).toBeLessThan(layers.get('synth') ?? -1);
  });

  it('no folder imports from a higher layer or from another folder of its own layer', () => {
    const topLayer = Math.max(...layers.values()) + 1;
    const layerOf = (f: string): number => (f.includes('/') ? (layers.get(topFolder(f)) ?? -1) : topLayer);
    const wrong: string[] = [];
    for (const [from, targets] of graph)
      for (const to of targets) {
        if (topFolder(from) === topFolder(to)) continue;
        if (layerOf(to) >= layerOf(from))
          wrong.push(`${from} (layer ${layerOf(from)}) imports ${to} (layer ${layerOf(to)})`);
      }
    expect(wrong).toEqual([]);
  });

  it('has no import circles', () => {
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (f: string, trail: string[]): void => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        circles.push([...trail.slice(trail.indexOf(f)), f].join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f) ?? []) visit(t, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of [...graph.keys()].sort()) visit(f, []);
    expect(circles).toEqual([]);
  });

  it('reads layers and imports the way the checks above rely on', () => {
    expect(documentedLayers('| `a/` | x | 1 |\n| `b/`, `c/` | y | 2 |\n| `d/` | z | |')).toEqual(
      new Map([
        ['a', 1],
        ['b', 2],
        ['c', 2],
      ]),
    );
    expect(graph.get('synth/synth.ts')).toContain('io/write-dist.ts');
    expect(graph.get('main.ts')).toContain('synth/synth.ts');
  });
});

/**
 * model/ inside: its stages bottom up (README, docs/development.md). A stage imports only from a
 * lower stage or its own; model/'s root holds only its public entries, and other folders import
 * model/ only through them (tests may import any file: they test the parts).
 */
const MODEL_STAGES = ['facts', 'shared', 'parse', 'schema', 'resolve', 'check'];
const MODEL_PUBLIC_ROOT = ['model/basics.ts', 'model/index.ts', 'model/load-fleet.ts', 'model/stages.ts'];
const MAX_FILES_PER_FOLDER = 30;

/** The stage of a file in model/: its index in MODEL_STAGES, the root above them all, -1 for an unknown folder. */
const stageOf = (f: string): number => {
  const parts = f.split('/');
  return parts.length === 2 ? MODEL_STAGES.length : MODEL_STAGES.indexOf(parts[1]);
};

describe('rooms of a size a reader can take in', () => {
  it(`no folder of hand-written code holds more than ${MAX_FILES_PER_FOLDER} files directly`, () => {
    const perFolder = new Map<string, number>();
    for (const f of files.filter((x) => !['imports', 'examples'].includes(topFolder(x))))
      perFolder.set(dirname(f), (perFolder.get(dirname(f)) ?? 0) + 1);
    expect([...perFolder].filter(([, n]) => n > MAX_FILES_PER_FOLDER)).toEqual([]);
  });
});

describe('model/: a public root over stages in order', () => {
  const modelFiles = files.filter((f) => topFolder(f) === 'model');

  it('other folders import model/ only through its public root', () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph)
      for (const to of targets)
        if (topFolder(from) !== 'model' && topFolder(to) === 'model' && !MODEL_PUBLIC_ROOT.includes(to))
          wrong.push(
            `${from} imports ${to}: import it from model/index.ts or model/stages.ts (re-export it there)`,
          );
    expect(wrong).toEqual([]);
  });

  it('holds only its public entries directly, every other file in a stage folder', () => {
    expect(
      modelFiles.filter((f) => stageOf(f) === MODEL_STAGES.length && !MODEL_PUBLIC_ROOT.includes(f)),
    ).toEqual([]);
    expect(modelFiles.filter((f) => stageOf(f) < 0)).toEqual([]);
  });

  it('a stage imports only from a lower stage or its own', () => {
    const wrong: string[] = [];
    for (const from of modelFiles)
      for (const to of graph.get(from) ?? [])
        if (topFolder(to) === 'model' && stageOf(to) > stageOf(from))
          wrong.push(
            `${from} (${MODEL_STAGES[stageOf(from)] ?? 'root'}) imports ${to} (${MODEL_STAGES[stageOf(to)] ?? 'root'})`,
          );
    expect(wrong).toEqual([]);
  });
});
