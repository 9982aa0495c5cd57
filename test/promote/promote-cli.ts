/**
 * `karpenter-gitops promote` as the tests drive it: a command line parsed by the command frame
 * into PromoteOptions (usage errors thrown as their message), and a whole run in a folder with
 * the gate's timing injected.
 */
import { parseCommand, runCommand } from '../../io/command';
import { GateTiming } from '../../promote/gated-promote';
import { PromoteOptions, promoteCommand, promoteOptionsFrom, promoteRun } from '../../promote/promote';

/** The options a command line gives, or throws the usage error's first line. */
export function parsePromoteArgs(argv: readonly string[]): PromoteOptions {
  const err: string[] = [];
  const io = { out: () => undefined, err: (l: string) => err.push(l), cwd: '.' };
  const parsed = parseCommand('promote', promoteCommand, argv, io);
  if (typeof parsed === 'number') throw new Error(err[0] ?? `exit ${parsed}`);
  const options = promoteOptionsFrom(parsed.values as Parameters<typeof promoteOptionsFrom>[0]);
  if (typeof options === 'string') throw new Error(options);
  return options;
}

/** A whole `promote` run in `cwd`; usage errors exit 2 as on the command line. */
export async function main(
  argv: readonly string[],
  cwd: string,
  io: { readonly out: (l: string) => void; readonly err: (l: string) => void },
  timing: GateTiming = {},
): Promise<number> {
  const parsed = parseCommand('promote', promoteCommand, argv, { ...io, cwd });
  if (typeof parsed === 'number') return parsed;
  const options = promoteOptionsFrom(parsed.values as Parameters<typeof promoteOptionsFrom>[0]);
  if (typeof options === 'string') return runCommand('promote', promoteCommand, argv, { ...io, cwd });
  return promoteRun(options, { ...io, cwd }, timing);
}
