/**
 * What the harness demands of each case's outcome. Every function returns the list of
 * problems found (empty = the case passed), so one run reports every broken case at once.
 */
import { isDeepStrictEqual } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { Diagnostic, formatDiagnostic } from '../../model/shared/diagnostics';
import { FuzzCase, Probe } from './mutators';

/** Longest one-line diagnostic we accept: a user's 200 000-character key must not be echoed whole. */
export const MAX_DIAGNOSTIC_CHARS = 1500;

/** Signs that an internal failure leaked into a user-facing message. */
const LEAK =
  /\[object Object\]|\bundefined\b|TypeError|ReferenceError|RangeError|SyntaxError:|\bat .+:\d+:\d+\)?$/;
/** Characters that break a one-line diagnostic or drive a terminal. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Two sentence marks in a row, as a reader sees them: "?.", "..", "!." before a space or the end (an ellipsis "..." is not one). */
export const DOUBLE_PUNCTUATION = /(?<!\.)[.?!][.?!](\s|$)/;

export interface CaseFileInfo {
  readonly path: string;
  /** Number of lines (1 for an empty file). */
  readonly lines: number;
}

export function fileInfo(c: FuzzCase): CaseFileInfo[] {
  return c.files.map((f) => {
    const text = typeof f.content === 'string' ? f.content : Buffer.from(f.content).toString('latin1');
    return { path: f.path, lines: text.split(/\r\n|\r|\n/).length };
  });
}

/** Problems with a rejection: every diagnostic must name a real file, a line, a field and a fix. */
export function checkRejection(
  c: FuzzCase,
  diagnostics: readonly Diagnostic[],
  generated?: ReadonlyMap<string, string>,
): string[] {
  const problems = checkDiagnostics(c, diagnostics, generated);
  if (c.expect === 'equivalent') problems.unshift('rejected a case that only changes formatting');
  if (c.expect === 'accept') problems.unshift('rejected a case that must be accepted');
  if (
    c.mustSay !== undefined &&
    !diagnostics.some((d) => d.severity === 'error' && d.message.includes(c.mustSay ?? ''))
  )
    problems.unshift(`no error says '${c.mustSay}'`);
  if (!diagnostics.some((d) => d.severity === 'error'))
    problems.unshift('UserError without any error diagnostic');
  // A planted secret is refused at its own line, whatever else the case breaks.
  for (const p of c.secret !== undefined ? c.probes : []) {
    if (p.kind !== 'value' || !p.line) continue;
    const { file, line } = p.line;
    if (!diagnostics.some((d) => d.severity === 'error' && d.file === file && d.line === line))
      problems.unshift(`no error at ${file}:${line}, where the secret is written`);
  }
  return problems;
}

/** Warnings of an accepted case obey the same rules as errors (one line, a real file and line). */
export function checkWarnings(c: FuzzCase, warnings: readonly Diagnostic[]): string[] {
  return checkDiagnostics(c, warnings).map((p) => `warning: ${p}`);
}

function checkDiagnostics(
  c: FuzzCase,
  diagnostics: readonly Diagnostic[],
  generated?: ReadonlyMap<string, string>,
): string[] {
  const clustersDir = 'clusters';
  const problems: string[] = [];
  const files = new Map(fileInfo(c).map((f) => [f.path, f]));
  // Validation findings name generated files (`dist/<cluster>/...`) by the validator's contract.
  for (const [path, content] of generated ?? []) {
    const info = { path, lines: content.split('\n').length };
    files.set(path, info);
    files.set(`dist/${path}`, info);
  }
  for (const d of diagnostics) {
    const text = safeFormat(d);
    const where = `diagnostic ${JSON.stringify(text.slice(0, 200))}`;
    const file = files.get(d.file);
    if (!file && !(d.file === clustersDir && d.line === 0)) {
      problems.push(`${where}: file '${d.file}' is not one of the case's files`);
    }
    const fileOnly = d.line === 0 && d.col === 0;
    if (!fileOnly) {
      if (!Number.isInteger(d.line) || d.line < 1) problems.push(`${where}: line ${d.line} is not ≥ 1`);
      if (!Number.isInteger(d.col) || d.col < 1) problems.push(`${where}: column ${d.col} is not ≥ 1`);
      if (file && d.line > file.lines + 1)
        problems.push(`${where}: line ${d.line} is past the end (${file.lines} lines)`);
    }
    if (!d.message.trim()) problems.push(`${where}: empty message`);
    if (d.message.endsWith('.'))
      problems.push(`${where}: message ends with a period (formatDiagnostic adds one)`);
    if (!d.fix?.trim()) problems.push(`${where}: no fix`);
    if (CONTROL.test(text)) problems.push(`${where}: contains a line break or control character`);
    if (DOUBLE_PUNCTUATION.test(text)) problems.push(`${where}: double punctuation ("?." or "..")`);
    if (LEAK.test(text)) problems.push(`${where}: looks like an internal error leaked into the message`);
    if (c.secret !== undefined && JSON.stringify(d).includes(c.secret))
      problems.push(`${where}: shows the injected secret`);
    if (text.length > MAX_DIAGNOSTIC_CHARS) {
      problems.push(`${where}: ${text.length} characters long (user input echoed without truncation?)`);
    }
    for (const p of c.probes) {
      if (p.kind !== 'value' || !p.line || !d.path.endsWith(`.${p.key}`)) continue;
      if (d.file !== p.line.file || d.line !== p.line.line) {
        problems.push(
          `${where}: is about ${p.key}, written at ${p.line.file}:${p.line.line}, but points elsewhere`,
        );
      }
    }
  }
  return problems;
}

function safeFormat(d: Diagnostic): string {
  try {
    return formatDiagnostic(d);
  } catch (e) {
    return `<formatDiagnostic threw ${String(e)}>`;
  }
}

/**
 * Strips `source` locations (and a cluster's `fieldSources`, a node class's `aliasSources`): two descriptions that mean the
 * same must resolve to equal models.
 */
export function withoutSources(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSources);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'source' && k !== 'fieldSources' && k !== 'aliasSources')
        .map(([k, v]) => [k, withoutSources(v)]),
    );
  }
  return value;
}

/** A key → value association found anywhere in a value: object properties and `{Key, Value}` items. */
export interface FoundPair {
  readonly key: unknown;
  readonly value: unknown;
  /** Names of the objects above it, outermost first. */
  readonly trail: readonly string[];
}

export function collectPairs(
  value: unknown,
  trail: readonly string[] = [],
  out: FoundPair[] = [],
): FoundPair[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => collectPairs(v, [...trail, String(i)], out));
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    const o = value as Record<string, unknown>;
    // `{ Key, Value }` (CloudFormation tags) and `{ key, value }` items are one association.
    const kv = (['Key', 'key'] as const).find((k) => k in o && (k === 'Key' ? 'Value' : 'value') in o);
    const vk = kv === 'Key' ? 'Value' : 'value';
    if (kv) out.push({ key: o[kv], value: o[vk], trail });
    for (const [k, v] of Object.entries(o)) {
      if (kv && (k === kv || k === vk)) continue;
      out.push({ key: k, value: v, trail });
      collectPairs(v, [...trail, k], out);
    }
  }
  return out;
}

/** Problems with how one probe came out in `pairs` (the model's or a generated file's). */
export function checkProbe(
  probe: Probe,
  pairs: readonly FoundPair[],
  where: string,
  mustBeFound: boolean,
): string[] {
  const problems: string[] = [];
  const relevant =
    probe.kind === 'value'
      ? pairs.filter((p) => p.key === probe.key && (probe.key !== 'userData' || typeof p.value === 'string'))
      : pairs.filter((p) => p.value === probe.value);
  if (relevant.length === 0) {
    if (mustBeFound) problems.push(`${where}: probe ${describe(probe)} is missing`);
    return problems;
  }
  if (probe.key === 'userData') {
    if (!relevant.some((p) => p.value === probe.value)) {
      problems.push(
        `${where}: userData became ${JSON.stringify(relevant[0].value)}, written ${JSON.stringify(probe.value)}`,
      );
    }
    return problems;
  }
  for (const p of relevant) {
    const got = probe.kind === 'value' ? p.value : p.key;
    const want = probe.kind === 'value' ? probe.value : probe.key;
    if (got !== want) {
      problems.push(
        `${where}: ${probe.kind} written ${JSON.stringify(want)} came out as ${show(got)} (at ${p.trail.join('.')})`,
      );
    }
    if (p.trail.some((t) => t === 'Fn::Sub') && /\$\{/.test(String(got))) {
      problems.push(
        `${where}: ${JSON.stringify(got)} reached a CloudFormation Fn::Sub, where \${…} is substituted`,
      );
    }
  }
  return problems;
}

function describe(p: Probe): string {
  return p.kind === 'value'
    ? `${p.key}=${JSON.stringify(p.value)} (${p.at})`
    : `key ${JSON.stringify(p.key)} (${p.at})`;
}

function show(v: unknown): string {
  if (v instanceof Date) return `a timestamp ${v.toISOString()}`;
  return `${typeof v} ${JSON.stringify(v)}`;
}

/** Problems with an accepted model. */
export function checkAcceptance(c: FuzzCase, fleet: unknown, baselineFleet: unknown): string[] {
  const problems: string[] = [];
  if (c.expect === 'reject') problems.push('accepted a case that must be rejected');
  if (c.expect === 'equivalent' && !isDeepStrictEqual(withoutSources(fleet), withoutSources(baselineFleet))) {
    problems.push('accepted, but the model differs from the example fleet although only formatting changed');
  }
  const pairs = collectPairs(fleet);
  for (const probe of c.probes) problems.push(...checkProbe(probe, pairs, 'model', true));
  const replaced = findString(fleet, (s) => s.includes('\ufffd'));
  if (replaced !== undefined)
    problems.push(`model holds a U+FFFD replacement character: ${JSON.stringify(replaced)}`);
  return problems;
}

function findString(value: unknown, pred: (s: string) => boolean): string | undefined {
  if (typeof value === 'string') return pred(value) ? value : undefined;
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) {
      const hit = findString(v, pred);
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

/** Paths of generated files must stay inside `dist/`. */
export function unsafeDistPath(path: string): boolean {
  const segments = path.split('/');
  return (
    path === '' ||
    path.startsWith('/') ||
    /^[A-Za-z]:/.test(path) ||
    path.includes('\\') ||
    path.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  );
}

/** Parsed documents of one generated file, read as YAML 1.2 and as YAML 1.1 (what Go's sigs.k8s.io/yaml does). */
export function readBack(
  path: string,
  content: string,
): { readonly docs: unknown[]; readonly errors: string[] }[] {
  if (path.endsWith('.json')) {
    try {
      return [{ docs: [JSON.parse(content)], errors: [] }];
    } catch (e) {
      return [{ docs: [], errors: [String(e)] }];
    }
  }
  return (['1.2', '1.1'] as const).map((version) => {
    const docs = parseAllDocuments(content, { version, uniqueKeys: true, logLevel: 'silent' });
    const list = Array.isArray(docs) ? docs : [];
    return {
      docs: list.map((d) => d.toJS({ maxAliasCount: 0 })),
      errors: list.flatMap((d) => d.errors.map((e) => `YAML ${version}: ${e.message.split('\n')[0]}`)),
    };
  });
}

/** Probes of a site that reaches a generated manifest (labels, annotations, tags); the rest may stay in the model. */
export function probeReachesOutput(p: Probe): boolean {
  return /(nodePools\.[^ ]+\.(labels|annotations)|nodeClasses\.[^ ]+\.(tags|userData)|^\S+ tags)/.test(p.at);
}

/** Problems with the generated files of an accepted case. */
export function checkSynth(
  c: FuzzCase,
  files: ReadonlyMap<string, string>,
  baseline: ReadonlyMap<string, string>,
): string[] {
  const problems: string[] = [];
  const allPairs: FoundPair[] = [];
  for (const [path, content] of files) {
    if (unsafeDistPath(path)) problems.push(`generated path '${path}' leaves dist/`);
    const reads = readBack(path, content);
    for (const r of reads) {
      for (const e of r.errors) problems.push(`${path} does not re-parse: ${e}`);
      allPairs.push(...r.docs.flatMap((d) => collectPairs(d, [path])));
    }
    const base = baseline.get(path);
    if (c.probes.length > 0 && base !== undefined) {
      const before = readBack(path, base)[0].docs.length;
      const after = reads[0].docs.length;
      if (before !== after)
        problems.push(`${path}: ${after} documents instead of ${before} (a value split the file)`);
    }
  }
  if (c.probes.length > 0) {
    const missing = [...baseline.keys()].filter((p) => !files.has(p));
    const extra = [...files.keys()].filter((p) => !baseline.has(p));
    if (missing.length + extra.length > 0) {
      problems.push(`a probe changed the set of generated files (+${extra.join(',')} -${missing.join(',')})`);
    }
  }
  for (const probe of c.probes) {
    problems.push(
      ...checkProbe(probe, allPairs, 'dist', probe.kind === 'value' && probeReachesOutput(probe)),
    );
  }
  if (c.expect === 'equivalent') {
    const differs = [...new Set([...files.keys(), ...baseline.keys()])].filter(
      (p) => files.get(p) !== baseline.get(p),
    );
    if (differs.length > 0)
      problems.push(
        `dist differs from the example's although only formatting changed: ${differs.join(', ')}`,
      );
  }
  return problems;
}
