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
import { CliIo, processIo } from '../io/cli-common';
import { COMMANDS } from './commands';
import { runCliWith } from './run-cli';

export type { CliIo } from '../io/cli-common';
export { GLOBAL_FLAGS, runCliWith, topHelp } from './run-cli';

/**
 * Runs one command line (without `node` and the script) and resolves to its exit code; never
 * rejects. Output goes through `io`; relative paths are resolved against `io.cwd`.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runCliWith(COMMANDS, argv, io);
}

if (require.main === module) {
  void runCli(process.argv.slice(2), processIo()).then((code) => {
    process.exitCode = code;
  });
}
