/**
 * `karpenter-gitops convert [options] FILE...`: the only part of the converter that touches
 * files, the terminal and exit codes. See cli-args.ts for the options.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Diagnostic, formatDiagnostic, wholeFileError } from '../model';
import { writeFileAtomically } from '../io/atomic-write';
import { AnyCommand, defineCommand, parseCommand, usageError } from '../io/command';
import { FleetSource } from '../model/load-fleet';
import { ConvertArgs, convertArgsFrom, CONVERT_DESCRIPTION, CONVERT_OPTIONS } from './cli-args';
import { ringUsageProblem, TargetFleet } from './target-fleet';
import { formatReport } from './conversion-report';
import { convertManifests } from './convert-manifests';
import { ManifestSource } from './manifest-documents';
import { convertToAutoMode } from './to-auto-mode';

export interface CliIo {
  readonly cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const convertCommand: AnyCommand = defineCommand({
  name: 'convert',
  summary: "convert existing Karpenter manifests into one cluster's fleet description",
  description: CONVERT_DESCRIPTION,
  options: CONVERT_OPTIONS,
  positionals: { name: 'FILE|DIR...', description: 'manifest files, or folders of them', min: 1 },
  exitCodes:
    '0 converted and synth accepts it in the target fleet, 1 errors in the input (nothing written) or synth ' +
    'refuses the output (written or printed all the same, to fix by hand), 2 usage error',
  run: ({ values, positionals }, io): number => {
    if (values.to !== undefined) {
      if (positionals.length !== 1)
        return usageError('convert', convertCommand, '--to takes exactly one cluster file', io);
      return toAutoModeRun(positionals[0], values.out, values.force === true, {
        cwd: io.cwd,
        stdout: (t) => io.out(t.replace(/\n$/, '')),
        stderr: (t) => io.err(t.replace(/\n$/, '')),
      });
    }
    const parsed = convertArgsFrom(values, positionals);
    if (!parsed.ok) return usageError('convert', convertCommand, parsed.usage, io);
    const lines = (write: (l: string) => void) => (t: string) => write(t.replace(/\n$/, ''));
    return convertRun(
      parsed.args,
      { cwd: io.cwd, stdout: lines(io.out), stderr: lines(io.err) },
      (sentence) => usageError('convert', convertCommand, sentence, io),
    );
  },
});

/**
 * `convert --to eks-auto-mode FILE [--out OUT]`: prints each finding; exit 0 with the Auto Mode
 * description (stdout, or OUT written atomically) when every field carried over, else exit 1
 * naming each field that did not, with nothing written.
 */
export function toAutoModeRun(file: string, out: string | undefined, force: boolean, io: CliIo): number {
  const full = path.resolve(io.cwd, file);
  if (!fs.existsSync(full)) {
    io.stderr(`${file}: no such file. Give the cluster's fleet file, e.g. clusters/shop.yaml.\n`);
    return 1;
  }
  const result = convertToAutoMode(fs.readFileSync(full, 'utf8'));
  const label = { 'taken-over': 'taken over by EKS', renamed: 'carried over', lost: 'cannot carry over' };
  for (const f of result.findings)
    io.stderr(`${file}:${f.line} ${f.path}: ${label[f.kind]}: ${f.message}.\n`);
  if (!result.complete) {
    const lost = result.findings.filter((f) => f.kind === 'lost').length;
    io.stderr(
      `convert: ${lost} field(s) cannot carry over to EKS Auto Mode; nothing was written. Change or remove them in ${file}, then run again.\n`,
    );
    return 1;
  }
  if (out === undefined) {
    io.stdout(result.text);
    return 0;
  }
  const target = path.resolve(io.cwd, out);
  if (fs.existsSync(target) && !force) {
    io.stderr(`convert: ${out} exists; pass --force to overwrite it.\n`);
    return 1;
  }
  writeFileAtomically(target, result.text);
  io.stderr(`convert: wrote ${out}.\n`);
  return 0;
}

/** Runs the converter over a command line; returns the exit code (0 ok, 1 input errors, 2 usage). */
export function runConvertCli(argv: readonly string[], io: CliIo): number {
  const lines = (write: (t: string) => void) => (l: string) => write(`${l}\n`);
  const frameIo = { cwd: io.cwd, out: lines((t) => io.stdout(t)), err: lines((t) => io.stderr(t)) };
  const args = parseCommand('convert', convertCommand, argv, frameIo);
  if (typeof args === 'number') return args;
  return convertCommand.run(args, frameIo) as number;
}

/**
 * The converter with checked arguments; `usage` reports a usage error that needs the target
 * fleet to be seen (an unknown `--ring`) and returns its exit code.
 */
export function convertRun(args: ConvertArgs, io: CliIo, usage: (sentence: string) => number): number {
  const problems: Diagnostic[] = [];
  const sources = readSources(args.files, io.cwd, problems);
  if (problems.length > 0) {
    io.stderr(problems.map(formatDiagnostic).join('\n') + '\n');
    return 1;
  }
  const fleet = readTargetFleet(args, io.cwd);
  const ringProblem = ringUsageProblem(args.ring, fleet);
  if (ringProblem !== undefined) return usage(ringProblem);
  const result = convertManifests(sources, {
    cluster: args.cluster,
    accountId: args.accountId,
    region: args.region,
    destination: args.destination,
    repoURL: args.repoURL,
    ring: args.ring,
    fleet,
    outputPath:
      args.out !== undefined && fleet !== undefined ? toDisplayPath(path.normalize(args.out)) : undefined,
  });
  const report = formatReport(result.entries, result.diagnostics);
  if (result.clusterNameMissing) {
    io.stderr(`convert: ${result.clusterNameMissing}.\n`);
    return 2;
  }
  if (result.yaml === undefined || result.clusterName === undefined) {
    emitReport(report, args.report, io);
    if (args.report !== undefined) {
      // the errors also go to the terminal: a failed run must never be silent
      io.stderr(
        result.diagnostics.map(formatDiagnostic).join('\n') +
          `\nNothing written; full report in ${args.report}.\n`,
      );
    }
    return 1;
  }
  // Refused by synth: the output is still written (or printed) to fix by hand, and the run fails;
  // the report (on the terminal, or in the --report file) ends by saying so.
  const refused = !result.ok;
  const target = args.write ? path.join('clusters', `${result.clusterName}.yaml`) : args.out;
  const where = target !== undefined ? toDisplayPath(target) : 'the printed fleet description';
  const note = refused
    ? `synth refuses ${where} as it is: ${result.diagnostics.length} error(s) above. Fix them in ${where} by hand, or fix the manifests and convert again${target !== undefined ? ' with --force' : ''}.\n`
    : '';
  if (target !== undefined) {
    const absolute = path.resolve(io.cwd, target);
    if (fs.existsSync(absolute) && !args.force) {
      emitReport(report, args.report, io);
      io.stderr(
        `${toDisplayPath(target)}: already exists, nothing written. Pass --force to overwrite it, or --out FILE to write elsewhere.\n`,
      );
      return 1;
    }
    writeFileAtomically(absolute, result.yaml);
  } else io.stdout(result.yaml);
  if (args.report !== undefined) {
    emitReport(report + note, args.report, io);
    // the errors also go to the terminal: a refused run must never look like a success
    if (refused) io.stderr(result.diagnostics.map(formatDiagnostic).join('\n') + '\n');
  } else emitReport(report, args.report, io);
  if (target !== undefined) io.stderr(`Wrote ${toDisplayPath(target)}.\n`);
  if (refused)
    io.stderr(args.report !== undefined ? note.replace(' above.', ` above (also in ${args.report}).`) : note);
  return refused ? 1 : 0;
}

/**
 * The fleet the output goes into: `clusters/` for --write and for stdout (when it exists), the
 * folder of --out when it holds a `_defaults.yaml`; none otherwise (the output is then checked
 * as a fleet of its own).
 */
function readTargetFleet(args: ConvertArgs, cwd: string): TargetFleet | undefined {
  let dir: string;
  if (args.out !== undefined) {
    dir = path.dirname(args.out);
    if (!fs.existsSync(path.resolve(cwd, dir, '_defaults.yaml'))) return undefined;
  } else dir = 'clusters';
  const absolute = path.resolve(cwd, dir);
  let names: string[];
  try {
    names = fs
      .readdirSync(absolute)
      .filter((n) => /\.ya?ml$/.test(n))
      .sort();
  } catch {
    return undefined;
  }
  const shown = toDisplayPath(path.normalize(dir));
  const sources: FleetSource[] = [];
  for (const name of names) {
    try {
      const file = path.join(absolute, name);
      if (!fs.statSync(file).isFile()) continue;
      sources.push({ path: `${shown}/${name}`, text: fs.readFileSync(file, 'utf8') });
    } catch {
      // unreadable: synth would say so, but it is not the conversion's to report
    }
  }
  return { dir: shown, sources };
}

function readSources(files: readonly string[], cwd: string, problems: Diagnostic[]): ManifestSource[] {
  const sources: ManifestSource[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const absolute = path.resolve(cwd, file);
    if (seen.has(absolute)) return;
    seen.add(absolute);
    const display = displayName(file, absolute, cwd);
    try {
      sources.push({ file: display, text: fs.readFileSync(absolute, 'utf8') });
    } catch (err) {
      problems.push(
        wholeFileError(
          display,
          `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
          'Check the path',
        ),
      );
    }
  };
  for (const file of files) {
    const absolute = path.resolve(cwd, file);
    let isDir = false;
    try {
      isDir = fs.statSync(absolute).isDirectory();
    } catch {
      // reported by add()
    }
    if (!isDir) {
      add(file);
      continue;
    }
    const entries = fs
      .readdirSync(absolute)
      .filter((n) => /\.ya?ml$/.test(n))
      .sort();
    if (entries.length === 0) {
      problems.push(
        wholeFileError(
          displayName(file, absolute, cwd),
          'contains no .yaml or .yml files',
          'Name the manifest files directly',
        ),
      );
    }
    for (const name of entries) add(path.join(file, name));
  }
  return sources;
}

/** Relative to the working directory with POSIX separators: no absolute paths in output. */
function displayName(given: string, absolute: string, cwd: string): string {
  const rel = path.relative(cwd, absolute);
  // relative even outside the project ('../x.yaml'): an absolute path would differ per machine
  const shown = rel && !path.isAbsolute(rel) ? rel : given;
  return toDisplayPath(shown);
}

function toDisplayPath(p: string): string {
  return p.split(path.sep).join('/');
}

function emitReport(report: string, file: string | undefined, io: CliIo): void {
  if (file === undefined) {
    io.stderr(report);
    return;
  }
  writeFileAtomically(path.resolve(io.cwd, file), report);
}
