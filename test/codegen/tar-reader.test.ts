import { gzipSync } from 'node:zlib';
import { readTarGz } from '../../codegen/tar-reader';

/** One 512-byte ustar header. */
function header(name: string, size: number, type: string, prefix = ''): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(type, 156);
  h.write('ustar\0', 257);
  h.write(prefix, 345, 155, 'utf8');
  // The checksum: the header's bytes summed with its own field read as spaces (POSIX ustar).
  h.fill(32, 148, 156);
  const sum = h.reduce((a, b) => a + b, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

function entry(name: string, body: string | Buffer, type = '0', prefix = ''): Buffer {
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  const padding = Buffer.alloc((512 - (data.length % 512)) % 512);
  return Buffer.concat([header(name, data.length, type, prefix), data, padding]);
}

function pax(path: string): Buffer {
  const record = (len: number): string => `${len} path=${path}\n`;
  let length = record(0).length;
  while (record(length).length !== length) length = record(length).length;
  return Buffer.from(record(length));
}

function tgz(...entries: Buffer[]): Buffer {
  return gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]));
}

describe('readTarGz', () => {
  it('returns only the wanted regular files, by their full path', async () => {
    const big = Buffer.alloc(70_000, 7); // spans many gunzip chunks
    const archive = tgz(
      entry('package/', '', '5'),
      entry('package/package.json', '{"name":"p"}'),
      entry('package/lib/big.bin', big),
      entry('index.js', 'split name', '0', 'package/lib/iam-role'),
      entry('PaxHeader', pax('package/lib/a-very-long-folder-name/index.js'), 'x'),
      entry('package/lib/a-very-lo', 'from pax'),
      entry('././@LongLink', 'package/lib/gnu-long/index.js\0', 'L'),
      entry('package/lib/gnu-lo', 'from gnu'),
    );
    const files = await readTarGz(archive, (p) => p !== 'package/');
    expect([...files.keys()]).toEqual([
      'package/package.json',
      'package/lib/big.bin',
      'package/lib/iam-role/index.js',
      'package/lib/a-very-long-folder-name/index.js',
      'package/lib/gnu-long/index.js',
    ]);
    expect(files.get('package/lib/big.bin')?.equals(big)).toBe(true);
    expect(files.get('package/lib/iam-role/index.js')?.toString()).toBe('split name');
    expect(files.get('package/lib/a-very-long-folder-name/index.js')?.toString()).toBe('from pax');
    const only = await readTarGz(archive, (p) => p.endsWith('package.json'));
    expect([...only.keys()]).toEqual(['package/package.json']);
  });

  it('fails on a truncated archive', async () => {
    const whole = Buffer.concat([entry('package/a.txt', 'x'.repeat(2000))]);
    await expect(readTarGz(gzipSync(whole.subarray(0, 1000)), () => true)).rejects.toThrow(
      /tar archive is truncated \(in package\/a\.txt\)/,
    );
    await expect(readTarGz(Buffer.from('not gzip'), () => true)).rejects.toThrow();
  });

  it('refuses a header whose checksum does not match (a corrupt archive, not an empty file)', async () => {
    const bad = entry('package/a.txt', 'x');
    bad[0] = 'q'.charCodeAt(0);
    await expect(readTarGz(tgz(bad), () => true)).rejects.toThrow(/Invalid tar header/);
  });
});
