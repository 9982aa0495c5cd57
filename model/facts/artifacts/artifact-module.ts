/**
 * Loads a generated validation artifact (CommonJS: `catalog.js`, `*.schema.js`, `*.rules.js`,
 * `*.validate.js`) from a repository's import folder (karpenter-imports/). Its `require`s (the
 * standalone validators need `ajv/dist/runtime/*`) are resolved from karpenter-gitops' own
 * install, not from the repository, which need not have ajv. Not cached: an import in the same
 * process replaces the files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { runInThisContext } from 'node:vm';

const toolRequire = createRequire(__filename);

/** `module.exports` of the artifact at `file` (absolute). */
export function loadArtifactModule(file: string): unknown {
  const wrapper = runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    { filename: file },
  ) as (e: unknown, r: NodeJS.Require, m: { exports: unknown }, f: string, d: string) => void;
  const mod = { exports: {} as unknown };
  wrapper(mod.exports, toolRequire, mod, file, dirname(file));
  return mod.exports;
}
