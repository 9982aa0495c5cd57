/**
 * Refuses absurd nesting before the YAML parser sees it. The parser recurses once per level,
 * and where a deep enough document exhausts the stack depends on how deep the stack already
 * was, so letting it find out would make the error differ from run to run. This scan is
 * linear and never recurses; it over-estimates the depth (brackets inside block scalars or
 * plain values count too), which only matters for text nested hundreds of levels deep.
 */
import { SourceLocation } from '../shared/fleet-model';

/**
 * Where the estimated nesting first exceeds `limit`, as 1-based line and column; undefined
 * when it never does. Counts block indentation levels, compact `- ` sequence entries and
 * open flow brackets, skipping quoted strings and comments.
 */
export function firstTooDeep(text: string, limit: number): Omit<SourceLocation, 'file'> | undefined {
  const indents: number[] = [];
  let flow = 0;
  let quote: '"' | "'" | undefined;
  const lines = text.split('\n');
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l];
    let i = 0;
    if (quote === undefined) {
      while (line[i] === ' ') i++;
      if (i === line.length || line[i] === '#') continue;
      while (indents.length > 0 && indents[indents.length - 1] > i) indents.pop();
      if (indents.length === 0 || indents[indents.length - 1] < i) indents.push(i);
    }
    let block = indents.length;
    if (quote === undefined && block + flow > limit) return { line: l + 1, col: i + 1 };
    for (; i < line.length; i++) {
      const c = line[i];
      if (quote !== undefined) {
        if (c === '\\' && quote === '"') i++;
        else if (c === quote) {
          if (quote === "'" && line[i + 1] === "'") i++;
          else quote = undefined;
        }
        continue;
      }
      if (c === '"' || c === "'") quote = c;
      else if (c === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) break;
      else if (c === '[' || c === '{') flow++;
      else if ((c === ']' || c === '}') && flow > 0) flow--;
      else if (c === '-' && flow === 0 && (line[i + 1] === ' ' || i + 1 === line.length)) block++;
      else continue;
      if (block + flow > limit) return { line: l + 1, col: i + 1 };
    }
  }
  return undefined;
}
