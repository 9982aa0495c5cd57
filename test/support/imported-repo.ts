/**
 * A repository with the 1.99.0 all-kinds chart imported (test/support/chart-fixtures.ts
 * build199AllKindsArchive), shared by the pass-through tests: write a fleet, synth, read dist/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runImport } from '../../codegen/import/import-command';
import { ADDED_ENUM, ADDED_FIELD, ADDED_PER_KIND, build199AllKindsArchive, synthIn } from './chart-fixtures';
import { DEFAULTS, MINIMAL } from './fleet-files';

export interface ImportedRepo {
  /** Replaces clusters/ with `files` and runs synth there. */
  readonly synth: (files: Record<string, string>) => ReturnType<typeof synthIn>;
  /** A generated object of cluster `cluster` (default shop), parsed. */
  readonly generated: (file: string, cluster?: string) => { spec: Record<string, unknown> };
}

/** Imports the chart in beforeAll and removes the repository in afterAll. */
export function importedAllKindsRepo(): ImportedRepo {
  let repo = '';
  beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), 'kg-pass-through-'));
    const work = mkdtempSync(join(tmpdir(), 'kg-pass-through-work-'));
    await runImport([build199AllKindsArchive(work)], repo, {});
    rmSync(work, { recursive: true, force: true });
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  return {
    synth: (files) => {
      rmSync(join(repo, 'clusters'), { recursive: true, force: true });
      rmSync(join(repo, 'dist'), { recursive: true, force: true });
      mkdirSync(join(repo, 'clusters'));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(repo, 'clusters', name), text);
      return synthIn(repo);
    },
    generated: (file, cluster = 'shop') =>
      parse(readFileSync(join(repo, 'dist', cluster, 'karpenter', file), 'utf8')) as {
        spec: Record<string, unknown>;
      },
  };
}

/** Lines 1-6 MINIMAL, 7-11 karpenter, 12-13 nodeClasses, 14-17 nodePools.general (`pool` from 18). */
export const IMPORTED_CLUSTER = (version: string, pool: string, rest = ''): string =>
  `${MINIMAL}karpenter:
  version: ${version}
  featureGates:
    nodeOverlay: true
    capacityBuffer: true
nodeClasses:
  default: { alias: al2023@v20260714 }
nodePools:
  general:
    nodeClass: default
    limits: { cpu: "100" }
${pool}${rest}`;

/**
 * `_defaults.yaml` with pass-through fields of the 1.99.0 import: lines 3-7 nodeClasses.shared
 * (hibernation at 6, instanceStorePolicy at 7), 8-13 nodePools.shared (schedulingPriority at 13).
 */
export const IMPORTED_DEFAULTS_WITH = (mode: string, priority: number): string => `${DEFAULTS}nodeClasses:
  shared:
    alias: al2023@v20260714
    ${ADDED_FIELD}: { mode: ${mode} }
    ${ADDED_ENUM.field}: ${ADDED_ENUM.value}
nodePools:
  shared:
    nodeClass: shared
    limits: { cpu: "100" }
    weight: 10
    ${ADDED_PER_KIND.poolSpecField}: ${priority}
`;

/** A second cluster, `other`, on `version`, with `extra` lines after its pool. */
export const IMPORTED_OTHER = (version: string, extra = ''): string =>
  `${IMPORTED_CLUSTER(version, '').replace('name: demo', 'name: other')}${extra}`;
