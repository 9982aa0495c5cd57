/** Base64 a node decodes: MIME parts, `base64 -d` blobs, lines of nothing but base64. */
import { encodedBlobs } from '../../../model/shared/secret-encodings';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('encodedBlobs', () => {
  it('decodes the body of a base64 MIME part and maps decoded offsets to the encoded lines', () => {
    const body = b64('#!/bin/bash\nexport TOKEN=abcdefghijklmnop\n').replace(/(.{20})/g, '$1\n');
    const text = `Content-Type: text/x-shellscript\nContent-Transfer-Encoding: base64\n\n${body}\n--B--\n`;
    const [blob] = encodedBlobs(text);
    expect(blob.decoded).toBe('#!/bin/bash\nexport TOKEN=abcdefghijklmnop\n');
    const at = blob.start + blob.offsetOf(blob.decoded.indexOf('TOKEN'));
    // 'TOKEN' is decoded byte 19: in base64 group 6 (character 24), on the second 20-character line.
    expect(text.slice(0, at).split('\n').length).toBe(5);
  });

  it('decodes a blob on a line that runs base64 -d, and a line of nothing but base64', () => {
    const line = `echo ${b64('password=hunter2hunter2')} | base64 -d > /etc/x`;
    expect(encodedBlobs(line).map((b) => b.decoded)).toEqual(['password=hunter2hunter2']);
    expect(
      encodedBlobs(`settings:\n  ${b64('{"auths":{"r":{"auth":"eDp5"}}}')}\n`).map((b) => b.decoded),
    ).toEqual(['{"auths":{"r":{"auth":"eDp5"}}}']);
  });

  it('keeps only what decodes to text, and nothing on lines that do not decode', () => {
    expect(
      encodedBlobs(
        `echo ${Buffer.from([0, 1, 2, 250, 251, 252, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).toString('base64')} | base64 -d`,
      ),
    ).toEqual([]);
    expect(encodedBlobs(`echo ${b64('password=hunter2hunter2')} > /etc/x`)).toEqual([]);
  });

  it('decodes the base64 value of a Bottlerocket user-data key (TOML or YAML)', () => {
    const text = `[settings.bootstrap-containers.boot]\nuser-data = "${b64('{"auths":{"r":{"auth":"eDp5eDp5"}}}')}"\n`;
    expect(encodedBlobs(text).map((b) => [b.encoding, b.decoded])).toEqual([
      ['base64', '{"auths":{"r":{"auth":"eDp5eDp5"}}}'],
    ]);
  });

  it('reads a line with escaped quotes as the string it writes, each character at its place', () => {
    const text = 'x = 1\nmotd = "{\\"auth\\":\\"ZGVwbG95Onh5\\"}\\n"\n';
    const [view] = encodedBlobs(text);
    expect(view.encoding).toBe('escapes');
    expect(view.decoded).toBe('motd = "{"auth":"ZGVwbG95Onh5"}\n"');
    const d = view.decoded.indexOf('ZGV');
    expect(text.slice(view.start + view.offsetOf(d), view.start + view.offsetOf(d) + 3)).toBe('ZGV');
    expect(encodedBlobs('motd = "no escapes here"')).toEqual([]);
  });
});
