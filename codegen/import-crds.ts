/**
 * `npm run import [-- --from DIR|URL|upstream] [--check]`
 *
 * Reads the pinned Karpenter and Argo CD CRDs and writes everything generated from
 * them into `imports/<project>-v<version>/`, each file headed by its provenance.
 * Then the steps whose source is a pinned npm package tarball (REGISTRY_GENERATORS: the
 * Terraform provider schema) write theirs; they need the npm registry or npm's cache.
 * With `--check`, writes nothing and exits 1 when the committed `imports/` differs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { swapFolderIntoPlace } from '../io/atomic-write';
import { listTree } from '../io/read-tree';
import { TOOL_ROOT } from '../io/tool-root';
import { CRD_SETS, importDirName, compareCodeUnits } from '../model';
import { CrdOrigin, defaultOrigin, loadCrds, LoadedCrdFile, parseOrigin } from './crd-loader';
import { generateTypedConstructs } from './generate-typed-constructs';
import { IMPORT_GENERATORS, REGISTRY_GENERATORS } from './import-generators';

export interface GenerateImportsOptions {
  /**
   * Also run the steps that read a package from the npm registry (REGISTRY_GENERATORS).
   * @default true
   */
  readonly registry?: boolean;
}

/** Everything `imports/` should contain: relative path → content. */
export async function generateImports(
  origin: CrdOrigin,
  options: GenerateImportsOptions = {},
): Promise<Map<string, string>> {
  const crds = await loadCrds(origin);
  const out = new Map<string, string>();
  for (const set of CRD_SETS) {
    const files = crds.filter((c) => c.set === set);
    const dir = importDirName(set);
    for (const [name, content] of generateTypedConstructs(set, files)) out.set(`${dir}/${name}`, content);
  }
  const generators =
    (options.registry ?? true) ? [...IMPORT_GENERATORS, ...REGISTRY_GENERATORS] : IMPORT_GENERATORS;
  for (const generate of generators) {
    for (const [path, content] of await generate(crds as readonly LoadedCrdFile[], {
      projectRoot: TOOL_ROOT,
      origin,
    }))
      out.set(path, content);
  }
  return out;
}

/**
 * Paths that differ between `expected` and the folder `dir`. Paths `skip` accepts are left out
 * on both sides (the registry steps' output, when they did not run).
 */
export function diffImports(
  expected: Map<string, string>,
  dir: string,
  skip: (path: string) => boolean = () => false,
): string[] {
  const actual = new Set(
    (existsSync(dir) ? listTree(dir, { files: 'not-folder' }) : []).filter((p) => !skip(p)),
  );
  const diffs: string[] = [];
  for (const [path, content] of expected) {
    if (skip(path)) continue;
    if (!actual.has(path)) diffs.push(`missing ${path}`);
    else if (readFileSync(join(dir, path), 'utf8') !== content) diffs.push(`differs ${path}`);
    actual.delete(path);
  }
  for (const path of actual) diffs.push(`extra ${path}`);
  return diffs.sort();
}

/** Writes `files` into `dir`, replacing it whole only once everything is written. */
export function writeImports(files: Map<string, string>, dir: string): void {
  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  for (const [path, content] of [...files].sort(([a], [b]) => compareCodeUnits(a, b))) {
    const full = join(staging, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
  swapFolderIntoPlace(staging, dir, `${dir}.old-${process.pid}`);
}

const USAGE = 'usage: npm run import -- [--from DIR|URL|upstream] [--check]';

async function main(argv: readonly string[]): Promise<number> {
  let origin = defaultOrigin(TOOL_ROOT);
  let check = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--check') check = true;
    else if (a === '--from' && argv[i + 1]) origin = parseOrigin(argv[++i]);
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      return 0;
    } else {
      console.error(`import: unknown argument '${a}'.\n${USAGE}`);
      return 2;
    }
  }
  const files = await generateImports(origin);
  const dir = join(TOOL_ROOT, 'imports');
  if (check) {
    const diffs = diffImports(files, dir);
    if (diffs.length) {
      console.error(
        `imports/ is stale (${diffs.length} files). Run npm run import.\n  ${diffs.join('\n  ')}`,
      );
      return 1;
    }
    console.log(`imports/ is up to date (${files.size} files).`);
    return 0;
  }
  writeImports(files, dir);
  const from = origin.kind === 'dir' ? origin.dir : 'the pinned upstream URLs';
  console.log(`imports/: wrote ${files.size} files from ${from}.`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`import: ${err.message}`);
      process.exit(1);
    },
  );
}
