/**
 * The shapes every level of Terraform's JSON syntax shares: a level is an object or an array of
 * objects (merged), a labelled block is an object of label to body, a body knows its arguments.
 * Used by validation/terraform/top-level-rules.ts and validation/terraform/meta-arguments.ts.
 */
import { didYouMean, PathSegment } from '../../model';
import { COMMENT_KEY, describeValue, IssueSink, TerraformIssue } from './schema-walk';
import { isRecord } from '../aws-side-facts';

/** Terraform's identifiers (HCL: Unicode ID_Start or `_`, then ID_Continue or `-`). */
const IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u;

/**
 * Reports `name` unless it is a valid Terraform name: labels of resources, data sources, outputs,
 * variables, modules, checks, resource types, provider and local value names are identifiers.
 */
export function checkName(name: string, path: readonly PathSegment[], report: IssueSink, what: string): void {
  if (IDENTIFIER.test(name)) return;
  report({
    severity: 'error',
    path,
    check: 'terraform/name',
    message: `${JSON.stringify(name)} is not a valid name for ${what}`,
    fix: 'A name starts with a letter or underscore and holds only letters, digits, underscores and dashes',
  });
}

/** Each object a level stands for: the object itself, or each object of an array. */
export function objectsAt(
  value: unknown,
  path: readonly PathSegment[],
  report: IssueSink,
  what: string,
): Array<[Record<string, unknown>, PathSegment[]]> {
  const items: Array<[unknown, PathSegment[]]> = Array.isArray(value)
    ? value.map((v, i) => [v, [...path, i]])
    : [[value, [...path]]];
  const out: Array<[Record<string, unknown>, PathSegment[]]> = [];
  for (const [item, at] of items) {
    if (isRecord(item)) out.push([item, at]);
    else
      report({
        severity: 'error',
        path: at,
        check: 'terraform/shape',
        message: `${what} must be a JSON object, found ${describeValue(item)}`,
      });
  }
  return out;
}

/** `name → body` under a labelled block type, for every label object (arrays merged). */
export function labelled(
  value: unknown,
  path: readonly PathSegment[],
  report: IssueSink,
  what: string,
): Array<[string, Record<string, unknown>, PathSegment[]]> {
  const out: Array<[string, Record<string, unknown>, PathSegment[]]> = [];
  for (const [labels, at] of objectsAt(value, path, report, `${what} (an object of name to body)`)) {
    for (const [name, body] of Object.entries(labels)) {
      if (name === COMMENT_KEY) continue;
      checkName(name, [...at, name], report, what);
      const bodies = objectsAt(body, [...at, name], report, `the body of ${what} '${name}'`);
      if (bodies.length > 1)
        report({
          severity: 'error',
          path: [...at, name],
          check: 'terraform/shape',
          message: `${what} '${name}' is declared ${bodies.length} times`,
          fix: 'Give each one its own name',
        });
      for (const [b, bodyPath] of bodies) out.push([name, b, bodyPath]);
    }
  }
  return out;
}

/** Members of `body` not in `allowed` (comments aside), reported with the closest name. */
export function unknownMembers(
  body: Readonly<Record<string, unknown>>,
  allowed: readonly string[],
  path: readonly PathSegment[],
  report: IssueSink,
  what: string,
): void {
  for (const key of Object.keys(body)) {
    if (key === COMMENT_KEY || allowed.includes(key)) continue;
    const near = didYouMean(key, allowed);
    report({
      severity: 'error',
      path: [...path, key],
      check: 'terraform/unknown-argument',
      message: `${what} has no argument named '${key}'`,
      fix: near ? `Did you mean '${near}'?` : `Arguments here: ${allowed.join(', ')}`,
    });
  }
}

/** A wrong type at `path`, named by its last key. */
export function typeIssue(path: readonly PathSegment[], expected: string, value: unknown): TerraformIssue {
  return {
    severity: 'error',
    path,
    check: 'terraform/type',
    message: `${String(path[path.length - 1])} expects ${expected}, found ${describeValue(value)}`,
  };
}
