#!/usr/bin/env node
/**
 * The `karpenter-gitops` command of the installed package: runs the compiled CLI (lib/cli/main.js)
 * with this process's arguments, terminal and working folder, and sets the exit code
 * (0 ok, 1 findings, 2 usage, 70 internal error). Every path is relative to the working folder.
 *
 * Plain JavaScript, no TypeScript at run time. Where Node has a module compile cache
 * (`module.enableCompileCache`, Node 22.1+), it is turned on: later starts skip compiling.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS entry point */
const Module = require('node:module');

if (typeof Module.enableCompileCache === 'function') Module.enableCompileCache();

let cli;
try {
  cli = require('../lib/cli/main.js');
} catch (err) {
  if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes('lib/cli/main')) {
    process.stderr.write(
      'karpenter-gitops: the compiled CLI (lib/) is missing. In a checkout of the tool, run npm run build:package first.\n',
    );
    process.exit(70);
  }
  throw err;
}

// The same terminal, environment and prompt as every other entry point (lib/io/cli-common.js).
cli.runCli(process.argv.slice(2), require('../lib/io/cli-common.js').processIo()).then(
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
