/**
 * A stand-in for cfn-lint (a node script) whose verdicts depend, like the real one's, on the
 * template's text, on its version and on the `.cfnlintrc` of the folder it runs in:
 * - a line holding `BAD` is an E3002 error (a W3002 warning when the version file says `2`);
 * - a line holding `WARN` is a W3005 warning, unless `.cfnlintrc` in its working folder
 *   names `W3005` (as `ignore_checks` would);
 * exit codes as cfn-lint's (2 errors, 4 warnings, 0 none). Every run is logged.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeCfnLint {
  readonly dir: string;
  readonly bin: string;
  /** How many times it ran. */
  readonly runs: () => number;
  /** Behave as version 1 or 2. */
  readonly setVersion: (version: 1 | 2) => void;
}

export function fakeCfnLint(): FakeCfnLint {
  const dir = mkdtempSync(join(tmpdir(), 'kg-fake-cfn-lint-'));
  const log = join(dir, 'calls.log');
  const versionFile = join(dir, 'version');
  const bin = join(dir, 'cfn-lint');
  writeFileSync(versionFile, '1');
  const body = `
const fs = require('fs');
const args = process.argv.slice(2);
const files = args.slice(args.indexOf('--') + 1);
fs.appendFileSync(${JSON.stringify(log)}, 'run\\n');
const v2 = fs.readFileSync(${JSON.stringify(versionFile)}, 'utf8').trim() === '2';
const rc = fs.existsSync('.cfnlintrc') ? fs.readFileSync('.cfnlintrc', 'utf8') : '';
const matches = [];
for (const f of files) {
  fs.readFileSync(f, 'utf8').split('\\n').forEach((l, i) => {
    const bad = l.indexOf('BAD');
    if (bad >= 0)
      matches.push({ Filename: f, Level: v2 ? 'Warning' : 'Error', Message: 'Additional properties are not allowed.',
        Rule: { Id: v2 ? 'W3002' : 'E3002' }, Location: { Start: { LineNumber: i + 1, ColumnNumber: bad + 1 }, Path: ['Resources', 'Q', 'BAD'] } });
    const warn = l.indexOf('WARN');
    if (warn >= 0 && !rc.includes('W3005'))
      matches.push({ Filename: f, Level: 'Warning', Message: 'Obsolete DependsOn.',
        Rule: { Id: 'W3005' }, Location: { Start: { LineNumber: i + 1, ColumnNumber: warn + 1 }, Path: ['Resources', 'Q', 'DependsOn'] } });
  });
}
process.stdout.write(JSON.stringify(matches));
process.exit(matches.some((m) => m.Level === 'Error') ? 2 : matches.length > 0 ? 4 : 0);
`;
  writeFileSync(bin, `#!${process.execPath}\n${body}`, { mode: 0o755 });
  return {
    dir,
    bin,
    runs: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0),
    setVersion: (version) => writeFileSync(versionFile, String(version)),
  };
}
