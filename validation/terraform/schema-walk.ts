/**
 * Checks one block body of Terraform's JSON syntax (a resource, a data source, a nested block)
 * against a pinned provider schema (imports/terraform/aws-provider-schema.ts): unknown arguments
 * and blocks (with the closest name), missing required arguments and blocks, wrong value types,
 * block counts, and attributes only the provider sets.
 *
 * What counts as the right type follows Terraform's own conversions: a number or bool is a valid
 * string, "12" a valid number, "true" a valid bool; null leaves an argument unset. A string with
 * an interpolation (`${…}` or `%{…}`) is an expression whose type is known only at plan time, so
 * it is accepted wherever a value is. Nested blocks are JSON objects, or arrays of objects for
 * several; `dynamic` generates them. A JSON property named "//" is a comment.
 */
import { didYouMean, PathSegment, Severity } from '../../model';
import type { TerraformBlockSchema, TerraformType } from '../../imports/terraform/aws-provider-schema';
import { unknownNameFix } from '../finding';
import { isRecord } from '../aws-side-facts';

/** One problem found in a Terraform JSON document, before it is placed in the text. */
export interface TerraformIssue {
  readonly severity: Severity;
  /** Where: the JSON path of the offending member (for a missing one, the path it would have). */
  readonly path: readonly PathSegment[];
  readonly message: string;
  readonly fix?: string;
  /** Which check raised it, e.g. `terraform/unknown-argument`. */
  readonly check: string;
}

export type IssueSink = (issue: TerraformIssue) => void;

/** A JSON property that Terraform's JSON syntax ignores, in any object that is a block body. */
export const COMMENT_KEY = '//';

/** A Terraform template with an interpolation or directive (`$${` and `%%{` are literal). */
export function isExpression(value: unknown): value is string {
  return typeof value === 'string' && /(?:^|[^$])\$\{|(?:^|[^%])%\{/.test(value);
}

/** A JSON value as a short noun phrase, without echoing its content (it could be a secret). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  return typeof value === 'boolean' ? `${value}` : typeof value;
}

/** A type as a noun phrase: `a string`, `a list of strings`, `a map of objects`. */
export function describeType(type: TerraformType, plural = false): string {
  const noun = (one: string, many: string): string => (plural ? many : one);
  if (type === 'string') return noun('a string', 'strings');
  if (type === 'number') return noun('a number', 'numbers');
  if (type === 'bool') return noun('a bool', 'bools');
  if (type === 'any') return noun('any value', 'values');
  if ('list' in type) return `${noun('a list', 'lists')} of ${describeType(type.list, true)}`;
  if ('set' in type) return `${noun('a set', 'sets')} of ${describeType(type.set, true)}`;
  if ('map' in type) return `${noun('a map', 'maps')} of ${describeType(type.map, true)}`;
  return noun('an object', 'objects');
}

/** The end of a path as a name for messages: `zones[1]`, `rules[0]`, `tags.team` → `team`. */
export function tailName(path: readonly PathSegment[]): string {
  let out = '';
  for (let i = path.length - 1; i >= 0; i--) {
    const seg = path[i];
    if (typeof seg === 'number') out = `[${seg}]${out}`;
    else return `${seg}${out}`;
  }
  return out || 'the value';
}

const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** Options for a block body: which extra keys (meta-arguments) the caller checks itself. */
export interface BodyOptions {
  /** Keys allowed besides the schema's (e.g. `count`, `lifecycle`); the caller checks them. */
  readonly extraKeys?: readonly string[];
  /** What the body is, for messages: `aws_iam_role.controller`, `inline_policy`. */
  readonly what: string;
}

/** Checks a value against an attribute type; reports at `path`. */
export function checkValue(
  value: unknown,
  type: TerraformType,
  path: readonly PathSegment[],
  report: IssueSink,
): void {
  if (value === null || type === 'any' || isExpression(value)) return;
  const name = tailName(path);
  const wrong = (): void =>
    report({
      severity: 'error',
      path,
      check: 'terraform/type',
      message: `${name} expects ${describeType(type)}, found ${describeValue(value)}`,
      fix: `Write ${describeType(type)}${typeof type === 'string' ? '' : ', or an expression string ("${…}") that yields one'}`,
    });
  if (type === 'string') {
    if (typeof value === 'object') wrong();
    return;
  }
  if (type === 'number') {
    if (!(typeof value === 'number' || (typeof value === 'string' && NUMBER_TEXT.test(value)))) wrong();
    return;
  }
  if (type === 'bool') {
    if (!(typeof value === 'boolean' || value === 'true' || value === 'false')) wrong();
    return;
  }
  if ('list' in type || 'set' in type) {
    if (!Array.isArray(value)) return wrong();
    const element = 'list' in type ? type.list : type.set;
    value.forEach((item, i) => checkValue(item, element, [...path, i], report));
    return;
  }
  if ('map' in type) {
    if (!isRecord(value)) return wrong();
    for (const [key, item] of Object.entries(value)) checkValue(item, type.map, [...path, key], report);
    return;
  }
  if (!isRecord(value)) return wrong();
  checkBlockBody(value, type.object, path, report, { what: name });
}

/** The bodies a nested block's value stands for: one object, or each object of an array. */
function blockBodies(
  value: unknown,
  name: string,
  path: readonly PathSegment[],
  report: IssueSink,
): Array<[unknown, PathSegment[]]> | undefined {
  if (isRecord(value)) return [[value, [...path]]];
  if (Array.isArray(value)) return value.map((item, i) => [item, [...path, i]]);
  report({
    severity: 'error',
    path,
    check: 'terraform/type',
    message: `${name} is a nested block, found ${describeValue(value)}`,
    fix: `Write the block as a JSON object (several as an array of objects); to build blocks from an expression, use "dynamic": { "${name}": { "for_each": …, "content": { … } } }`,
  });
  return undefined;
}

/** Checks the `dynamic` member of a body: known block names, and each content body. */
function checkDynamic(
  value: unknown,
  schema: TerraformBlockSchema,
  path: readonly PathSegment[],
  report: IssueSink,
): Set<string> {
  const names = new Set<string>();
  if (!isRecord(value)) {
    report({
      severity: 'error',
      path,
      check: 'terraform/type',
      message: `dynamic must be an object of block name to { for_each, content }, found ${describeValue(value)}`,
    });
    return names;
  }
  const known = Object.keys(schema.blocks);
  for (const [name, spec] of Object.entries(value)) {
    const at = [...path, name];
    if (name === COMMENT_KEY) continue;
    const nested = schema.blocks[name];
    if (nested === undefined) {
      const near = didYouMean(name, known);
      report({
        severity: 'error',
        path: at,
        check: 'terraform/unknown-block',
        message: `dynamic block '${name}' is not a nested block here`,
        fix: unknownNameFix(near, known, {
          listed: 'Nested blocks here',
          none: 'This block has no nested blocks',
        }),
      });
      continue;
    }
    names.add(name);
    for (const [item, itemPath] of blockBodies(spec, name, at, report) ?? []) {
      if (!isRecord(item)) continue;
      if (item.for_each === undefined)
        report({
          severity: 'error',
          path: itemPath,
          check: 'terraform/required',
          message: `dynamic block '${name}' needs for_each`,
        });
      if (isRecord(item.content))
        checkBlockBody(item.content, nested.block, [...itemPath, 'content'], report, { what: name });
      else
        report({
          severity: 'error',
          path: [...itemPath, 'content'],
          check: 'terraform/required',
          message: `dynamic block '${name}' needs a content object`,
        });
    }
  }
  return names;
}

/**
 * Checks one block body against its schema: each member, then what is required. `value` must be
 * a JSON object (the caller reports anything else in its own words).
 */
export function checkBlockBody(
  value: Readonly<Record<string, unknown>>,
  schema: TerraformBlockSchema,
  path: readonly PathSegment[],
  report: IssueSink,
  options: BodyOptions,
): void {
  const extra = new Set(options.extraKeys ?? []);
  const blockNames = Object.keys(schema.blocks);
  const hasDynamic = blockNames.length > 0 && value.dynamic !== undefined;
  const dynamicNames = hasDynamic
    ? checkDynamic(value.dynamic, schema, [...path, 'dynamic'], report)
    : new Set();
  for (const [key, member] of Object.entries(value)) {
    const at = [...path, key];
    if (key === COMMENT_KEY || extra.has(key) || (key === 'dynamic' && hasDynamic)) continue;
    const attribute = schema.attributes[key];
    if (attribute !== undefined) {
      checkValue(member, attribute.type, at, report);
      continue;
    }
    const nested = schema.blocks[key];
    if (nested !== undefined) {
      if (member === null) continue;
      const bodies = blockBodies(member, key, at, report);
      if (bodies === undefined) continue;
      for (const [body, bodyPath] of bodies) {
        if (isRecord(body))
          checkBlockBody(body, nested.block, bodyPath, report, { what: tailName(bodyPath) });
        else
          report({
            severity: 'error',
            path: bodyPath,
            check: 'terraform/type',
            message: `a ${key} block must be a JSON object, found ${describeValue(body)}`,
          });
      }
      const count = bodies.length;
      if (nested.maxItems !== undefined && count > nested.maxItems)
        report({
          severity: 'error',
          path: at,
          check: 'terraform/items',
          message: `${key} allows at most ${nested.maxItems} block${nested.maxItems === 1 ? '' : 's'}, found ${count}`,
          fix: `Keep ${nested.maxItems === 1 ? 'one' : nested.maxItems} and remove the others`,
        });
      if (nested.minItems !== undefined && count < nested.minItems && !dynamicNames.has(key))
        report({
          severity: 'error',
          path: at,
          check: 'terraform/items',
          message: `${key} needs at least ${nested.minItems} block${nested.minItems === 1 ? '' : 's'}, found ${count}`,
        });
      continue;
    }
    if (schema.computed.includes(key)) {
      report({
        severity: 'error',
        path: at,
        check: 'terraform/computed',
        message: `${key} is set by the provider (read-only) and cannot be written in ${options.what}`,
        fix: `Remove it; other resources read it as ${options.what}.${key}`,
      });
      continue;
    }
    const near = didYouMean(key, [...Object.keys(schema.attributes), ...blockNames, ...extra]);
    report({
      severity: 'error',
      path: at,
      check: 'terraform/unknown-argument',
      message: `${options.what} has no argument or block named '${key}'`,
      fix: near ? `Did you mean '${near}'?` : `Check the name against the provider documentation`,
    });
  }
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (attribute.required && (value[name] === undefined || value[name] === null))
      report({
        severity: 'error',
        path: [...path, name],
        check: 'terraform/required',
        message: `${options.what} is missing the required argument ${name}`,
        fix: `Set ${name} to ${describeType(attribute.type)}`,
      });
  }
  for (const [name, nested] of Object.entries(schema.blocks)) {
    const present = value[name] !== undefined && value[name] !== null;
    if ((nested.minItems ?? 0) > 0 && !present && !dynamicNames.has(name))
      report({
        severity: 'error',
        path: [...path, name],
        check: 'terraform/required',
        message: `${options.what} is missing the required block ${name}`,
        fix: `Add a ${name} block`,
      });
  }
}
