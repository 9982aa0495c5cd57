/**
 * Whether the tool itself changed since a git revision, for proof reuse (review/proof-reuse.ts).
 * A released tool's proofs are keyed on what decides them (the proof record: simulator and data
 * versions, template and scenario table hashes), not on its version. Where the tool's own
 * sources are tracked in the checked repository (this repository, where the tool and its
 * example fleet live together), a change to the scenario runner itself would not show in the
 * record, so its tracked files outside the fleet (clusters/), the output (dist/), docs and
 * tests must be unchanged too.
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { TOOL_ROOT } from '../io/tool-root';

/**
 * Undefined when the tool's tracked sources are the same at `ref` as in the working tree (or the
 * tool is not tracked in the project's repository); otherwise why proofs cannot be reused.
 */
export function toolSourcesChangedSince(
  ref: string,
  projectRoot: string,
  tool: string = TOOL_ROOT,
): string | undefined {
  const rel = path.relative(projectRoot, tool);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const at = rel === '' ? '.' : rel.replace(/\\/g, '/');
  const r = spawnSync(
    'git',
    [
      'diff',
      '--quiet',
      ref,
      '--',
      at,
      ':(exclude)clusters',
      ':(exclude)dist',
      ':(exclude)docs',
      ':(exclude)test',
      ':(exclude)*.md',
    ],
    { cwd: projectRoot, stdio: 'ignore' },
  );
  if (r.status === 0) return undefined;
  if (r.status === 1) return `the tool's sources changed since ${ref}`;
  return `git could not compare the tool's sources with ${ref}`;
}
