/**
 * Every command of `karpenter-gitops`, in the order `--help` lists them. A command is declared
 * beside its logic with defineCommand (io/command.ts); adding one is a line here.
 *
 * Each is loaded only when it runs: `synth` must not pay for loading the AWS SDK clients of
 * `preflight` or the converter (start-up is a quarter of a small fleet's synth).
 */
import { AnyCommand } from '../io/command';

export interface CommandEntry {
  /** What users type; equal to the declaration's name (a test checks). */
  readonly name: string;
  readonly load: () => Promise<AnyCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'init', load: async () => (await import('../init/init-command')).initCommand },
  { name: 'synth', load: async () => (await import('../synth/synth')).synthCommand },
  { name: 'check', load: async () => (await import('../review/check')).checkCommand },
  { name: 'impact', load: async () => (await import('../review/impact/impact')).impactCommand },
  { name: 'report', load: async () => (await import('../review/report')).reportCommand },
  { name: 'validate', load: async () => (await import('../validation/cli')).validateCommand },
  { name: 'policies', load: async () => (await import('../policies/cli')).policiesCommand },
  { name: 'preflight', load: async () => (await import('../preflight/cli')).preflightCommand },
  { name: 'promote', load: async () => (await import('../promote/promote')).promoteCommand },
  { name: 'convert', load: async () => (await import('../convert/cli')).convertCommand },
  { name: 'import', load: async () => (await import('../codegen/import/import-command')).importCommand },
];

/** Every command's declaration (for the top-level help and tests). */
export function loadCommands(entries: readonly CommandEntry[] = COMMANDS): Promise<AnyCommand[]> {
  return Promise.all(entries.map((e) => e.load()));
}
