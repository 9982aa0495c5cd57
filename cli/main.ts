/**
 * `karpenter-gitops <command> [options]`: the one entry point of every command.
 *
 * Global flags (anywhere before `--`): `--debug` (stack traces of internal errors). At the top
 * level: `--help`, `--version`. Each command is declared once beside its logic (io/command.ts
 * says how) and listed in cli/commands.ts; its help and usage errors come from that declaration.
 *
 * Exit codes: 0 ok, 1 findings (mistakes in the input, a failed check), 2 usage error,
 * 70 internal error (a bug: one sentence and where to report it; the stack with --debug).
 *
 * Importing this file has no side effects; run as the main module (`node build/cli/main.js`,
 * or `node bin/run.js cli/main` in this repository) it runs the command line of the process.
 */
import {
  CliIo,
  EXIT_OK,
  EXIT_USAGE,
  processIo,
  readToolPackage,
  reportInternalError,
} from '../io/cli-common';
import { AnyCommand, asSentence, columns, runCommand, TOOL_NAME } from '../io/command';
import { didYouMean } from '../model';
import { CommandEntry, COMMANDS, loadCommands } from './commands';

export type { CliIo } from '../io/cli-common';

export const GLOBAL_FLAGS = ['--debug'] as const;

/** The top-level `--help`. */
export function topHelp(commands: readonly AnyCommand[]): string {
  return [
    `${TOOL_NAME} ${readToolPackage().version}: Karpenter on Amazon EKS through GitOps`,
    '',
    `usage: ${TOOL_NAME} <command> [options]`,
    `       ${TOOL_NAME} <command> --help`,
    '',
    'commands:',
    ...columns(commands.map((c) => [c.name, c.summary])),
    '',
    'global options:',
    ...columns([
      ['-h, --help', 'print this help'],
      ['--version', 'print the version'],
      ['--debug', 'on an internal error, also print the stack trace'],
    ]),
    '',
    'Paths are relative to the working folder (your repository): clusters/, dist/, .git.',
    'exit codes: 0 ok, 1 findings, 2 usage error, 70 internal error',
  ].join('\n');
}

function topUsageError(sentence: string, commands: readonly CommandEntry[], io: CliIo): number {
  io.err(`${TOOL_NAME}: ${asSentence(sentence)}`);
  io.err(`usage: ${TOOL_NAME} <command> [options]   (commands: ${commands.map((c) => c.name).join(', ')})`);
  io.err(`Run '${TOOL_NAME} --help' for the commands.`);
  return EXIT_USAGE;
}

/**
 * Runs one command line (without `node` and the script) and resolves to its exit code; never
 * rejects. Output goes through `io`; relative paths are resolved against `io.cwd`.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runCliWith(COMMANDS, argv, io);
}

/** runCli over a given list of commands (tests). */
export async function runCliWith(
  commands: readonly CommandEntry[],
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  const dash = argv.indexOf('--');
  const head = dash === -1 ? argv : argv.slice(0, dash);
  const debug = head.includes('--debug');
  const args = debug
    ? [...head.filter((a) => a !== '--debug'), ...(dash === -1 ? [] : argv.slice(dash))]
    : argv;
  const cio: CliIo = debug ? { ...io, debug: true } : io;
  const [first, ...rest] = args;
  try {
    if (first === undefined) return topUsageError('give a command', commands, cio);
    if (first === '--help' || first === '-h' || first === 'help') {
      cio.out(topHelp(await loadCommands(commands)));
      return EXIT_OK;
    }
    if (first === '--version' || first === '-v') {
      cio.out(readToolPackage().version);
      return EXIT_OK;
    }
    const command = commands.find((c) => c.name === first);
    if (command === undefined) {
      const names = commands.map((c) => c.name);
      const close = first.startsWith('-')
        ? didYouMean(first.replace(/^-+/, ''), ['help', 'version'])
        : didYouMean(first, names);
      const shown = close === undefined ? '' : first.startsWith('-') ? `--${close}` : close;
      const what = first.startsWith('-') ? 'option' : 'command';
      return topUsageError(
        `unknown ${what} '${first}'${shown ? `; did you mean '${shown}'?` : ''}`,
        commands,
        cio,
      );
    }
    return await runCommand(command.name, await command.load(), rest, cio);
  } catch (err) {
    return reportInternalError(`${TOOL_NAME}${first !== undefined ? ` ${first}` : ''}`, err, cio);
  }
}

if (require.main === module) {
  void runCli(process.argv.slice(2), processIo()).then((code) => {
    process.exitCode = code;
  });
}
