/**
 * The upstream snapshot of 2026-08-21 (../shared/reference/karpenter-main-2026-08-21/, read-only,
 * never copied into the repository), relabelled 1.15.0-pre in the tests: its Chart.yaml still says
 * 1.14.1, but its CRDs have the free-form kubelet of 1.15. Tests build what they need from it in a
 * temporary folder, through the same functions as the import pipeline, and skip, saying why, where
 * ../shared is absent.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { rootSchema, shareRepeatedSubschemas } from '../../validation/kubernetes/structural-schema';

export const SNAPSHOT_DIR = resolve(
  __dirname,
  '..',
  '..',
  '..',
  'shared',
  'reference',
  'karpenter-main-2026-08-21',
);
/** The label the tests give the snapshot. */
export const SNAPSHOT_LABEL = '1.15.0-pre';
export const SNAPSHOT_AVAILABLE = existsSync(join(SNAPSHOT_DIR, 'karpenter', 'crds'));
/** Why a test that needs the snapshot is skipped. */
export const SNAPSHOT_SKIP_REASON = `skipped: the upstream snapshot ${SNAPSHOT_DIR} is absent (../shared beside the checkout)`;

interface CrdDoc {
  spec: {
    group: string;
    names: { plural: string };
    versions: { name: string; schema: { openAPIV3Schema: Record<string, unknown> } }[];
  };
}

/**
 * Writes the snapshot's preprocessed schemas (`<plural>.<group>.<version>.schema.js`, as
 * codegen/generate-validation-artifacts.ts writes them) into a new temporary folder; returns it.
 */
export function buildSnapshotSchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kg-snapshot-'));
  const crds = join(SNAPSHOT_DIR, 'karpenter', 'crds');
  for (const file of readdirSync(crds)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const crd = parse(readFileSync(join(crds, file), 'utf8')) as CrdDoc;
    for (const v of crd.spec.versions) {
      const schema = shareRepeatedSubschemas(rootSchema(v.schema.openAPIV3Schema));
      const base = `${crd.spec.names.plural}.${crd.spec.group}.${v.name}`;
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, `${base}.schema.js`),
        `'use strict';\nmodule.exports = ${JSON.stringify(schema)};\n`,
      );
    }
  }
  return dir;
}

/** The snapshot's chart values (karpenter/values.yaml), parsed. */
export function snapshotValues(): Record<string, unknown> {
  return parse(readFileSync(join(SNAPSHOT_DIR, 'karpenter', 'values.yaml'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** The openAPIV3Schema of a snapshot CRD's first version, e.g. `karpenter.sh_nodepools.yaml`. */
export function snapshotCrdSchema(file: string): Record<string, unknown> {
  const crd = parse(readFileSync(join(SNAPSHOT_DIR, 'karpenter', 'crds', file), 'utf8')) as CrdDoc;
  return crd.spec.versions[0].schema.openAPIV3Schema;
}
