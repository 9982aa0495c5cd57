#!/usr/bin/env node
/**
 * Builds what the published package runs (`npm pack` and `npm publish` run it as `prepack`):
 * lib/ is emptied, then `tsc -p tsconfig.package.json` compiles the run-time sources (no tests,
 * codegen or bench) to CommonJS with `.d.ts` declarations. The generated data the tool reads at
 * run time (imports/validation/, imports/fleet-schema/validators.js) is plain JavaScript already
 * and ships as it is (package.json `files`), found by walking up from the compiled module.
 *
 * Plain JavaScript: it runs before anything is built. Needs the dev dependencies (typescript).
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, runs before any build */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LIB = path.join(ROOT, 'lib');

fs.rmSync(LIB, { recursive: true, force: true });
const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
const r = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.package.json')], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (r.status !== 0) {
  fs.rmSync(LIB, { recursive: true, force: true });
  process.stderr.write('build-package: tsc failed; lib/ was removed.\n');
  process.exit(r.status ?? 1);
}
