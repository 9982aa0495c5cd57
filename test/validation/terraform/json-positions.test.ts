import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createPrng, DEFAULT_FUZZ_SEED } from '../../reliability/prng';
import {
  MAX_JSON_DEPTH,
  findJsonSyntaxError,
  locateJsonPath,
  positionAt,
} from '../../../validation/terraform/json-positions';

const TEXT = [
  '{',
  '  "resource": {',
  '    "aws_iam_role": {',
  '      "controller": { "name": "a", "tags": { "team": "x" } },',
  '      "node": {',
  '        "name": "first",',
  '        "name": "second"',
  '      }',
  '    }',
  '  },',
  '  "list": [1, {"deep": [true, "\\u0041\\"quoted"]}],',
  '  "esc\\u0061ped": null',
  '}',
].join('\n');

describe('positionAt', () => {
  it('counts 1-based lines and columns', () => {
    expect(positionAt('ab\ncd', 0)).toEqual({ line: 1, col: 1 });
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, col: 2 });
  });
});

describe('locateJsonPath', () => {
  it('finds the key and the value of a member', () => {
    expect(locateJsonPath(TEXT, ['resource', 'aws_iam_role', 'controller', 'tags', 'team'])).toEqual({
      key: { line: 4, col: 46 },
      value: { line: 4, col: 54 },
      found: true,
    });
  });

  it('finds array items by index, and keys written with escapes', () => {
    expect(locateJsonPath(TEXT, ['list', 1, 'deep', 1])).toMatchObject({
      value: { line: 11, col: 31 },
      found: true,
    });
    expect(locateJsonPath(TEXT, ['escaped'])).toMatchObject({ key: { line: 12, col: 3 }, found: true });
  });

  it('takes the last of a key written twice, as JSON.parse does', () => {
    expect(locateJsonPath(TEXT, ['resource', 'aws_iam_role', 'node', 'name'])).toMatchObject({
      key: { line: 7, col: 9 },
      found: true,
    });
  });

  it('falls back to the deepest ancestor for a member that is not there', () => {
    expect(locateJsonPath(TEXT, ['resource', 'aws_iam_role', 'node', 'assume_role_policy'])).toEqual({
      key: { line: 5, col: 7 },
      value: { line: 5, col: 15 },
      found: false,
    });
    expect(locateJsonPath(TEXT, [])).toEqual({ value: { line: 1, col: 1 }, found: true });
  });
});

describe('findJsonSyntaxError', () => {
  it('accepts valid JSON', () => {
    expect(findJsonSyntaxError(TEXT)).toBeUndefined();
    expect(findJsonSyntaxError(' -1.5e+3 ')).toBeUndefined();
  });

  it.each([
    ['{"a": 1,}', 1, 9, "a trailing ',' before '}' is not allowed in JSON"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}', found '\"'"],
    ["{'a': 1}", 1, 2, "expected a key in double quotes, found '''"],
    ['{"a": 01}', 1, 8, "a malformed number (unexpected '1')"],
    ['{"a": tru}', 1, 7, "unexpected 't' where a value was expected"],
    ['{"a": "x\ny"}', 1, 9, 'a control character (e.g. a line break) inside a string must be escaped'],
    ['{"a": "\\q"}', 1, 8, "'\\q' is not a JSON escape"],
    ['{"a": [1, 2', 1, 12, "the text ends where ',' or ']' was expected"],
    ['{"a": "open', 1, 7, 'a string is not closed: add the closing double quote'],
    ['{} {}', 1, 4, 'unexpected text after the end of the JSON value'],
    ['', 1, 1, 'the text ends where a value was expected'],
    ['{"a": 1} // comment', 1, 10, 'unexpected text after the end of the JSON value'],
    ['{"a": "\\u00g1"}', 1, 7, 'a \\u escape needs four hexadecimal digits'],
    ['{"a": 1 // comment\n}', 1, 9, "'/' is not allowed here in JSON"],
  ])('%j: line %i col %i', (text, line, col, message) => {
    expect(findJsonSyntaxError(text)).toEqual({ line, col, message });
    expect(() => JSON.parse(text)).toThrow();
  });
});

describe('findJsonSyntaxError against JSON.parse', () => {
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);
  const fixture = readFileSync(
    resolve(__dirname, '..', '..', 'fixtures', 'terraform', 'karpenter-module.tf.json'),
    'utf8',
  );
  const pieces = [
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '"',
    '\\',
    '0',
    '-',
    '.',
    'e',
    't',
    'n',
    ' ',
    '\n',
    '\u0001',
    'x',
  ];

  it(`agrees on 2,000 one- and two-character mutations of a real module (seed ${seed})`, () => {
    const prng = createPrng(seed);
    for (let n = 0; n < 2000; n++) {
      let text = fixture;
      for (let k = 1 + prng.int(2); k > 0; k--) {
        const at = prng.int(text.length);
        const op = prng.int(3);
        const piece = prng.pick(pieces);
        text =
          op === 0
            ? text.slice(0, at) + text.slice(at + 1)
            : op === 1
              ? text.slice(0, at) + piece + text.slice(at)
              : text.slice(0, at) + piece + text.slice(at + 1);
      }
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      const error = findJsonSyntaxError(text);
      if ((error === undefined) !== parses)
        throw new Error(`disagrees with JSON.parse (${parses}) on case ${n}: ${JSON.stringify(error)}`);
    }
  });

  it('refuses nesting deeper than the limit instead of overflowing the stack', () => {
    const deep = '['.repeat(MAX_JSON_DEPTH + 5) + ']'.repeat(MAX_JSON_DEPTH + 5);
    expect(findJsonSyntaxError(deep)).toEqual({
      line: 1,
      col: MAX_JSON_DEPTH + 2,
      message: `the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
    });
    expect(findJsonSyntaxError('['.repeat(100) + ']'.repeat(100))).toBeUndefined();
  });
});
