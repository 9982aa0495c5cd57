/**
 * Every command of `karpenter-gitops`, in the order `--help` lists them. A command is declared
 * beside its logic with defineCommand (io/command.ts); adding one is a line here.
 */
import { convertCommand } from '../convert/cli';
import { initCommand } from '../init/init-command';
import { AnyCommand } from '../io/command';
import { policiesCommand } from '../policies/cli';
import { preflightCommand } from '../preflight/cli';
import { promoteCommand } from '../promote/promote';
import { checkCommand } from '../review/check';
import { impactCommand } from '../review/impact';
import { synthCommand } from '../synth/synth';
import { validateCommand } from '../validation/cli';

export const COMMANDS: readonly AnyCommand[] = [
  initCommand,
  synthCommand,
  checkCommand,
  impactCommand,
  validateCommand,
  policiesCommand,
  preflightCommand,
  promoteCommand,
  convertCommand,
];
