/**
 * The CRD shapes (schema and CEL rules) of the Karpenter versions the tool ships, read from its
 * generated validation artifacts (`imports/validation/karpenter-v<version>/`), by kind: the
 * storage version of each (EC2NodeClass v1, NodePool v1, ...). Loaded once per version.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadArtifactModule } from './artifact-module';
import type { CrdRule, CrdSchemaNode, CrdShape } from '../crd-schema-diff';
import type { KarpenterVersion } from '../versions';

/** A catalog entry of the artifacts (validation/kubernetes/artifacts.ts writes the same shape). */
interface CatalogRow {
  readonly kind: string;
  readonly base: string;
  readonly storage: boolean;
}

/** Kind → shape of the storage version, from an artifact folder (the tool's or a repository's). */
export function crdShapesIn(dir: string): ReadonlyMap<string, CrdShape> {
  const catalog = loadArtifactModule(join(dir, 'catalog.js')) as readonly CatalogRow[];
  const out = new Map<string, CrdShape>();
  for (const row of catalog) {
    if (!row.storage) continue;
    const schema = loadArtifactModule(join(dir, `${row.base}.schema.js`)) as CrdSchemaNode;
    const table = loadArtifactModule(join(dir, `${row.base}.rules.js`)) as {
      readonly rules: readonly CrdRule[];
    };
    out.set(row.kind, { schema, rules: table.rules.map((r) => ({ rule: r.rule, location: r.location })) });
  }
  return out;
}

const cache = new Map<KarpenterVersion, ReadonlyMap<string, CrdShape>>();

function artifactDir(version: KarpenterVersion): string {
  const rel = join('imports', 'validation', `karpenter-v${version}`);
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, rel, 'catalog.js'))) return join(dir, rel);
    if (dirname(dir) === dir) throw new Error(`${rel} not found: run npm run import`);
  }
}

/** Kind → shape for a version the tool ships. */
export function knownCrdShapes(version: KarpenterVersion): ReadonlyMap<string, CrdShape> {
  let hit = cache.get(version);
  if (hit === undefined) {
    hit = crdShapesIn(artifactDir(version));
    cache.set(version, hit);
  }
  return hit;
}
