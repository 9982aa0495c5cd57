/**
 * Reads chosen files out of a gzipped tar archive (an npm package tarball, a Helm chart) in memory,
 * so the import never unpacks a package into the project. The archive format (ustar names with
 * their prefix, pax `path` records, GNU long names) is read by tar-stream (pinned in package.json);
 * this module is the one entry point the import steps use.
 */
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';

/** Entry types whose body is a file's bytes (`0` and `7` in the header). */
const FILE_TYPES: ReadonlySet<string> = new Set(['file', 'contiguous-file']);

/**
 * The regular files of a `.tgz` whose path `wanted` accepts: path → bytes. The archive is
 * decompressed as a stream and bodies nobody wants are skipped, so a package that unpacks to
 * hundreds of megabytes is read in a few megabytes of memory. Throws on a truncated archive.
 */
export async function readTarGz(
  archive: Buffer,
  wanted: (path: string) => boolean,
): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const entries = extract();
  const gunzip = createGunzip();
  gunzip.on('error', (e) => entries.destroy(e));
  gunzip.pipe(entries as unknown as NodeJS.WritableStream);
  gunzip.end(archive);
  let current: string | undefined;
  try {
    for await (const entry of entries) {
      current = entry.header.name;
      if (!FILE_TYPES.has(entry.header.type) || !wanted(current)) {
        entry.resume();
        continue;
      }
      const parts: Buffer[] = [];
      for await (const part of entry) parts.push(Buffer.from(part as Uint8Array));
      out.set(current, Buffer.concat(parts));
    }
  } catch (e) {
    if (current !== undefined && /unexpected end of data/i.test((e as Error).message))
      throw new Error(`tar archive is truncated (in ${current})`);
    throw e;
  }
  return out;
}
