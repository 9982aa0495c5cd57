/**
 * Reads chosen files out of a gzipped tar archive (an npm package tarball) in memory, so the
 * import never unpacks a package into the project. Understands ustar headers (name + prefix),
 * pax `path` records and GNU long names; that covers what `npm pack` writes.
 */
import { createGunzip } from 'node:zlib';

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  const text = field(header, start, length).trim();
  return text === '' ? 0 : parseInt(text, 8);
}

/** `path=…` from a pax extended header body. */
function paxPath(body: Buffer): string | undefined {
  let i = 0;
  while (i < body.length) {
    const space = body.indexOf(32, i);
    if (space === -1) break;
    const length = parseInt(body.subarray(i, space).toString('ascii'), 10);
    if (!(length > 0)) break;
    const record = body.subarray(space + 1, i + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (record.slice(0, eq) === 'path') return record.slice(eq + 1);
    i += length;
  }
  return undefined;
}

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
  let pending: Buffer = Buffer.alloc(0);
  /** Bytes of the current entry's body still to come, and its padding after it. */
  let body:
    { name: string; keep: boolean; type: string; size: number; parts: Buffer[]; left: number } | undefined;
  let skipPadding = 0;
  let nextName: string | undefined;
  let ended = false;

  const finishBody = (b: NonNullable<typeof body>): void => {
    const data = Buffer.concat(b.parts);
    if (b.type === 'x') nextName = paxPath(data) ?? nextName;
    else if (b.type === 'L') nextName = field(data, 0, data.length);
    else if (b.keep) out.set(b.name, data);
  };

  const consume = (): void => {
    for (;;) {
      if (skipPadding > 0) {
        const n = Math.min(skipPadding, pending.length);
        pending = pending.subarray(n);
        skipPadding -= n;
        if (skipPadding > 0) return;
      }
      if (body) {
        const n = Math.min(body.left, pending.length);
        if (body.keep || body.type === 'x' || body.type === 'L') body.parts.push(pending.subarray(0, n));
        pending = pending.subarray(n);
        body.left -= n;
        if (body.left > 0) return;
        finishBody(body);
        skipPadding = (BLOCK - (body.size % BLOCK)) % BLOCK;
        body = undefined;
        continue;
      }
      if (ended || pending.length < BLOCK) return;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((b) => b === 0)) {
        ended = true;
        return;
      }
      const size = octal(header, 124, 12);
      const type = String.fromCharCode(header[156] || 48);
      const prefix = field(header, 345, 155);
      const own = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
      const name = type === 'x' || type === 'L' || type === 'g' ? own : (nextName ?? own);
      if (type !== 'x' && type !== 'L' && type !== 'g') nextName = undefined;
      const keep = (type === '0' || type === '7') && wanted(name);
      body = { name, keep, type, size, parts: [], left: size };
    }
  };

  await new Promise<void>((resolve, reject) => {
    const gunzip = createGunzip();
    gunzip.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      consume();
    });
    gunzip.on('end', resolve);
    gunzip.on('error', reject);
    gunzip.end(archive);
  });
  if (body !== undefined && !ended) throw new Error(`tar archive is truncated (in ${body.name})`);
  return out;
}
