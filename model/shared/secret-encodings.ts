/**
 * Text that a node reads decoded, so that a secret inside it is found too:
 * - the body of a MIME part with `Content-Transfer-Encoding: base64` (cloud-init user data);
 * - a blob on a line that decodes it (`echo … | base64 -d`, `base64 --decode`, `b64decode`);
 * - a line that is nothing but base64 (a Bottlerocket `user-data` setting, a Docker config);
 * - the base64 value of a Bottlerocket `user-data` key in TOML (`user-data = "…"`), which
 *   Bottlerocket decodes for its bootstrap and host containers;
 * - a line with escaped quotes (`\"`): a TOML basic string, a JSON string or a shell double-quoted
 *   string, read as the string it writes, so that `"{\"auths\": {…}}"` (a Docker config.json in
 *   Bottlerocket TOML user data) matches the rules written for `{"auths": {…}}`.
 * Only a blob that decodes to text is kept (binary data holds no secret the rules could read).
 */

export interface EncodedBlob {
  /** Offsets of the encoded text in the scanned text. */
  readonly start: number;
  readonly end: number;
  readonly decoded: string;
  /** How it is written: base64 (named in the finding) or string escapes (read as written). */
  readonly encoding: 'base64' | 'escapes';
  /** Offset in the encoded text (from `start`) of a decoded character's offset. */
  offsetOf(decodedOffset: number): number;
}

const MIN_BLOB = 16;
const DECODING_LINE = /\bbase64\s+(?:-d|-D|--decode)\b|b64decode|base64decode|FromBase64String|base64 -di\b/i;
const BLOB = /[A-Za-z0-9+/]{16,}={0,2}/g;
const WHOLE_LINE_BLOB = /^[ \t]*([A-Za-z0-9+/]{24,}={0,2})[ \t]*$/gm;
/** A Bottlerocket `user-data` value in TOML or YAML: base64 that Bottlerocket decodes. */
const USER_DATA_SETTING = /\buser-data["']?[ \t]*[=:][ \t]*["']?([A-Za-z0-9+/]{16,}={0,2})["']?/g;
/** The escapes of TOML basic strings and JSON strings that the rules' context needs read. */
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', n: '\n', t: '\t' };

/** Whether decoded bytes are text: valid UTF-8, almost all printable. */
function asText(bytes: Buffer): string | undefined {
  const text = bytes.toString('utf8');
  if (text.length === 0 || text.includes('\ufffd')) return undefined;
  let printable = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 9 || c === 10 || c === 13 || (c >= 0x20 && c !== 0x7f)) printable++;
  }
  return printable / text.length >= 0.95 ? text : undefined;
}

/** A blob spanning `raw` (base64 with line breaks allowed) at `start`. */
function blob(raw: string, start: number): EncodedBlob | undefined {
  const compact = raw.replace(/\s+/g, '');
  if (compact.length < MIN_BLOB || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  const decoded = asText(Buffer.from(compact, 'base64'));
  if (decoded === undefined) return undefined;
  // Where each compact character sits in raw.
  const at: number[] = [];
  for (let i = 0; i < raw.length; i++) if (!/\s/.test(raw[i])) at.push(i);
  const byteOffset = (chars: number) => Buffer.byteLength(decoded.slice(0, chars), 'utf8');
  return {
    start,
    end: start + raw.trimEnd().length,
    decoded,
    encoding: 'base64',
    offsetOf: (d) => at[Math.min(at.length - 1, Math.floor(byteOffset(d) / 3) * 4)] ?? 0,
  };
}

/** A line with escaped quotes, read as the string it writes. */
function unescaped(line: string, start: number): EncodedBlob | undefined {
  let decoded = '';
  const at: number[] = [];
  for (let i = 0; i < line.length; i++) {
    const replacement = line[i] === '\\' ? ESCAPES[line[i + 1]] : undefined;
    at.push(i);
    if (replacement === undefined) decoded += line[i];
    else {
      decoded += replacement;
      i++;
    }
  }
  return {
    start,
    end: start + line.length,
    decoded,
    encoding: 'escapes',
    offsetOf: (d) => at[Math.min(at.length - 1, d)] ?? 0,
  };
}

export function encodedBlobs(text: string): EncodedBlob[] {
  const out: EncodedBlob[] = [];
  const add = (b: EncodedBlob | undefined) => {
    if (b !== undefined && !out.some((o) => o.start < b.end && b.start < o.end)) out.push(b);
  };
  // MIME parts.
  const header = /^Content-Transfer-Encoding:[ \t]*base64[ \t]*\r?$/gim;
  for (let m = header.exec(text); m !== null; m = header.exec(text)) {
    const blank = /\r?\n[ \t]*\r?\n/g;
    blank.lastIndex = m.index;
    const b = blank.exec(text);
    if (b === null) continue;
    const bodyStart = b.index + b[0].length;
    const boundary = /^[ \t]*--/gm;
    boundary.lastIndex = bodyStart;
    const e = boundary.exec(text);
    add(blob(text.slice(bodyStart, e === null ? text.length : e.index), bodyStart));
  }
  // Lines that decode, Bottlerocket user-data values, lines with escaped quotes.
  let lineStart = 0;
  for (const line of text.split('\n')) {
    if (DECODING_LINE.test(line)) {
      BLOB.lastIndex = 0;
      for (let m = BLOB.exec(line); m !== null; m = BLOB.exec(line)) add(blob(m[0], lineStart + m.index));
    }
    if (line.includes('user-data')) {
      USER_DATA_SETTING.lastIndex = 0;
      for (let m = USER_DATA_SETTING.exec(line); m !== null; m = USER_DATA_SETTING.exec(line))
        add(blob(m[1], lineStart + m.index + m[0].indexOf(m[1])));
    }
    if (line.includes('\\"')) add(unescaped(line, lineStart));
    lineStart += line.length + 1;
  }
  // Lines of nothing but base64.
  WHOLE_LINE_BLOB.lastIndex = 0;
  for (let m = WHOLE_LINE_BLOB.exec(text); m !== null; m = WHOLE_LINE_BLOB.exec(text)) {
    add(blob(m[1], m.index + m[0].indexOf(m[1])));
  }
  return out;
}
