#!/usr/bin/env node
/**
 * Builds what the published package runs (`npm pack` and `npm publish` run it as `prepack`):
 *
 *   1. lib/ is emptied, then `tsc -p tsconfig.package.json` compiles the run-time sources (no
 *      tests, codegen or bench) to CommonJS with `.d.ts` declarations: the library entry
 *      (lib/api/), the cdk8s plugin and lib/imports/ that cdk8s apps import, and the CLI as
 *      separate modules (lib/cli/main.js runs every command).
 *   2. The everyday commands are bundled, each into one file, lib/cli/bundle/<command>.js
 *      (esbuild, an exact-pinned dev dependency): the command, the dispatcher (cli/run-cli.ts)
 *      and the packages they load, so a run reads and compiles one file instead of resolving,
 *      reading and compiling some 470 modules. bin/karpenter-gitops.js runs a command's bundle
 *      when the command line starts with its name, and lib/cli/main.js otherwise (top-level
 *      help, `--debug` first, the other commands), with the same behaviour either way.
 *      Left out of the bundles, and loaded from node_modules as before when a run needs them:
 *      packages loaded only on some runs or looked up by name at run time (BUNDLE_EXTERNAL).
 *
 *   3. lib/build-id.json: the sha256 of everything the package runs, naming this build
 *      (synth/synth-replay.ts).
 *
 * The generated data the tool reads at run time (imports/validation/, imports/fleet-schema/
 * validators.js) is plain JavaScript already and ships as it is (package.json `files`), found by
 * walking up from the compiled module, which works from lib/cli/bundle/ as from lib/<folder>/.
 *
 * Plain JavaScript: it runs before anything is built. Needs the dev dependencies (typescript,
 * esbuild).
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, runs before any build */
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LIB = path.join(ROOT, 'lib');

/** Commands bundled into lib/cli/bundle/<name>.js, with the compiled module that declares each. */
const BUNDLED_COMMANDS = {
  synth: { module: './synth/synth.js', declaration: 'synthCommand' },
  validate: { module: './validation/cli.js', declaration: 'validateCommand' },
  report: { module: './review/report.js', declaration: 'reportCommand' },
  impact: { module: './review/impact/impact.js', declaration: 'impactCommand' },
};

/**
 * Packages the bundles load from node_modules: optional or peer dependencies (absent in many
 * installations), packages that commands load only on some runs (cdk8s-plus-30 for a cluster
 * base, ajv when the precompiled fleet schema is missing, the AWS SDK for live checks, the secret
 * rule set when there is text to scan), and packages resolved by name at run time.
 */
const BUNDLE_EXTERNAL = [
  // cdk8s-plus-30 (loaded for a cluster base) renders with the cdk8s it finds in node_modules:
  // one cdk8s and one constructs for both, or its lazy values are not recognized when rendered.
  'cdk8s',
  'constructs',
  'cdk8s-plus-30',
  'ajv',
  '@aws-sdk/*',
  '@cloud-copilot/*',
  '@kubernetes/client-node',
  '@secretlint/*',
  'typescript',
  // Its CommonJS build is a UMD wrapper that requires its own files by computed names.
  'jsonc-parser',
];

function fail(message) {
  fs.rmSync(LIB, { recursive: true, force: true });
  process.stderr.write(`build-package: ${message}; lib/ was removed.\n`);
  process.exit(1);
}

/** The entry of one command's bundle: the dispatcher over that command alone. */
function bundleEntry(name, { module, declaration }) {
  return [
    "'use strict';",
    "const { runCliWith } = require('./cli/run-cli.js');",
    `const command = { name: ${JSON.stringify(name)}, load: async () => require(${JSON.stringify(module)}).${declaration} };`,
    "/** Runs one command line that starts with the command's name (bin/karpenter-gitops.js). */",
    'exports.runCli = (argv, io) => runCliWith([command], argv, io);',
    "exports.processIo = require('./io/cli-common.js').processIo;",
    '',
  ].join('\n');
}

function bundle() {
  let esbuild;
  try {
    esbuild = require('esbuild');
  } catch (err) {
    fail(`esbuild (a dev dependency) cannot be loaded: ${err.message}`);
  }
  for (const [name, spec] of Object.entries(BUNDLED_COMMANDS)) {
    const outfile = path.join(LIB, 'cli', 'bundle', `${name}.js`);
    let result;
    try {
      result = esbuild.buildSync({
        stdin: { contents: bundleEntry(name, spec), resolveDir: LIB, sourcefile: `bundle-entry-${name}.js` },
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        outfile,
        external: BUNDLE_EXTERNAL,
        // Names stay as written: stack traces (--debug) and constructor names (cdk8s checks
        // `constructor.name === 'Object'`) read as in lib/.
        keepNames: true,
        minifyWhitespace: true,
        minifySyntax: true,
        legalComments: 'eof',
        logLevel: 'error',
        // The data files are required by computed paths at run time; esbuild says so, and that is meant.
        logOverride: { 'unsupported-require-call': 'silent', 'unsupported-dynamic-import': 'silent' },
      });
    } catch (err) {
      fail(`esbuild could not bundle ${name}: ${err.message}`);
    }
    if (result.errors.length > 0) fail(`esbuild could not bundle ${name}`);
  }
}

/** Files below `rel` (relative to ROOT, '/'-separated), sorted. */
function filesBelow(rel) {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs)
    .sort()
    .flatMap((name) => filesBelow(`${rel}/${name}`));
}

/**
 * lib/build-id.json: the sha256 of every file the package runs (lib/, the generated validators,
 * package.json). synth/synth-replay.ts keys its records by it, so a record is never replayed by
 * another build of the tool.
 */
function writeBuildId() {
  const hash = createHash('sha256');
  const runs = ['package.json', 'lib', 'imports/validation', 'imports/fleet-schema/validators.js'];
  for (const rel of runs.flatMap(filesBelow)) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, rel)));
    hash.update('\0');
  }
  const id = hash.digest('hex');
  fs.writeFileSync(path.join(LIB, 'build-id.json'), `${JSON.stringify({ id })}\n`);
}

fs.rmSync(LIB, { recursive: true, force: true });
const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
const r = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.package.json')], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (r.status !== 0) fail('tsc failed');
bundle();
writeBuildId();
