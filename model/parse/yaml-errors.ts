/** The YAML library's errors in our own words, at their positions (never its raw text). */
import { Document } from 'yaml';
import { Diagnostic } from '../shared/diagnostics';
import { SourceLocation } from '../shared/fleet-model';

/** Friendly wording for the YAML library's error codes (never its raw text). */
const YAML_ERRORS: Partial<Record<string, { message: string; fix: string }>> = {
  BAD_INDENT: {
    message: 'YAML syntax error: bad indentation or an unclosed bracket',
    fix: 'Indent nested keys consistently with spaces and close every [ and {',
  },
  TAB_AS_INDENT: {
    message: 'YAML syntax error: tab used for indentation',
    fix: 'Indent with spaces, not tabs',
  },
  MISSING_CHAR: {
    message: 'YAML syntax error: a closing quote or bracket is missing',
    fix: 'Close every quote, [ and { you open',
  },
  BAD_DQ_ESCAPE: {
    message: 'YAML syntax error: invalid escape in a double-quoted string',
    fix: 'Use single quotes, or escape backslashes as \\\\',
  },
  MULTILINE_IMPLICIT_KEY: {
    message: 'YAML syntax error: a key spans several lines (often a missing colon or quote)',
    fix: 'Write `key: value` on one line',
  },
  BLOCK_AS_IMPLICIT_KEY: {
    message: 'YAML syntax error: a nested block cannot be used as a key',
    fix: 'Check the indentation and the colons of the lines above',
  },
  UNEXPECTED_TOKEN: {
    message: 'YAML syntax error: unexpected text',
    fix: 'Check the indentation, colons and quotes on this line',
  },
  BAD_ALIAS: {
    message: 'YAML alias names an anchor that is not defined',
    fix: 'Define `&name` before using `*name`',
  },
  KEY_OVER_1024_CHARS: { message: 'map key is longer than 1024 characters', fix: 'Use a shorter key' },
  TAG_RESOLVE_FAILED: { message: 'unknown YAML tag', fix: 'Remove the `!tag`; plain values are enough' },
  BAD_SCALAR_START: {
    message: 'YAML syntax error: a plain value cannot start with this character',
    fix: 'Quote the value',
  },
  BLOCK_IN_FLOW: {
    message: 'YAML syntax error: block value inside [ ] or { }',
    fix: 'Use flow style (a, b) inside brackets or write the block outside them',
  },
};

export function yamlErrors(doc: Document.Parsed, at: (o: number) => SourceLocation): Diagnostic[] {
  return doc.errors.map((err) => {
    const known = YAML_ERRORS[err.code];
    const loc = at(err.pos[0]);
    return {
      severity: 'error' as const,
      ...loc,
      path: '',
      message: known?.message ?? `YAML syntax error (${err.code.toLowerCase().replace(/_/g, ' ')})`,
      fix: known?.fix ?? 'Check the YAML syntax on this line',
    };
  });
}
