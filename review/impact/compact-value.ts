/**
 * Short, single-line rendering of a field value for the report: scalars as written, lists and maps
 * as compact JSON with sorted keys, cut at a fixed width so one line stays one line.
 */
import { canonical } from './field-diff';

/** Longest value shown before it is cut with an ellipsis. */
export const MAX_VALUE_WIDTH = 80;

export function compactValue(v: unknown, width = MAX_VALUE_WIDTH): string {
  const text = typeof v === 'string' ? v : canonical(v);
  const oneLine = text.replace(/\r?\n/g, '⏎');
  return oneLine.length > width ? `${oneLine.slice(0, width - 1)}…` : oneLine;
}

/** Inline code for Markdown that survives backticks in the value. */
export function mdCode(text: string): string {
  if (!text.includes('`')) return `\`${text}\``;
  return `\`\` ${text} \`\``;
}

/** A field change in words: `old` → `new`, added `v`, removed `v`, reordered, or a line count for text. */
export function describeValues(
  kind: string,
  before: unknown,
  after: unknown,
  code: (s: string) => string = mdCode,
): string {
  switch (kind) {
    case 'added':
      return `added ${code(compactValue(after))}`;
    case 'removed':
      return `removed ${code(compactValue(before))}`;
    case 'reordered':
      return 'reordered';
    default:
      if (
        typeof before === 'string' &&
        typeof after === 'string' &&
        (before.includes('\n') || after.includes('\n'))
      ) {
        return `text changed (${lineDelta(before, after)})`;
      }
      return `${code(compactValue(before))} → ${code(compactValue(after))}`;
  }
}

/** `+a −r lines` between two texts, by multiset of lines (order-insensitive, cheap). */
function lineDelta(before: string, after: string): string {
  const count = new Map<string, number>();
  for (const l of before.split('\n')) count.set(l, (count.get(l) ?? 0) + 1);
  let added = 0;
  for (const l of after.split('\n')) {
    const n = count.get(l) ?? 0;
    if (n > 0) count.set(l, n - 1);
    else added++;
  }
  const removed = [...count.values()].reduce((s, n) => s + n, 0);
  return `+${added} −${removed} lines`;
}
