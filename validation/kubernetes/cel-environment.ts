/**
 * The CEL environment the CRD rules run in: @marcbachmann/cel-js with the two variables the
 * API server binds (`self`, `oldSelf`) and the Kubernetes extension functions the imported
 * rules use that cel-js does not have built in.
 *
 * What the imported rules call (from the rule tables, see test/validation/kubernetes/cel-environment.test.ts):
 *   macros has/all/exists/filter, size, int, in, string startsWith/endsWith/matches/split
 *   (cel-js built-ins), and `find` from the Kubernetes regex library (registered here).
 * Every rule is compiled once (parse + type check); one that does not compile throws
 * CelCompileError, so a rule is never silently skipped.
 *
 * Regular expressions (`matches`, `find`) are RE2, as the API server evaluates them (cel-go's
 * `matches` and the Kubernetes regex library use Go's regexp): `\s` is ASCII only and `.` matches
 * `\r`, U+2028 and U+2029. They run through model/facts/re2-regex.ts, which spells RE2's meaning
 * out in JavaScript. cel-js's built-in `matches` uses JavaScript semantics and cannot be replaced,
 * so each rule's `matches` calls are renamed to the RE2 function before it is compiled
 * (`withRe2Matches`).
 */
import { Environment, ParseResult } from '@marcbachmann/cel-js';
import { re2RegExp } from '../../model';

/** Kubernetes CEL library functions registered on top of cel-js's standard library. */
export const KUBERNETES_CEL_FUNCTIONS = ['string.find(string): string'] as const;

/** The name rules' `matches` calls are compiled as (RE2 semantics). */
const RE2_MATCHES = 're2Matches';

const regexCache = new Map<string, RegExp>();

/** `pattern` (RE2 syntax) as an equivalent JavaScript RegExp; remembered per pattern. */
function regex(pattern: string): RegExp {
  let re = regexCache.get(pattern);
  if (!re) {
    re = re2RegExp(pattern);
    if (regexCache.size >= 1_000) regexCache.clear();
    regexCache.set(pattern, re);
  }
  return re;
}

/** CEL `<string>.matches(<regex>)` / `matches(<string>, <regex>)`: whether RE2 `pattern` matches anywhere in `s`. */
export function re2Matches(s: string, pattern: string): boolean {
  return regex(pattern).test(s);
}

/** Kubernetes `<string>.find(<regex>)`: the first match, or '' when there is none. */
export function kubeFind(s: string, pattern: string): string {
  const m = regex(pattern).exec(s);
  return m ? m[0] : '';
}

let shared: Environment | undefined;

/** The one environment all rules compile in (built on first use). */
function celEnvironment(): Environment {
  if (!shared) {
    shared = new Environment({ homogeneousAggregateLiterals: false })
      .registerVariable('self', 'dyn')
      .registerVariable('oldSelf', 'dyn')
      .registerFunction('string.find(string): string', (s: string, p: string) => kubeFind(s, p))
      .registerFunction(`string.${RE2_MATCHES}(string): bool`, (s: string, p: string) => re2Matches(s, p))
      .registerFunction(`${RE2_MATCHES}(string, string): bool`, (s: string, p: string) => re2Matches(s, p));
  }
  return shared;
}

/**
 * `expression` with every call of `matches` (`x.matches(p)`, `matches(x, p)`) renamed to the RE2
 * function; string literals (quoted, triple-quoted, raw, bytes) are left as written.
 */
export function withRe2Matches(expression: string): string {
  let out = '';
  let i = 0;
  while (i < expression.length) {
    const c = expression[i];
    if (c === '"' || c === "'") {
      const triple = expression.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      const raw =
        /[rR]/.test(expression[i - 1] ?? '') || /[rR][bB]|[bB][rR]/.test(expression.slice(i - 2, i));
      let j = i + close.length;
      while (j < expression.length && !expression.startsWith(close, j))
        j += !raw && expression[j] === '\\' ? 2 : 1;
      j += close.length;
      out += expression.slice(i, j);
      i = j;
      continue;
    }
    const word = /^[A-Za-z_]\w*/.exec(expression.slice(i));
    if (word !== null) {
      const after = expression.slice(i + word[0].length);
      out += word[0] === 'matches' && /^\s*\(/.test(after) ? RE2_MATCHES : word[0];
      i += word[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

export class CelCompileError extends Error {
  constructor(
    readonly expression: string,
    readonly location: string,
    cause: string,
  ) {
    super(`CEL rule at ${location} does not compile: ${cause}\n  rule: ${expression}`);
    this.name = 'CelCompileError';
  }
}

export type CelProgram = ParseResult;

/** Parses and type-checks `expression`; throws CelCompileError when either fails. */
export function compileCel(expression: string, location: string): CelProgram {
  let program: ParseResult;
  try {
    program = celEnvironment().parse(withRe2Matches(expression));
  } catch (err) {
    throw new CelCompileError(expression, location, firstLine(err));
  }
  const check = program.check();
  if (!check.valid) throw new CelCompileError(expression, location, firstLine(check.error));
  return program;
}

export function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0].trim();
}
