#!/usr/bin/env node
/**
 * The launcher every npm script goes through: `node bin/run.js <entry> [args...]` runs
 * build/<entry>.js (e.g. `synth/synth` → build/synth/synth.js) as the main module, after
 * bringing build/ up to date with the TypeScript sources, and only as far as needed:
 *
 *   - nothing changed: a stat of every source (~300 files, a few ms) against the record of
 *     what build/ was made from (build/.sources.json), then the entry runs. No compiler loads.
 *   - some sources changed: only those are transpiled, one file at a time
 *     (`ts.transpileModule`, valid because tsconfig.json has `isolatedModules`), in well
 *     under a second; type errors are not reported here (`npm run typecheck` and `npm test`,
 *     which runs `npm run build`, check everything, and CI runs both).
 *   - a fresh clone (no build/): every source is transpiled once, a few seconds.
 *
 * A source counts as changed when its size or mtime differs from the record AND its content
 * hash differs (a `touch` or a checkout that restores the same bytes costs a hash, not a
 * compile). Outputs of deleted sources are removed. The record is written by this launcher
 * and by `npm run build` (`tsc` then `node bin/run.js --record`), so a full build is trusted.
 *
 * Adding an npm script is one line: `"name": "node bin/run.js folder/entry"`.
 * `node bin/run.js --build` only brings build/ up to date; `--record` records the sources as
 * built (after tsc).
 *
 * Where Node has a module compile cache (`module.enableCompileCache`, Node 22.1+), it is turned
 * on first thing, as in bin/karpenter-gitops.js, in
 * `$XDG_CACHE_HOME/karpenter-gitops/node-compile-cache` (`~/.cache/karpenter-gitops/…` when
 * XDG_CACHE_HOME is unset or empty), so that V8's code for every module loaded after it (the
 * entry and its imports, TypeScript when sources changed) is taken from there on later starts.
 * Node keys the entries by the source's hash, so a file transpiled again is compiled afresh;
 * NODE_DISABLE_COMPILE_CACHE turns it off (Node's own rule); a cache that cannot be set up never
 * fails the command. On Node 20 nothing happens.
 *
 * Plain JavaScript on purpose: it must run before anything is built.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, runs before any build */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Module = require('node:module');

const ROOT = path.resolve(__dirname, '..');
const BUILD = path.join(ROOT, 'build');
const RECORD = path.join(BUILD, '.sources.json');
const BUILD_TSCONFIG = 'tsconfig.build.json';
/** Files whose change changes every output (compiler options). */
const CONFIG_FILES = ['tsconfig.json', BUILD_TSCONFIG];
const RECORD_VERSION = 1;

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The `include` list of tsconfig.build.json (files and folders relative to the root). */
function includes() {
  const config = readJson(path.join(ROOT, BUILD_TSCONFIG));
  const base = config.include ? config : readJson(path.join(ROOT, 'tsconfig.json'));
  return base.include;
}

/** Every .ts source the build compiles (relative, '/'-separated, sorted). */
function listSources() {
  const out = [];
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(child);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(child);
    }
  };
  for (const inc of includes()) {
    const abs = path.join(ROOT, inc);
    let st;
    try {
      st = fs.statSync(abs);
    } catch {
      continue;
    }
    if (st.isDirectory()) walk(inc);
    else if (inc.endsWith('.ts')) out.push(inc);
  }
  return out.sort();
}

function outputOf(rel) {
  return path.join(BUILD, rel.replace(/\.ts$/, '.js'));
}

function hashFile(abs) {
  return createHash('sha1').update(fs.readFileSync(abs)).digest('hex');
}

function configHash() {
  const h = createHash('sha1');
  for (const f of CONFIG_FILES) h.update(fs.readFileSync(path.join(ROOT, f)));
  return h.digest('hex');
}

function readRecord() {
  try {
    const r = readJson(RECORD);
    return r && r.version === RECORD_VERSION ? r : undefined;
  } catch {
    return undefined;
  }
}

function writeRecord(config, files) {
  fs.mkdirSync(BUILD, { recursive: true });
  const tmp = `${RECORD}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ version: RECORD_VERSION, config, files })}\n`);
  fs.renameSync(tmp, RECORD);
}

/**
 * Compares the sources with the record. Returns the sources to compile, the record entries
 * to keep and whether the record needs rewriting.
 */
function plan(record, config) {
  const known = record && record.config === config ? record.files : {};
  const files = {};
  const stale = [];
  let dirty = !record || record.config !== config;
  for (const rel of listSources()) {
    const abs = path.join(ROOT, rel);
    const st = fs.statSync(abs);
    const was = known[rel];
    if (was && was[0] === st.mtimeMs && was[1] === st.size && fs.existsSync(outputOf(rel))) {
      files[rel] = was;
      continue;
    }
    const hash = hashFile(abs);
    dirty = true;
    if (was && was[2] === hash && fs.existsSync(outputOf(rel))) files[rel] = [st.mtimeMs, st.size, hash];
    else stale.push({ rel, entry: [st.mtimeMs, st.size, hash] });
  }
  const removed = Object.keys(known).filter((rel) => !(rel in files) && !stale.some((s) => s.rel === rel));
  if (removed.length > 0) dirty = true;
  return { files, stale, removed, dirty };
}

/** Compiler options exactly as tsc reads them from tsconfig.build.json. */
function compilerOptions(ts) {
  const file = path.join(ROOT, BUILD_TSCONFIG);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${BUILD_TSCONFIG} could not be read`);
  return parsed.options;
}

function loadTypeScript() {
  try {
    return require('typescript');
  } catch (err) {
    throw new Error(
      `build: TypeScript is needed to build the changed sources but could not be loaded (${err.message.split('\n')[0]}). Run npm ci (with dev dependencies).`,
    );
  }
}

function transpile(stale) {
  const ts = loadTypeScript();
  const options = compilerOptions(ts);
  for (const { rel } of stale) {
    const abs = path.join(ROOT, rel);
    const out = ts.transpileModule(fs.readFileSync(abs, 'utf8'), {
      compilerOptions: options,
      fileName: abs,
      reportDiagnostics: true,
    });
    const errors = (out.diagnostics || []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length > 0) {
      const text = errors.map((d) => {
        const where =
          d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
        const pos = where ? `:${where.line + 1}:${where.character + 1}` : '';
        return `${rel}${pos}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      });
      return text;
    }
    const target = outputOf(rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, out.outputText);
  }
  return [];
}

/** Brings build/ up to date; returns an error message or undefined. */
function ensureBuilt(log) {
  const started = Date.now();
  const config = configHash();
  const { files, stale, removed, dirty } = plan(readRecord(), config);
  for (const rel of removed) fs.rmSync(outputOf(rel), { force: true });
  if (stale.length > 0) {
    const errors = transpile(stale);
    if (errors.length > 0) {
      return `${errors.join('\n')}\nbuild: fix the syntax error(s) above; build/ was not updated for them.`;
    }
    for (const s of stale) files[s.rel] = s.entry;
    log(
      `build: ${stale.length} changed TypeScript file(s) transpiled in ${Date.now() - started} ms ` +
        '(not type-checked: npm run typecheck or npm test does that)',
    );
  }
  if (dirty || stale.length > 0) writeRecord(config, files);
  return undefined;
}

/** After `tsc -p tsconfig.build.json`: records every source as built. */
function recordAll() {
  const files = {};
  for (const rel of listSources()) {
    const abs = path.join(ROOT, rel);
    const st = fs.statSync(abs);
    files[rel] = [st.mtimeMs, st.size, hashFile(abs)];
  }
  writeRecord(configHash(), files);
}

/** Node's module compile cache, where Node has one (22.1+), in the user's cache folder. */
function enableCompileCache() {
  if (typeof Module.enableCompileCache !== 'function') return;
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    const cache = xdg !== undefined && xdg !== '' ? xdg : path.join(os.homedir(), '.cache');
    Module.enableCompileCache(path.join(cache, 'karpenter-gitops', 'node-compile-cache'));
  } catch {
    // A cache that cannot be set up only costs speed.
  }
}

function main(argv) {
  const log = (line) => process.stderr.write(`${line}\n`);
  const [entry, ...rest] = argv;
  if (entry === undefined || entry === '--help' || entry === '-h') {
    log('usage: node bin/run.js <entry> [args...]   (runs build/<entry>.js after an up-to-date check)');
    log('       node bin/run.js --build | --record');
    return entry === undefined ? 2 : 0;
  }
  if (entry === '--record') {
    recordAll();
    return 0;
  }
  let error;
  try {
    error = ensureBuilt(log);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  if (error !== undefined) {
    log(error);
    return 1;
  }
  if (entry === '--build') return 0;
  const script = path.join(BUILD, `${entry.replace(/\.(ts|js)$/, '')}.js`);
  if (!fs.existsSync(script)) {
    log(`run: ${path.relative(ROOT, script)} does not exist: is ${entry}.ts one of the sources?`);
    return 2;
  }
  // Run it as the main module, as `node build/<entry>.js` would (require.main === module).
  process.argv = [process.argv[0], script, ...rest];
  Module.runMain();
  return undefined;
}

if (require.main === module) {
  enableCompileCache();
  const code = main(process.argv.slice(2));
  if (code !== undefined) process.exitCode = code;
}

module.exports = { ensureBuilt, listSources, plan, recordAll };
