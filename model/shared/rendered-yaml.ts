/**
 * YAML texts this process wrote itself, remembered with the value they were written from, so
 * the validator can take the value instead of reading the bytes back.
 *
 * Only texts from charts/yaml-emitter.ts are remembered: its output reads back (js-yaml,
 * validation/manifest-source.ts's schema: YAML 1.2 core plus YAML 1.1 booleans) as exactly
 * the JSON form of the value it was written from (test/charts/yaml-emitter.test.ts checks
 * this on every committed manifest, the synthetic fleet and 10,000 random values). The key
 * is the text itself: whatever file it ends up in, the same bytes read back the same way.
 * The value is kept as JSON text, so every reader gets a fresh copy it may change.
 */

/** Most texts remembered; the memo is emptied when it is full (a 500-cluster fleet writes ~7,500). */
const LIMIT = 20_000;

const remembered = new Map<string, string>();

/** Remember that `text` reads back as the JSON form of `value`. */
export function rememberRendered(text: string, value: unknown): void {
  if (remembered.size >= LIMIT) remembered.clear();
  remembered.set(text, JSON.stringify(value));
}

/**
 * The documents `text` reads back as when this process wrote it (one per file), or undefined
 * when it did not (then the caller parses the text).
 */
export function renderedDocuments(text: string): unknown[] | undefined {
  const json = remembered.get(text);
  return json === undefined ? undefined : [JSON.parse(json) as unknown];
}

/** Forget every remembered text (the benchmark uses it to time reading the bytes back). */
export function forgetRendered(): void {
  remembered.clear();
}
