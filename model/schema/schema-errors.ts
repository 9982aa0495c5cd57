/**
 * Translate ajv errors into our diagnostics: our wording (never ajv's text), the position
 * of the offending node (for a missing key: the map that should hold it), a field path
 * with map keys as written, and a fix.
 */
import { ErrorObject } from 'ajv';
import { Diagnostic } from '../shared/diagnostics';
import { didYouMean } from '../shared/did-you-mean';
import { LocatedNode, PathSegment, formatPath, keyLocAt, locAt, nodeAt } from '../parse/located';
import { MisIndent, describeMisIndent, misIndentOf } from './mis-indent';
import type { JsonSchema } from './schema-builders';
import { show } from '../shared/show-value';

/** Values that were valid once and have a known replacement. */
const RENAMED_VALUES: Readonly<Record<string, { message: string; fix: string }>> = {
  WhenUnderutilized: {
    message: "'WhenUnderutilized' was renamed in Karpenter v1",
    fix: 'Use WhenEmptyOrUnderutilized',
  },
};

/** Fields whose enum error names what the value is (and where the list comes from). */
const ENUM_SUBJECTS: Readonly<Record<string, { what: string; known: string }>> = {
  'karpenter.version': { what: 'Karpenter version', known: 'versions whose CRDs this tool imports' },
  kubernetesVersion: { what: 'Kubernetes version', known: 'versions EKS and Karpenter 1.x support' },
};

/** Extra advice for a missing key, by key name. */
const REQUIRED_FIXES: Readonly<Record<string, string>> = {
  gitops:
    'Add a gitops map with repoURL and destination (fleet-wide settings usually live in clusters/_defaults.yaml)',
  repoURL:
    'Add gitops.repoURL: the Git repository Argo CD syncs dist/ from (usually in clusters/_defaults.yaml)',
  destination:
    'Add gitops.destination with { name: <cluster registered in Argo CD> } or { server: <API server URL> }',
  aws: 'Add an aws map with accountId and region',
  accountId: 'Add accountId: "111122223333" (12 digits, in quotes)',
  region: 'Add region, e.g. region: eu-west-1',
  nodeClass: 'Add nodeClass: <name of one of this cluster’s nodeClasses>',
  settings: 'Add settings: a map of Bottlerocket settings',
};

/**
 * `rootSchema` (the schema validated against) lets an unknown key that is known one level up
 * or down be reported as mis-indented (model/schema/mis-indent.ts).
 */
export function translateSchemaErrors(
  errors: readonly ErrorObject[],
  root: LocatedNode,
  rootSchema?: JsonSchema,
): Diagnostic[] {
  const typeErrorAt = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  // A mis-indented key also leaves its right place without it: the mis-indent error says it all.
  const misIndented = new Map<ErrorObject, MisIndent>();
  const movedTo = new Set<string>();
  if (rootSchema !== undefined) {
    for (const err of errors) {
      if (err.keyword !== 'additionalProperties') continue;
      const key = String((err.params as { additionalProperty: string }).additionalProperty);
      const container = typedPath(root, pointerToPath(err.instancePath));
      const m = misIndentOf(rootSchema, root, container, key);
      if (m === undefined) continue;
      misIndented.set(err, m);
      movedTo.add(`${formatPath(m.belongsIn)}\u0000${key}`);
    }
  }
  // A misspelt key also leaves the right key missing: the did-you-mean says it all.
  const suggested = new Set<string>();
  for (const err of errors) {
    if (err.keyword !== 'additionalProperties') continue;
    const known = Object.keys(((err.parentSchema ?? {}) as { properties?: object }).properties ?? {});
    const guess = didYouMean(
      String((err.params as { additionalProperty: string }).additionalProperty),
      known,
    );
    if (guess) suggested.add(`${err.instancePath}/${guess}`);
  }
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const err of errors) {
    if (err.keyword === 'if') continue;
    if (err.keyword === 'required') {
      const missing = String((err.params as { missingProperty: string }).missingProperty);
      if (suggested.has(`${err.instancePath}/${missing}`)) continue;
      const at = formatPath(typedPath(root, pointerToPath(err.instancePath)));
      if (movedTo.has(`${at}\u0000${missing}`)) continue;
    }
    // A value of the wrong type also fails enum/range checks; the type error says it all.
    if (err.keyword !== 'type' && typeErrorAt.has(err.instancePath) && err.keyword !== 'additionalProperties')
      continue;
    const m = misIndented.get(err);
    const d = m !== undefined ? translateMisIndent(err, root, m) : translate(err, root);
    const id = `${d.file}:${d.line}:${d.col}:${d.path}:${d.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(d);
  }
  return out;
}

export function pointerToPath(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Turn pointer segments into list indices where the located tree has a list. */
function typedPath(root: LocatedNode, raw: readonly PathSegment[]): PathSegment[] {
  const out: PathSegment[] = [];
  for (const seg of raw) {
    const parent = nodeAt(root, out);
    out.push(parent?.kind === 'seq' ? Number(seg) : String(seg));
  }
  return out;
}

function translateMisIndent(err: ErrorObject, root: LocatedNode, m: MisIndent): Diagnostic {
  const key = String((err.params as { additionalProperty: string }).additionalProperty);
  const container = typedPath(root, pointerToPath(err.instancePath));
  const keyPath = [...container, key];
  return {
    severity: 'error',
    ...keyLocAt(root, keyPath),
    path: formatPath(keyPath),
    ...describeMisIndent(show(key), container, m),
  };
}

function translate(err: ErrorObject, root: LocatedNode): Diagnostic {
  const path = typedPath(root, pointerToPath(err.instancePath));
  const schema = (err.parentSchema ?? {}) as Record<string, unknown>;
  const base = { severity: 'error' as const };
  switch (err.keyword) {
    case 'additionalProperties': {
      const key = String((err.params as { additionalProperty: string }).additionalProperty);
      const keyPath = [...path, key];
      const known = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
      const guess = didYouMean(key, known);
      const list = known.join(', ');
      return {
        ...base,
        ...keyLocAt(root, keyPath),
        path: formatPath(keyPath),
        message: `unknown key '${show(key)}'`,
        fix: guess
          ? `Did you mean '${guess}'? Known keys here: ${list}`
          : `Remove it; known keys here: ${list}`,
      };
    }
    case 'required': {
      const missing = String((err.params as { missingProperty: string }).missingProperty);
      return {
        ...base,
        ...locAt(root, path),
        path: formatPath([...path, missing]),
        message: `missing required key '${missing}'`,
        fix: REQUIRED_FIXES[missing] ?? `Add ${missing}`,
      };
    }
    case 'type':
      return typeError(err, root, path, schema);
    case 'enum':
      return enumError(err, root, path);
    case 'minimum':
    case 'maximum': {
      const min = schema.minimum as number | undefined;
      const max = schema.maximum as number | undefined;
      const range =
        min !== undefined && max !== undefined
          ? `between ${min} and ${max}`
          : min !== undefined
            ? `at least ${min}`
            : `at most ${max}`;
      return {
        ...base,
        ...locAt(root, path),
        path: formatPath(path),
        message: `${String(err.data)} is out of range`,
        fix: `Use a whole number ${range}`,
      };
    }
    case 'minItems': {
      const limit = (err.params as { limit: number }).limit;
      return {
        ...base,
        ...locAt(root, path),
        path: formatPath(path),
        message: 'list is empty',
        fix: `Give at least ${limit} item${limit === 1 ? '' : 's'}, or remove the key to get the default`,
      };
    }
    case 'pattern': {
      const expected = schema['x-expected'];
      if (typeof expected !== 'string') return unexpectedForm(base, root, path);
      return {
        ...base,
        ...locAt(root, path),
        path: formatPath(path),
        message: `'${show(String(err.data))}' is not ${expected}`,
        fix: `Write ${expected}`,
      };
    }
    default:
      return unexpectedForm(base, root, path);
  }
}

function unexpectedForm(base: { readonly severity: 'error' }, root: LocatedNode, path: PathSegment[]): Diagnostic {
  return {
    ...base,
    ...locAt(root, path),
    path: formatPath(path),
    message: 'value does not have the expected form',
    fix: 'See docs/fleet-reference.md for the format of this field',
  };
}

function expects(err: ErrorObject, type: string): boolean {
  const t = (err.params as { type: string | string[] }).type;
  return Array.isArray(t) ? t.includes(type) : String(t).split(',').includes(type);
}

function describeType(params: { type: string | string[] }): string {
  const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
  const words: Record<string, string> = {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    object: 'a map',
    array: 'a list',
    null: 'nothing',
  };
  return types.map((t) => words[t] ?? t).join(' or ');
}

function describeValue(node: LocatedNode | undefined): string {
  if (!node) return 'nothing';
  if (node.kind === 'map') return 'a map';
  if (node.kind === 'seq') return 'a list';
  const v = node.value;
  if (v === null) return 'an empty value';
  if (typeof v === 'boolean') return `true/false (${show(node.source)})`;
  if (typeof v === 'number')
    return `${Number.isInteger(v) ? 'a whole number' : 'a number'} (${show(node.source)})`;
  return `text '${show(v, 40)}'`;
}

/** A value of the wrong type: what was expected, what was found, and how to write it. */
function typeError(
  err: ErrorObject,
  root: LocatedNode,
  path: PathSegment[],
  schema: Record<string, unknown>,
): Diagnostic {
  const expected =
    (schema['x-expected'] as string | undefined) ?? describeType(err.params as { type: string | string[] });
  const node = nodeAt(root, path);
  const got = describeValue(node);
  let fix = `Write ${expected}`;
  if (node?.kind === 'scalar' && node.value !== null && typeof node.value !== 'string' && expects(err, 'string')) {
    fix = `Quote the value so YAML reads it as text: "${show(node.source)}"`;
  } else if (node?.kind === 'scalar' && node.value === null) {
    fix = `Give it a value (${expected}) or remove the key`;
  }
  return {
    severity: 'error',
    ...locAt(root, path),
    path: formatPath(path),
    message: `expected ${expected}, got ${got}`,
    fix,
  };
}

/** A value outside an enum: a renamed value, a named closed set, or the closest allowed value. */
function enumError(err: ErrorObject, root: LocatedNode, path: PathSegment[]): Diagnostic {
  const base = { severity: 'error' as const };
  const value = err.data;
  const allowed = ((err.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String);
  const renamed = typeof value === 'string' ? RENAMED_VALUES[value] : undefined;
  if (renamed) return { ...base, ...locAt(root, path), path: formatPath(path), ...renamed };
  const named = ENUM_SUBJECTS[formatPath(path)];
  if (named) {
    return {
      ...base,
      ...locAt(root, path),
      path: formatPath(path),
      message: `unknown ${named.what} '${show(String(value))}'`,
      fix: `Use one of the ${named.known}: ${allowed.join(', ')}`,
    };
  }
  const guess = typeof value === 'string' ? didYouMean(value, allowed) : undefined;
  return {
    ...base,
    ...locAt(root, path),
    path: formatPath(path),
    message: `'${show(String(value))}' is not allowed`,
    fix: `${guess ? `Did you mean '${guess}'? ` : ''}Use one of: ${allowed.join(', ')}`,
  };
}
