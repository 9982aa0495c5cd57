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
 */
import { Environment, ParseResult } from '@marcbachmann/cel-js';

/** Kubernetes CEL library functions registered on top of cel-js's standard library. */
export const KUBERNETES_CEL_FUNCTIONS = ['string.find(string): string'] as const;

const regexCache = new Map<string, RegExp>();

function regex(pattern: string): RegExp {
  let re = regexCache.get(pattern);
  if (!re) {
    re = new RegExp(pattern, 'u');
    regexCache.set(pattern, re);
  }
  return re;
}

/** Kubernetes `<string>.find(<regex>)`: the first match, or '' when there is none. */
export function kubeFind(s: string, pattern: string): string {
  const m = regex(pattern).exec(s);
  return m ? m[0] : '';
}

let shared: Environment | undefined;

/** The one environment all rules compile in (built on first use). */
export function celEnvironment(): Environment {
  if (!shared) {
    shared = new Environment({ homogeneousAggregateLiterals: false })
      .registerVariable('self', 'dyn')
      .registerVariable('oldSelf', 'dyn')
      .registerFunction('string.find(string): string', (s: string, p: string) => kubeFind(s, p));
  }
  return shared;
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
    program = celEnvironment().parse(expression);
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
