/**
 * The imported CRDs of the ACK controllers (imports/validation/ack-<controller>-v<version>/,
 * codegen/generate-ack-artifacts.ts), by API group, loaded on first use: a fleet without an `ack`
 * cluster never loads them. A group of an ACK controller whose artifacts are missing resolves to
 * that controller, so the finding can name what to install.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACK_SOURCES,
  AckControllerSource,
  ackImportDirName,
} from '../../policies/targets/ack/ack-controllers';
import { ArtifactSet, VALIDATION_IMPORT_DIR } from './artifacts';

export type AckSetLookup =
  | { readonly set: ArtifactSet; readonly source: AckControllerSource }
  | { readonly missing: AckControllerSource };

const cache = new Map<string, AckSetLookup | undefined>();

/** The artifact set of an ACK group, its controller when not imported, or undefined for other groups. */
export function ackArtifactSet(root: string, group: string): AckSetLookup | undefined {
  const key = `${root}|${group}`;
  if (cache.has(key)) return cache.get(key);
  const source = ACK_SOURCES.find((s) => s.group === group);
  let found: AckSetLookup | undefined;
  if (source) {
    const dirName = ackImportDirName(source);
    found = existsSync(join(root, 'imports', VALIDATION_IMPORT_DIR, dirName, 'catalog.js'))
      ? {
          set: new ArtifactSet(
            root,
            `ack-${source.controller}`,
            source.version,
            join(root, 'imports', VALIDATION_IMPORT_DIR, dirName),
            false,
          ),
          source,
        }
      : { missing: source };
  }
  cache.set(key, found);
  return found;
}
