/**
 * Shared vocabulary of the mutators: what a fuzz case is, and where in the example fleet
 * probes and mutations can go. Every mutate-*.ts file builds its cases through a Ctx.
 */
import { Prng } from './prng';
import { RawToken } from './special-tokens';
import { addRawPair, parse, YamlPath } from './yaml-edit';

export interface SourceFile {
  /** Relative to the project root, e.g. `clusters/ticketing.yaml`. */
  readonly path: string;
  readonly text: string;
}

export interface FuzzFile {
  readonly path: string;
  /** Text, or raw bytes for encoding cases. */
  readonly content: string | Uint8Array;
}

export type Expectation = 'reject' | 'accept' | 'equivalent' | 'any';

export interface Probe {
  /** 'value': the value under `key` must stay `value`; 'key': the key holding `value` must stay `key`. */
  readonly kind: 'value' | 'key';
  readonly key: string;
  readonly value: string;
  /** Where it was spliced, for messages. */
  readonly at: string;
  /**
   * File and 1-based line of the spliced `key: value` line, when unique: a diagnostic about
   * this key must point exactly there (not at the top of the file, not at another file).
   */
  readonly line?: { readonly file: string; readonly line: number };
}

/** The 1-based line of the only line of `text` containing `needle`, if exactly one does. */
export function uniqueLine(text: string, needle: string): number | undefined {
  const lines = text.split('\n');
  const hits = lines.flatMap((l, i) => (l.includes(needle) ? [i + 1] : []));
  return hits.length === 1 ? hits[0] : undefined;
}

export interface FuzzCase {
  /** Stable within a seed: `<index>-<family>`. */
  readonly id: string;
  readonly family: string;
  readonly description: string;
  readonly files: readonly FuzzFile[];
  /** Run in a child process with a timeout (alias bombs, deep nesting, huge inputs). */
  readonly isolate: boolean;
  readonly expect: Expectation;
  readonly probes: readonly Probe[];
  /** A credential the case injects: no diagnostic may contain it. */
  readonly secret?: string;
  /** Text some error of a rejection must contain (who refuses, what was found). @default none */
  readonly mustSay?: string;
}

/** Maps whose keys are the user's own (no schema below them): extra keys are legal there. */
export const FREE_FORM_KEYS: ReadonlySet<string> = new Set([
  'labels',
  'annotations',
  'tags',
  'limits',
  'settings',
  'helmValues',
  'featureGates',
  'clusterLabels',
  'nodeSelector',
  'systemReserved',
  'kubeReserved',
  'evictionHard',
  'evictionSoft',
  'evictionSoftGracePeriod',
  'requests',
]);

/** Maps keyed by names the user chooses (a new key is a new entry); their entries are typed. */
const NAMED_ENTRY_MAPS: ReadonlySet<string> = new Set(['nodePools', 'nodeClasses']);

/** True below a free-form map, or for the named-entry maps themselves. */
export const isFreeForm = (path: YamlPath): boolean =>
  path.some((s) => typeof s === 'string' && FREE_FORM_KEYS.has(s)) ||
  (path.length === 1 && NAMED_ENTRY_MAPS.has(String(path[0])));

/** Fields a cluster cannot do without (FLEET-FORMAT.md). */
export const REQUIRED_IN_CLUSTER: readonly string[] = ['aws', 'aws.accountId', 'aws.region'];

export interface Builder {
  readonly prng: Prng;
  readonly sources: readonly SourceFile[];
  readonly cases: FuzzCase[];
  add(c: Omit<FuzzCase, 'id' | 'files'> & { readonly replace: readonly FuzzFile[] }): void;
}

export interface Ctx {
  readonly b: Builder;
  readonly clusterFiles: readonly SourceFile[];
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Maps of string → string a probe can be spliced into, per file. */
export function probeSites(file: SourceFile): YamlPath[] {
  const doc = parse(file.text);
  const js = (doc.toJS() ?? {}) as Record<string, unknown>;
  const sites: YamlPath[] = [['tags'], ['gitops', 'clusterLabels']];
  if (baseName(file.path).startsWith('_')) return sites;
  const pools = js.nodePools && typeof js.nodePools === 'object' ? Object.keys(js.nodePools) : [];
  const classes = js.nodeClasses && typeof js.nodeClasses === 'object' ? Object.keys(js.nodeClasses) : [];
  for (const p of pools.sort()) sites.push(['nodePools', p, 'labels'], ['nodePools', p, 'annotations']);
  for (const c of classes.sort()) sites.push(['nodeClasses', c, 'tags']);
  return sites;
}

export function allSites(ctx: Ctx): { file: SourceFile; site: YamlPath }[] {
  return ctx.b.sources.flatMap((file) => probeSites(file).map((site) => ({ file, site })));
}

export function valueProbeCase(ctx: Ctx, family: string, token: RawToken, n: number): void {
  const { file, site } = ctx.b.prng.pick(allSites(ctx));
  const key = `fuzz-k${n}`;
  const at = `${file.path} ${site.join('.')}.${key}`;
  const content = addRawPair(file.text, site, key, token.raw);
  const line = uniqueLine(content, `${key}:`);
  ctx.b.add({
    family,
    description: `value ${token.raw} at ${at}`,
    replace: [{ path: file.path, content }],
    isolate: false,
    expect: 'any',
    probes: [
      { kind: 'value', key, value: token.written, at, ...(line ? { line: { file: file.path, line } } : {}) },
    ],
  });
}
