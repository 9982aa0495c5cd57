#!/usr/bin/env node
/**
 * The `karpenter-gitops` command of the installed package: runs the compiled CLI with this
 * process's arguments, terminal and working folder, and sets the exit code (0 ok, 1 findings,
 * 2 usage, 70 internal error). Every path is relative to the working folder. The compiled CLI is
 * a bundled command's one file, lib/cli/bundle/<command>.js, when the command line starts with
 * that command, and lib/cli/main.js (every command) otherwise (bin/build-package.js).
 *
 * Plain JavaScript, no TypeScript at run time. Where Node has a module compile cache
 * (`module.enableCompileCache`, Node 22.1+), it is turned on first thing, in
 * `$XDG_CACHE_HOME/karpenter-gitops/node-compile-cache` (`~/.cache/karpenter-gitops/…` when
 * XDG_CACHE_HOME is unset or empty): later starts take V8's code for every module loaded after it
 * from there instead of compiling it again. Node keys the entries by the source's hash (and its
 * own version), so a changed file is compiled afresh; NODE_DISABLE_COMPILE_CACHE turns it off
 * (Node's own rule). A cache that cannot be set up never fails the command. On Node 20 nothing
 * happens. bin/run.js does the same for the npm scripts.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS entry point */
const Module = require('node:module');

if (typeof Module.enableCompileCache === 'function') {
  try {
    const os = require('node:os');
    const path = require('node:path');
    const xdg = process.env.XDG_CACHE_HOME;
    const cache = xdg !== undefined && xdg !== '' ? xdg : path.join(os.homedir(), '.cache');
    Module.enableCompileCache(path.join(cache, 'karpenter-gitops', 'node-compile-cache'));
  } catch {
    // A cache that cannot be set up only costs speed.
  }
}

/** Commands with a bundle of their own (bin/build-package.js writes lib/cli/bundle/<name>.js). */
const BUNDLED = new Set(['synth', 'validate', 'report', 'impact']);

/**
 * The compiled CLI for this command line: the command's bundle when the line starts with a
 * bundled command, lib/cli/main.js (every command) otherwise or when the bundle is missing.
 */
function loadCli(argv) {
  const first = argv[0];
  if (first !== undefined && BUNDLED.has(first)) {
    try {
      return require(`../lib/cli/bundle/${first}.js`);
    } catch (err) {
      if (!(err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes('lib/cli/bundle/')))
        throw err;
    }
  }
  try {
    return require('../lib/cli/main.js');
  } catch (err) {
    if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes('lib/cli/main')) {
      process.stderr.write(
        'karpenter-gitops: the compiled CLI (lib/) is missing. In a checkout of the tool, run npm run build:package first.\n',
      );
      process.exit(70);
    }
    throw err;
  }
}

/**
 * `synth` of an unchanged fleet into an unchanged output folder prints what the last run printed,
 * without loading the tool (lib/synth/synth-replay.js says when); true when it did.
 */
function replayed(argv) {
  if (argv[0] !== 'synth') return false;
  let replay;
  try {
    replay = require('../lib/synth/synth-replay.js');
  } catch {
    return false;
  }
  return replay.replaySynth(argv.slice(1), {
    cwd: process.cwd(),
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}

const argv = process.argv.slice(2);
if (replayed(argv)) process.exitCode = 0;
else run(argv);

function run(argv) {
  const cli = loadCli(argv);
  // The same terminal, environment and prompt as every other entry point (lib/io/cli-common.js).
  const io = (cli.processIo ?? require('../lib/io/cli-common.js').processIo)();
  cli.runCli(argv, io).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(
        `karpenter-gitops: internal error: ${err && err.message ? err.message : String(err)}\n`,
      );
      process.exitCode = 70;
    },
  );
}
