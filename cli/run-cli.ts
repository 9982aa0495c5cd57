/**
 * The command-line dispatcher behind `karpenter-gitops`: global flags, top-level help, usage
 * errors, and running one command of a given list (cli/main.ts gives it every command; a bundle
 * of one command, bin/build-package.js, gives it that command alone, so that its file holds
 * nothing else). Imports no command: each is loaded by its entry's `load`.
 */
import { CliIo, EXIT_OK, EXIT_USAGE, readToolPackage, reportInternalError } from '../io/cli-common';
import { AnyCommand, asSentence, columns, runCommand, TOOL_NAME } from '../io/command';
import { didYouMean } from '../model';
import type { CommandEntry } from './commands';

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

/** Runs one command line over a given list of commands (cli/main.ts: every command). */
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
      cio.out(topHelp(await Promise.all(commands.map((c) => c.load()))));
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
