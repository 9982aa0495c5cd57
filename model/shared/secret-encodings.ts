/**
 * Base64 in text that a node decodes, so that a secret inside it is found too:
 * - the body of a MIME part with `Content-Transfer-Encoding: base64` (cloud-init user data);
 * - a blob on a line that decodes it (`echo … | base64 -d`, `base64 --decode`, `b64decode`);
 * - a line that is nothing but base64 (a Bottlerocket `user-data` setting, a Docker config).
 * Only a blob that decodes to text is kept (binary data holds no secret the rules could read).
 */

export interface EncodedBlob {
  /** Offsets of the encoded text in the scanned text. */
  readonly start: number;
  readonly end: number;
  readonly decoded: string;
  /** Offset in the encoded text (from `start`) of a decoded character's offset. */
  offsetOf(decodedOffset: number): number;
}

const MIN_BLOB = 16;
const DECODING_LINE = /\bbase64\s+(?:-d|-D|--decode)\b|b64decode|base64decode|FromBase64String|base64 -di\b/i;
const BLOB = /[A-Za-z0-9+/]{16,}={0,2}/g;
const WHOLE_LINE_BLOB = /^[ \t]*([A-Za-z0-9+/]{24,}={0,2})[ \t]*$/gm;

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
    offsetOf: (d) => at[Math.min(at.length - 1, Math.floor(byteOffset(d) / 3) * 4)] ?? 0,
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
  // Lines that decode.
  let lineStart = 0;
  for (const line of text.split('\n')) {
    if (DECODING_LINE.test(line)) {
      BLOB.lastIndex = 0;
      for (let m = BLOB.exec(line); m !== null; m = BLOB.exec(line)) add(blob(m[0], lineStart + m.index));
    }
    lineStart += line.length + 1;
  }
  // Lines of nothing but base64.
  WHOLE_LINE_BLOB.lastIndex = 0;
  for (let m = WHOLE_LINE_BLOB.exec(text); m !== null; m = WHOLE_LINE_BLOB.exec(text)) {
    add(blob(m[1], m.index + m[0].indexOf(m[1])));
  }
  return out;
}
