/**
 * User text echoed in a diagnostic: one line, bounded length. A value with a line break or
 * a terminal escape cannot split or repaint the message, and a 200 000-character key is
 * shown by its beginning.
 */

/** Longest user value echoed in a message, in characters. */
export const MAX_SHOWN_CHARS = 100;

/** Control characters (C0, DEL, C1) and the Unicode line/paragraph separators. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

const ESCAPES: Readonly<Record<number, string>> = { 9: '\\t', 10: '\\n', 13: '\\r' };

/** Escape control characters (`\n`, `\u001b` ...) and shorten to `max` characters with an ellipsis. */
export function show(text: string, max = MAX_SHOWN_CHARS): string {
  const chars = [...text];
  const cut = chars.length > max;
  let out = '';
  for (const ch of cut ? chars.slice(0, max - 1) : chars) {
    const code = ch.codePointAt(0) ?? 0;
    out += isControl(code) ? (ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, '0')}`) : ch;
  }
  return cut ? `${out}…` : out;
}

/** Escape control characters only (for text we wrote ourselves around user values). */
export function oneLine(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += isControl(code) ? (ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, '0')}`) : ch;
  }
  return out;
}

/** Characters of a possibly secret value shown in a message: enough to find it, too few to use it. */
export const MASKED_PREFIX_CHARS = 3;

/**
 * A free-text value that could be a secret, as messages show it: its first characters (at most
 * {@link MASKED_PREFIX_CHARS}, fewer for a short value) and its length, e.g. `ghp… (40 characters)`.
 */
export function masked(text: string): string {
  const chars = [...text];
  const shown = chars.length <= 6 ? 1 : MASKED_PREFIX_CHARS;
  return `${oneLine(chars.slice(0, shown).join(''))}… (${chars.length} characters)`;
}

/** `show`, with every character outside printable ASCII written as `\\uXXXX` (a no-break space is not a space). */
export function showAscii(text: string, max = MAX_SHOWN_CHARS): string {
  let out = '';
  for (const ch of show(text, max)) {
    const code = ch.codePointAt(0) ?? 0;
    out += code === 0x2026 || (code >= 0x20 && code < 0x7f) ? ch : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}
