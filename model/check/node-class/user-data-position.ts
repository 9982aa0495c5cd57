/**
 * Positions inside a node class's userData, mapped to the fleet file: exact inside a literal
 * block scalar (`userData: |`), else the position of the userData value itself.
 */
import { CheckContext } from '../check-context';
import { SourceLocation } from '../../shared/fleet-model';
import { locAt, nodeAt, PathSegment } from '../../parse/located';

/** 1-based line and column inside the userData text. */
export interface TextPosition {
  readonly line: number;
  readonly col: number;
}

export function userDataPosition(
  ctx: CheckContext,
  path: readonly PathSegment[],
): (at: TextPosition | undefined) => SourceLocation {
  const base = locAt(ctx.root, path);
  const node = nodeAt(ctx.root, path);
  const source = node?.kind === 'scalar' ? node.source : '';
  const lines = source.split('\n');
  const literal = /^\|[0-9+-]*\s*(#.*)?$/.test(lines[0] ?? '');
  const indent =
    lines
      .slice(1)
      .find((l) => l.trim() !== '')
      ?.search(/\S/) ?? 0;
  return (at) =>
    literal && at !== undefined && at.line < lines.length
      ? { file: base.file, line: base.line + at.line, col: indent + at.col }
      : base;
}
