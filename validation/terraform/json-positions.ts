/**
 * Positions in JSON text: where a JSON path (`resource.aws_iam_role.controller.name`) is written,
 * and where a text that is not JSON goes wrong. The checks walk the parsed value (fast, by the
 * native parser); the text is read again, by jsonc-parser (pinned in package.json: the parser of
 * VS Code's JSON support, offsets for every node), only when there is something to report, so a
 * clean file costs nothing here.
 *
 * Read strictly (no comments, no trailing commas, no empty text), jsonc-parser refuses exactly
 * what JSON.parse refuses (test/validation/terraform/json-positions.test.ts holds it to JSON.parse
 * on mutations of a real module); its error codes are put in words here. For a key written twice
 * in one object, the last one counts, as JSON.parse keeps the last value.
 */
import { Node, ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { PathSegment } from '../../model';

/** 1-based line and column (in UTF-16 code units, as editors using JavaScript strings count). */
export interface TextPosition {
  readonly line: number;
  readonly col: number;
}

/** A JSON syntax error: what was expected, and where. */
export interface JsonSyntaxError extends TextPosition {
  readonly message: string;
}

/** Where a path was found: its key (for an object member) and its value. */
export interface JsonPathLocation {
  /**
   * The key of the deepest object member on the path that is present (the path's own key when
   * `found`), absent when that step is an array index or the path is empty.
   */
  readonly key?: TextPosition;
  /** The value at the path, or at the deepest part of the path that exists. */
  readonly value: TextPosition;
  /** False when the path ended early: `value` is then the deepest ancestor that exists. */
  readonly found: boolean;
}

/** Deeper than this is refused rather than risking the stack (no Terraform file comes close). */
export const MAX_JSON_DEPTH = 1000;

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

/** Offset → 1-based line and column. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, col: offset - lineStart + 1 };
}

function describe(c: string | undefined): string {
  return c === undefined ? 'the end of the text' : c === '\n' ? 'a line break' : `'${c}'`;
}

/** What the end of the text cut short, by jsonc-parser's error code. */
const AT_END: Readonly<Record<string, string>> = {
  CommaExpected: "','",
  CloseBraceExpected: "',' or '}'",
  CloseBracketExpected: "',' or ']'",
  ColonExpected: "':'",
  PropertyNameExpected: 'a key',
};

/** Words for an error jsonc-parser reports at a character (by its code, printParseErrorCode). */
function wordsAt(code: string, found: string, next: string | undefined): string {
  switch (code) {
    case 'InvalidSymbol':
      return next === 'PropertyNameExpected'
        ? `expected a key in double quotes, found ${found}`
        : `unexpected ${found} where a value was expected`;
    case 'ValueExpected':
      return `unexpected ${found} where a value was expected`;
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return `a malformed number (unexpected ${found})`;
    case 'PropertyNameExpected':
      return `expected a key in double quotes, found ${found}`;
    case 'ColonExpected':
      return `expected ':' after the key, found ${found}`;
    case 'CommaExpected':
    case 'CloseBraceExpected':
      return `expected ',' or '}', found ${found}`;
    case 'CloseBracketExpected':
      return `expected ',' or ']', found ${found}`;
    default:
      return `${found} is not allowed here in JSON`;
  }
}

/**
 * The first error of `text` in words, at its character: jsonc-parser reports a bad string at its
 * opening quote, so the offending escape or control character is looked for inside it.
 */
function describeError(text: string, errors: readonly ParseError[], root: Node | undefined): JsonSyntaxError {
  const [first] = errors;
  const code = printParseErrorCode(first.error);
  const span = text.slice(first.offset, first.offset + first.length);
  const at = (offset: number, message: string) => ({ ...positionAt(text, offset), message });
  if (code === 'InvalidEscapeCharacter') {
    const i = span.search(/\\[^"\\/bfnrtu]/);
    return at(first.offset + i, `'${span.slice(i, i + 2)}' is not a JSON escape`);
  }
  if (code === 'InvalidUnicode') return at(first.offset, 'a \\u escape needs four hexadecimal digits');
  if (code === 'UnexpectedEndOfString' || code === 'InvalidCharacter') {
    // The string stops at a control character (jsonc-parser's span ends before it) or holds one.
    // eslint-disable-next-line no-control-regex
    const control = text.slice(first.offset, first.offset + first.length + 1).search(/[\u0000-\u001f]/);
    return control > 0
      ? at(first.offset + control, 'a control character (e.g. a line break) inside a string must be escaped')
      : at(first.offset, 'a string is not closed: add the closing double quote');
  }
  const c = text[first.offset];
  const ended = root !== undefined && first.offset >= root.offset + root.length;
  if (code === 'EndOfFileExpected' || (code === 'InvalidCommentToken' && ended))
    return at(first.offset, 'unexpected text after the end of the JSON value');
  if (c === undefined)
    return at(first.offset, `the text ends where ${AT_END[code] ?? 'a value'} was expected`);
  if ((c === '}' || c === ']') && text.slice(0, first.offset).trimEnd().endsWith(','))
    return at(first.offset, `a trailing ',' before '${c}' is not allowed in JSON`);
  // `01`: a number may not start with 0 (jsonc-parser reads `0`, then expects a comma).
  if (/[0-9]/.test(c) && /(^|[^0-9.eE+-])-?0$/.test(text.slice(0, first.offset)))
    return at(first.offset, `a malformed number (unexpected '${c}')`);
  const next = errors[1] === undefined ? undefined : printParseErrorCode(errors[1].error);
  return at(first.offset, wordsAt(code, describe(c), next));
}

/** How deep arrays and objects nest (outside strings), for refusing a text that would exhaust the stack. */
function depthProblem(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_JSON_DEPTH + 1) return i;
    } else if (c === '}' || c === ']') depth--;
  }
  return undefined;
}

/** The first syntax error in `text`, or undefined when it is one valid JSON value. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const deep = depthProblem(text);
  if (deep !== undefined)
    return {
      ...positionAt(text, deep),
      message: `the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
    };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, STRICT);
  return errors.length === 0 ? undefined : describeError(text, errors, root);
}

/**
 * Where `path` is written in `text` (which must be valid JSON: check with findJsonSyntaxError
 * first). A path that leaves the document early gives its deepest existing ancestor, found false.
 */
export function locateJsonPath(text: string, path: readonly PathSegment[]): JsonPathLocation {
  let node: Node | undefined = parseTree(text, [], STRICT);
  if (node === undefined) return { value: { line: 1, col: 1 }, found: path.length === 0 };
  let key: Node | undefined;
  let depth = 0;
  for (const step of path) {
    let next: Node | undefined;
    let nextKey: Node | undefined;
    if (node.type === 'object' && typeof step === 'string') {
      // The last member of that name, as JSON.parse keeps it.
      const member: Node | undefined = [...(node.children ?? [])]
        .reverse()
        .find((p) => p.children?.[0]?.value === step);
      nextKey = member?.children?.[0];
      next = member?.children?.[1];
    } else if (node.type === 'array' && typeof step === 'number') next = node.children?.[step];
    if (next === undefined) break;
    node = next;
    key = nextKey;
    depth++;
  }
  return {
    ...(key !== undefined ? { key: positionAt(text, key.offset) } : {}),
    value: positionAt(text, node.offset),
    found: depth === path.length,
  };
}
