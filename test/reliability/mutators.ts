/**
 * Derives malformed fleet descriptions from the example fleet in `clusters/`. Pure and
 * deterministic: the same sources and seed give the same cases, in the same order.
 *
 * Each case is a whole `clusters/` folder (every file, one or two of them mutated) plus
 * what the harness may expect of it:
 *   - 'reject'     the loader must refuse it with diagnostics;
 *   - 'equivalent' the loader must accept it and build the same model as the example
 *                  (CRLF, BOM, reordered keys, comments, quoting do not change meaning);
 *   - 'any'        either a clean rejection or an acceptance that keeps every probe.
 * Probes are keys and values spliced in as raw YAML; an accepting loader must carry
 * exactly the string the user wrote into the model and the output.
 */
import { isMap, visit } from 'yaml';
import { createPrng, Prng } from './prng';
import {
  HOSTILE_KEYS,
  HOSTILE_NAMES,
  QUOTED_TOKENS,
  RawToken,
  RESOLVING_PLAIN_TOKENS,
  STRUCTURE_BREAKING_TOKENS,
} from './special-tokens';
import {
  addRawPair,
  deletePath,
  duplicatePair,
  listNodes,
  parse,
  renameKey,
  setRawValue,
  setValue,
  YamlPath,
} from './yaml-edit';

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

export type Expectation = 'reject' | 'equivalent' | 'any';

export interface Probe {
  /** 'value': the value under `key` must stay `value`; 'key': the key holding `value` must stay `key`. */
  readonly kind: 'value' | 'key';
  readonly key: string;
  readonly value: string;
  /** Where it was spliced, for messages. */
  readonly at: string;
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
}

/** Maps whose keys are the user's own (no schema below them): extra keys are legal there. */
const FREE_FORM_KEYS = new Set([
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
  'nodePools',
  'nodeClasses',
]);

const isFreeForm = (path: YamlPath) => path.some((s) => typeof s === 'string' && FREE_FORM_KEYS.has(s));

/** Fields a cluster cannot do without (FLEET-FORMAT.md). */
const REQUIRED_IN_CLUSTER: readonly string[] = ['aws', 'aws.accountId', 'aws.region'];

interface Builder {
  readonly prng: Prng;
  readonly sources: readonly SourceFile[];
  readonly cases: FuzzCase[];
  add(c: Omit<FuzzCase, 'id' | 'files'> & { readonly replace: readonly FuzzFile[] }): void;
}

export function deriveCases(sources: readonly SourceFile[], seed: number): FuzzCase[] {
  const sorted = [...sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const prng = createPrng(seed);
  const cases: FuzzCase[] = [];
  const b: Builder = {
    prng,
    sources: sorted,
    cases,
    add(c) {
      const files = sorted.map((s) => c.replace.find((r) => r.path === s.path) ?? { path: s.path, content: s.text });
      for (const r of c.replace) if (!files.some((f) => f.path === r.path)) files.push(r);
      const { replace: _ignored, ...rest } = c;
      void _ignored;
      cases.push({ ...rest, id: `${String(cases.length).padStart(4, '0')}-${c.family}`, files });
    },
  };
  const clusterFiles = sorted.filter((s) => !baseName(s.path).startsWith('_'));
  if (clusterFiles.length === 0) throw new Error('the example fleet has no cluster file');
  const anchors = { b, clusterFiles };

  specialStrings(anchors);
  structureBreakers(anchors);
  hostileKeys(anchors);
  hostileNames(anchors);
  wrongTypes(anchors);
  missingKeys(anchors);
  extraKeys(anchors);
  duplicateKeys(anchors);
  emptyDocuments(anchors);
  anchorsAndAliases(anchors);
  whitespace(anchors);
  encodings(anchors);
  equivalents(anchors);
  numbers(anchors);
  hugeInputs(anchors);
  deepNesting(anchors);
  return cases;
}

interface Ctx {
  readonly b: Builder;
  readonly clusterFiles: readonly SourceFile[];
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Maps of string → string a probe can be spliced into, per file. */
function probeSites(file: SourceFile): YamlPath[] {
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

function allSites(ctx: Ctx): { file: SourceFile; site: YamlPath }[] {
  return ctx.b.sources.flatMap((file) => probeSites(file).map((site) => ({ file, site })));
}

function valueProbeCase(ctx: Ctx, family: string, token: RawToken, n: number): void {
  const { file, site } = ctx.b.prng.pick(allSites(ctx));
  const key = `fuzz-k${n}`;
  const at = `${file.path} ${site.join('.')}.${key}`;
  ctx.b.add({
    family,
    description: `value ${token.raw} at ${at}`,
    replace: [{ path: file.path, content: addRawPair(file.text, site, key, token.raw) }],
    isolate: false,
    expect: 'any',
    probes: [{ kind: 'value', key, value: token.written, at }],
  });
}

function specialStrings(ctx: Ctx): void {
  let n = 0;
  // Every resolving token in every kind of site, then quoted forms in random sites.
  for (const token of RESOLVING_PLAIN_TOKENS) {
    for (let i = 0; i < 2; i++) valueProbeCase(ctx, 'special-string', token, n++);
  }
  for (const token of QUOTED_TOKENS) {
    for (let i = 0; i < 2; i++) valueProbeCase(ctx, 'special-string', token, n++);
  }
}

function structureBreakers(ctx: Ctx): void {
  let n = 1000;
  for (const token of STRUCTURE_BREAKING_TOKENS) {
    for (let i = 0; i < 2; i++) valueProbeCase(ctx, 'structure-breaker', token, n++);
  }
  // userData is free text that ends up inside a YAML block: same rule.
  const withClasses = ctx.clusterFiles.filter((f) => probeSites(f).some((s) => s[0] === 'nodeClasses'));
  for (const token of STRUCTURE_BREAKING_TOKENS.slice(0, 8)) {
    if (withClasses.length === 0) break;
    const file = ctx.b.prng.pick(withClasses);
    const cls = ctx.b.prng.pick(probeSites(file).filter((s) => s[0] === 'nodeClasses'))[1];
    const js = parse(file.text).toJS() as { nodeClasses: Record<string, Record<string, unknown>> };
    if (js.nodeClasses[cls as string]?.bottlerocket !== undefined) continue;
    ctx.b.add({
      family: 'structure-breaker',
      description: `userData ${token.raw} in ${file.path} nodeClasses.${cls}`,
      replace: [{ path: file.path, content: setRawValue(file.text, ['nodeClasses', cls, 'userData'], token.raw) }],
      isolate: false,
      expect: 'any',
      probes: [{ kind: 'value', key: 'userData', value: token.written, at: `${file.path} nodeClasses.${cls}.userData` }],
    });
  }
}

function hostileKeys(ctx: Ctx): void {
  let n = 2000;
  for (const token of HOSTILE_KEYS) {
    for (let i = 0; i < 3; i++) {
      const { file, site } = ctx.b.prng.pick(allSites(ctx));
      const value = `fuzz-v${n++}`;
      const at = `${file.path} ${site.join('.')}`;
      ctx.b.add({
        family: 'hostile-key',
        description: `key ${token.raw} in ${at}`,
        replace: [{ path: file.path, content: addRawPair(file.text, site, token.raw, value) }],
        isolate: false,
        expect: 'any',
        probes: [{ kind: 'key', key: token.written, value, at }],
      });
    }
  }
  // Keys that look like schema keys but are not (confusables) must be refused as unknown.
  const confusables: readonly [string, string][] = [
    ['nodePools', '"nоdePools"'],
    ['nodeClasses', '"nodeСlasses"'],
    ['aws', '"ａｗｓ"'],
    ['tags', '"ta\\u200Bgs"'],
    ['gitops', 'GitOps'],
  ];
  for (const file of ctx.clusterFiles) {
    const js = parse(file.text).toJS() as Record<string, unknown>;
    for (const [key, raw] of confusables) {
      if (!(key in js)) continue;
      ctx.b.add({
        family: 'confusable-key',
        description: `top-level key ${key} spelt ${raw} in ${file.path}`,
        replace: [{ path: file.path, content: renameKey(file.text, [key], raw) }],
        isolate: false,
        expect: 'reject',
        probes: [],
      });
    }
  }
}

function hostileNames(ctx: Ctx): void {
  for (const name of HOSTILE_NAMES) {
    const raw = JSON.stringify(name);
    const file = ctx.b.prng.pick(ctx.clusterFiles);
    ctx.b.add({
      family: 'hostile-name',
      description: `cluster name ${raw} in ${file.path}`,
      replace: [{ path: file.path, content: setRawValue(file.text, ['name'], raw) }],
      isolate: false,
      expect: 'reject',
      probes: [],
    });
    if (name === 'fleet') continue; // reserved for clusters only
    for (const section of ['nodePools', 'nodeClasses'] as const) {
      const candidates = ctx.clusterFiles.filter((f) => {
        const js = parse(f.text).toJS() as Record<string, unknown>;
        return js[section] && typeof js[section] === 'object' && Object.keys(js[section] as object).length > 0;
      });
      if (candidates.length === 0) continue;
      const f = ctx.b.prng.pick(candidates);
      const keys = Object.keys((parse(f.text).toJS() as Record<string, object>)[section]).sort();
      const key = ctx.b.prng.pick(keys);
      ctx.b.add({
        family: 'hostile-name',
        description: `${section} entry ${key} renamed ${raw} in ${f.path}`,
        replace: [{ path: f.path, content: renameKey(f.text, [section, key], raw) }],
        isolate: false,
        expect: 'reject',
        probes: [],
      });
    }
  }
}

const WRONG_VALUES: readonly { readonly label: string; readonly value: unknown; readonly shape: string }[] = [
  { label: 'number', value: 42, shape: 'scalar' },
  { label: 'negative', value: -1, shape: 'scalar' },
  { label: 'boolean', value: true, shape: 'scalar' },
  { label: 'string', value: 'fuzz', shape: 'scalar' },
  { label: 'list', value: ['a', 'b'], shape: 'seq' },
  { label: 'empty list', value: [], shape: 'seq' },
  { label: 'map', value: { fuzz: 1 }, shape: 'map' },
  { label: 'empty map', value: {}, shape: 'map' },
  { label: 'null', value: null, shape: 'null' },
];

function wrongTypes(ctx: Ctx): void {
  const all = ctx.b.sources.flatMap((file) =>
    listNodes(parse(file.text))
      .filter((n) => n.kind !== 'alias')
      .map((n) => ({ file, ...n })),
  );
  for (const target of ctx.b.prng.sample(all, 90)) {
    const wrong = ctx.b.prng.pick(WRONG_VALUES.filter((w) => w.shape !== target.kind));
    // A structural mismatch (collection ↔ scalar) outside free-form maps can never be right.
    const structural =
      wrong.shape !== 'null' && (wrong.shape === 'scalar') !== (target.kind === 'scalar') && !isFreeForm(target.path);
    ctx.b.add({
      family: 'wrong-type',
      description: `${target.file.path} ${target.path.join('.')} (${target.kind}) set to ${wrong.label}`,
      replace: [{ path: target.file.path, content: setValue(target.file.text, target.path, wrong.value) }],
      isolate: false,
      expect: structural ? 'reject' : 'any',
      probes: [],
    });
  }
}

function missingKeys(ctx: Ctx): void {
  const all = ctx.b.sources.flatMap((file) =>
    listNodes(parse(file.text))
      .filter((n) => typeof n.path[n.path.length - 1] === 'string')
      .map((n) => ({ file, ...n })),
  );
  for (const target of ctx.b.prng.sample(all, 40)) {
    const dotted = target.path.join('.');
    const required =
      !baseName(target.file.path).startsWith('_') &&
      (REQUIRED_IN_CLUSTER.includes(dotted) || /^nodePools\.[^.]+\.nodeClass$/.test(dotted));
    ctx.b.add({
      family: 'missing-key',
      description: `${target.file.path} ${dotted} deleted`,
      replace: [{ path: target.file.path, content: deletePath(target.file.text, target.path) }],
      isolate: false,
      expect: required ? 'reject' : 'any',
      probes: [],
    });
  }
  for (const file of ctx.clusterFiles) {
    for (const dotted of REQUIRED_IN_CLUSTER) {
      const path = dotted.split('.');
      if (parse(file.text).getIn(path) === undefined) continue;
      ctx.b.add({
        family: 'missing-key',
        description: `${file.path} required ${dotted} deleted`,
        replace: [{ path: file.path, content: deletePath(file.text, path) }],
        isolate: false,
        expect: 'reject',
        probes: [],
      });
    }
  }
}

function typo(key: string, prng: Prng): string {
  const ops = [
    () => key.slice(0, -1),
    () => `${key}s`,
    () => key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase(),
    () => {
      if (key.length < 3) return `${key}_`;
      const i = 1 + prng.int(key.length - 2);
      return key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2);
    },
    () => key.replace(/[A-Z]/, (c) => `_${c.toLowerCase()}`),
    () => `${key[0].toUpperCase()}${key.slice(1)}`,
  ];
  return prng.pick(ops)();
}

function extraKeys(ctx: Ctx): void {
  const maps = ctx.b.sources.flatMap((file) => {
    const doc = parse(file.text);
    const rootKeys = isMap(doc.contents) ? doc.contents.items.map((p) => String((p.key as { value: unknown }).value)) : [];
    const out: { file: SourceFile; path: YamlPath; keys: string[] }[] = [{ file, path: [], keys: rootKeys }];
    for (const n of listNodes(doc)) {
      if (n.kind !== 'map' || !isMap(n.node)) continue;
      out.push({ file, path: n.path, keys: n.node.items.map((p) => String((p.key as { value: unknown }).value)) });
    }
    return out;
  });
  const typed = maps.filter((m) => !isFreeForm(m.path) && m.keys.length > 0);
  for (let i = 0; i < 45; i++) {
    const m = ctx.b.prng.pick(typed);
    const sibling = ctx.b.prng.pick(m.keys);
    let key = typo(sibling, ctx.b.prng);
    if (m.keys.includes(key) || key === '' || /^[<~]/.test(key)) key = `${sibling}Extra`;
    ctx.b.add({
      family: 'extra-key',
      description: `${m.file.path} unknown key ${key} (typo of ${sibling}) at ${m.path.join('.') || '(root)'}`,
      replace: [{ path: m.file.path, content: addRawPair(m.file.text, m.path, JSON.stringify(key), '"x"') }],
      isolate: false,
      expect: 'reject',
      probes: [],
    });
  }
}

function duplicateKeys(ctx: Ctx): void {
  const pairs = ctx.b.sources.flatMap((file) =>
    listNodes(parse(file.text))
      .filter((n) => typeof n.path[n.path.length - 1] === 'string')
      .map((n) => ({ file, path: n.path })),
  );
  let made = 0;
  for (const target of ctx.b.prng.sample(pairs, pairs.length)) {
    if (made >= 30) break;
    const text = duplicatePair(target.file.text, target.path);
    if (text === undefined) continue;
    made++;
    ctx.b.add({
      family: 'duplicate-key',
      description: `${target.file.path} ${target.path.join('.')} written twice`,
      replace: [{ path: target.file.path, content: text }],
      isolate: false,
      expect: 'reject',
      probes: [],
    });
  }
}

function emptyDocuments(ctx: Ctx): void {
  const bodies: readonly { readonly text: string; readonly what: string; readonly emptyish: boolean }[] = [
    { text: '', what: 'empty file', emptyish: true },
    { text: '\n\n   \n', what: 'blank lines', emptyish: true },
    { text: '# only a comment\n', what: 'comment only', emptyish: true },
    { text: '---\n', what: 'bare document marker', emptyish: true },
    { text: '---\n...\n', what: 'empty explicit document', emptyish: true },
    { text: '~\n', what: 'null document', emptyish: true },
    { text: 'null\n', what: 'null word', emptyish: true },
    { text: '{}\n', what: 'empty map', emptyish: true },
    { text: '[]\n', what: 'empty list', emptyish: false },
    { text: '- a\n- b\n', what: 'list root', emptyish: false },
    { text: '"just a string"\n', what: 'string root', emptyish: false },
    { text: '42\n', what: 'number root', emptyish: false },
    { text: 'true\n', what: 'boolean root', emptyish: false },
  ];
  const multi = (t: string) => `${t}---\nname: second\n`;
  for (const file of ctx.b.sources) {
    const isDefaults = baseName(file.path).startsWith('_');
    for (const body of bodies) {
      ctx.b.add({
        family: 'empty-document',
        description: `${file.path} replaced by ${body.what}`,
        replace: [{ path: file.path, content: body.text }],
        isolate: false,
        expect: isDefaults && body.emptyish ? 'any' : 'reject',
        probes: [],
      });
    }
    ctx.b.add({
      family: 'empty-document',
      description: `${file.path} with a second YAML document`,
      replace: [{ path: file.path, content: multi(file.text.endsWith('\n') ? file.text : `${file.text}\n`) }],
      isolate: false,
      expect: 'reject',
      probes: [],
    });
    ctx.b.add({
      family: 'empty-document',
      description: `${file.path} with an empty document before it`,
      replace: [{ path: file.path, content: `---\n---\n${file.text}` }],
      isolate: false,
      expect: 'reject',
      probes: [],
    });
  }
  // Extra files next to the fleet: a stray `_` file and a non-YAML-named one the loader must ignore or refuse.
  ctx.b.add({
    family: 'empty-document',
    description: 'clusters/_default.yaml (typo of _defaults.yaml)',
    replace: [{ path: 'clusters/_default.yaml', content: 'tags:\n  a: b\n' }],
    isolate: false,
    expect: 'reject',
    probes: [],
  });
  ctx.b.add({
    family: 'empty-document',
    description: 'an empty new cluster file',
    replace: [{ path: 'clusters/empty.yaml', content: '' }],
    isolate: false,
    expect: 'reject',
    probes: [],
  });
}

function anchorsAndAliases(ctx: Ctx): void {
  const file = ctx.clusterFiles[0];
  const site = probeSites(file).find((s) => s[0] === 'nodePools') ?? ['tags'];
  // A legal anchor and alias: the aliased value must arrive as written.
  const anchored = addRawPair(file.text, site, 'fuzz-anchor', '&fuzzA anchored-value');
  ctx.b.add({
    family: 'alias',
    description: `${file.path} anchor and alias inside ${site.join('.')}`,
    replace: [{ path: file.path, content: addRawPair(anchored, site, 'fuzz-alias', '*fuzzA') }],
    isolate: false,
    expect: 'any',
    probes: [
      { kind: 'value', key: 'fuzz-anchor', value: 'anchored-value', at: site.join('.') },
      { kind: 'value', key: 'fuzz-alias', value: 'anchored-value', at: site.join('.') },
    ],
  });
  ctx.b.add({
    family: 'alias',
    description: `${file.path} alias to an undefined anchor`,
    replace: [{ path: file.path, content: addRawPair(file.text, site, 'fuzz-alias', '*nowhere') }],
    isolate: false,
    expect: 'reject',
    probes: [],
  });
  ctx.b.add({
    family: 'alias',
    description: `${file.path} merge key (<<) pulling in an anchored map`,
    replace: [
      {
        path: file.path,
        content: `${file.text.trimEnd()}\nfuzzBase: &base { team: x }\nfuzzMerged:\n  <<: *base\n`,
      },
    ],
    isolate: false,
    expect: 'reject',
    probes: [],
  });
  ctx.b.add({
    family: 'alias',
    description: `${file.path} recursive alias inside its own anchor`,
    replace: [{ path: file.path, content: `${file.text.trimEnd()}\nfuzzLoop: &loop [ *loop ]\n` }],
    isolate: false,
    expect: 'reject',
    probes: [],
  });
  ctx.b.add({
    family: 'alias',
    description: `${file.path} alias used as a map key`,
    replace: [{ path: file.path, content: addRawPair(anchored, site, '*fuzzA', 'v') }],
    isolate: false,
    expect: 'any',
    probes: [],
  });
  // Billion laughs: 9 levels of 10 aliases each; must be refused fast, in bounded memory.
  for (const [levels, fan, where] of [
    [9, 10, 'top level'],
    [12, 8, 'top level'],
    [9, 10, 'labels'],
  ] as const) {
    const lines = ['fuzzLol0: &l0 "lol"'];
    for (let i = 1; i <= levels; i++) {
      lines.push(`fuzzLol${i}: &l${i} [${Array.from({ length: fan }, () => `*l${i - 1}`).join(', ')}]`);
    }
    const bomb =
      where === 'labels'
        ? addRawPair(
            `${lines.slice(0, -1).join('\n')}\n${file.text}`,
            site,
            'fuzz-bomb',
            `[${Array.from({ length: fan }, () => `*l${levels - 1}`).join(', ')}]`,
          )
        : `${file.text.trimEnd()}\n${lines.join('\n')}\n`;
    ctx.b.add({
      family: 'alias-bomb',
      description: `${file.path} billion laughs, ${levels} levels × ${fan} aliases (${where})`,
      replace: [{ path: file.path, content: bomb }],
      isolate: true,
      expect: 'reject',
      probes: [],
    });
  }
}

function whitespace(ctx: Ctx): void {
  for (const file of ctx.b.sources) {
    const lines = file.text.split('\n');
    const indented = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^ +\S/.test(l));
    for (const { i } of ctx.b.prng.sample(indented, 4)) {
      const copy = [...lines];
      copy[i] = copy[i].replace(/^ +/, (s) => '\t'.repeat(Math.max(1, s.length / 2)));
      ctx.b.add({
        family: 'tab',
        description: `${file.path} line ${i + 1} indented with tabs`,
        replace: [{ path: file.path, content: copy.join('\n') }],
        isolate: false,
        expect: 'reject',
        probes: [],
      });
    }
    const withValue = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^\s*[\w-]+: \S/.test(l) && !l.includes('#'));
    for (const { i } of ctx.b.prng.sample(withValue, 2)) {
      const copy = [...lines];
      copy[i] = copy[i].replace(': ', ':\t');
      ctx.b.add({
        family: 'tab',
        description: `${file.path} line ${i + 1} tab after the colon`,
        replace: [{ path: file.path, content: copy.join('\n') }],
        isolate: false,
        expect: 'equivalent',
        probes: [],
      });
    }
    const controls: readonly [string, string][] = [
      ['\u0000', 'NUL byte'],
      ['\u0007', 'BEL'],
      ['\u001b[2J', 'terminal escape'],
      ['\u007f', 'DEL'],
      ['\u0085', 'NEL'],
      ['\ufeff', 'BOM in the middle'],
      ['\ud800', 'lone surrogate'],
      ['\u2028', 'line separator'],
    ];
    for (const [ch, what] of controls) {
      const at = ctx.b.prng.pick(withValue.length ? withValue : [{ l: lines[0], i: 0 }]);
      const copy = [...lines];
      copy[at.i] = `${copy[at.i]}${ch}x`;
      ctx.b.add({
        family: 'control-char',
        description: `${file.path} ${what} at the end of line ${at.i + 1}`,
        replace: [{ path: file.path, content: copy.join('\n') }],
        isolate: false,
        expect: 'any',
        probes: [],
      });
    }
    ctx.b.add({
      family: 'control-char',
      description: `${file.path} NUL byte in a comment`,
      replace: [{ path: file.path, content: `# comment \u0000 with NUL\n${file.text}` }],
      isolate: false,
      expect: 'any',
      probes: [],
    });
  }
}

function encodings(ctx: Ctx): void {
  const enc = new TextEncoder();
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...enc.encode(p)] : p)));
  for (const file of ctx.b.sources) {
    const text = file.text;
    const firstLineEnd = text.indexOf('\n') + 1;
    const variants: readonly [string, Uint8Array, Expectation][] = [
      ['0xFF byte in the first line', bytes(text.slice(0, firstLineEnd - 1), [0xff], text.slice(firstLineEnd - 1)), 'any'],
      ['Latin-1 é (0xE9) in a comment', bytes('# caf', [0xe9], '\n', text), 'any'],
      ['overlong UTF-8 for /', bytes('# x', [0xc0, 0xaf], '\n', text), 'any'],
      ['truncated UTF-8 sequence at the end', bytes(text, [0xe2, 0x82]), 'any'],
      ['UTF-16LE with BOM', Uint8Array.from([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]), 'any'],
      ['UTF-8 BOM', bytes([0xef, 0xbb, 0xbf], text), 'equivalent'],
      ['Windows-1252 smart quotes in a comment', bytes('# ', [0x93], 'quoted', [0x94], '\n', text), 'any'],
    ];
    for (const [what, content, expect] of variants) {
      ctx.b.add({
        family: 'encoding',
        description: `${file.path} ${what}`,
        replace: [{ path: file.path, content }],
        isolate: false,
        expect,
        probes: [],
      });
    }
  }
}

function equivalents(ctx: Ctx): void {
  for (const file of ctx.b.sources) {
    // Inside a block scalar (`userData: |`) spaces and `#` lines are content, not formatting.
    const hasBlockScalar = /:[ \t]*[|>][-+0-9]*[ \t]*(#.*)?$/m.test(file.text);
    const variants: [string, string][] = [
      ['CRLF line endings', file.text.replace(/\n/g, '\r\n')],
      ['BOM as text', `\ufeff${file.text}`],
      ['no final newline', file.text.replace(/\n+$/, '')],
      ['explicit document markers', `---\n${file.text.trimEnd()}\n...\n`],
      ['keys in reverse order', reorderKeys(file.text)],
      ['all collections in flow style', restyle(file.text, true)],
      ['all collections in block style', restyle(file.text, false)],
      ['every string double-quoted', quoteStrings(file.text)],
    ];
    if (!hasBlockScalar) {
      variants.push(
        ['trailing spaces on every line', file.text.replace(/\n/g, '   \n')],
        ['comments between every line', file.text.replace(/\n(?=\s*[\w-])/g, '\n# fuzz comment: with: colons\n')],
      );
    }
    for (const [what, content] of variants) {
      ctx.b.add({
        family: 'equivalent',
        description: `${file.path} ${what}`,
        replace: [{ path: file.path, content }],
        isolate: false,
        expect: 'equivalent',
        probes: [],
      });
    }
  }
  // Files created in another order and a stray non-YAML file must not matter either.
  ctx.b.add({
    family: 'equivalent',
    description: 'a README.md next to the cluster files',
    replace: [{ path: 'clusters/README.md', content: '# not a cluster\n' }],
    isolate: false,
    expect: 'equivalent',
    probes: [],
  });
}

function reorderKeys(text: string): string {
  const doc = parse(text);
  visit(doc, {
    Map(_, node) {
      node.items.reverse();
    },
  });
  return doc.toString();
}

function restyle(text: string, flow: boolean): string {
  const doc = parse(text);
  visit(doc, {
    Map(_, node) {
      if (node !== doc.contents) node.flow = flow;
    },
    Seq(_, node) {
      node.flow = flow;
    },
  });
  return doc.toString();
}

function quoteStrings(text: string): string {
  const doc = parse(text);
  visit(doc, {
    Scalar(key, node) {
      if (key === 'value' && typeof node.value === 'string' && !node.value.includes('\n')) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString();
}

function numbers(ctx: Ctx): void {
  const poolFiles = ctx.clusterFiles.filter((f) => probeSites(f).some((s) => s[0] === 'nodePools'));
  if (poolFiles.length === 0) return;
  const raws: readonly [string, Expectation][] = [
    ['1e400', 'reject'],
    ['-1e400', 'reject'],
    ['.nan', 'reject'],
    ['.inf', 'reject'],
    ['123456789012345678901234567890', 'reject'],
    ['9007199254740993', 'reject'],
    ['2.5', 'reject'],
    ['-1', 'reject'],
    ['0', 'reject'],
    ['101', 'reject'],
    ['0x10', 'any'],
    ['"10"', 'any'],
    ['1e1', 'any'],
    ['1' + '0'.repeat(5000), 'reject'],
  ];
  for (const [raw, expect] of raws) {
    const file = ctx.b.prng.pick(poolFiles);
    const pool = ctx.b.prng.pick(probeSites(file).filter((s) => s[0] === 'nodePools'))[1];
    ctx.b.add({
      family: 'number',
      description: `${file.path} nodePools.${pool}.weight: ${raw.slice(0, 40)}`,
      replace: [{ path: file.path, content: setRawValue(file.text, ['nodePools', pool, 'weight'], raw) }],
      isolate: false,
      expect,
      probes: [],
    });
  }
  for (const [field, raw] of [
    ['karpenter.controller.replicas', '1e400'],
    ['karpenter.controller.replicas', '-3'],
    ['karpenter.controller.replicas', '2.5'],
    ['karpenter.controller.pdbMaxUnavailable', '99999999999999999999'],
    ['aws.accountId', '111122223333'],
    ['aws.accountId', '0x1F'],
    ['aws.accountId', '1.11122223333e11'],
    ['kubernetesVersion', '1.30'],
    ['kubernetesVersion', '1.3'],
    ['karpenter.version', '1.14'],
  ] as const) {
    const file = ctx.b.prng.pick(ctx.clusterFiles);
    ctx.b.add({
      family: 'number',
      description: `${file.path} ${field}: ${raw}`,
      replace: [{ path: file.path, content: setRawValue(file.text, field.split('.'), raw) }],
      isolate: false,
      // Unquoted numbers where a string is meant: refused with "quote it", or kept exactly as
      // written (the source text), never converted (`1.30` → 1.3, `0x1F` → 31).
      expect: (field === 'kubernetesVersion' && raw === '1.30') || raw === '111122223333' ? 'any' : 'reject',
      probes: [],
    });
  }
}

function hugeInputs(ctx: Ctx): void {
  const file = ctx.clusterFiles[0];
  const site = probeSites(file).find((s) => s[0] === 'nodePools') ?? ['tags'];
  const sizes: readonly [number, boolean][] = [
    [64, false],
    [10_000, false],
    [300_000, false],
    [5_000_000, true],
  ];
  for (const [size, isolate] of sizes) {
    ctx.b.add({
      family: 'huge',
      description: `${file.path} label value of ${size} characters`,
      replace: [{ path: file.path, content: addRawPair(file.text, site, 'fuzz-huge', 'x'.repeat(size)) }],
      isolate,
      expect: 'reject',
      probes: [],
    });
  }
  ctx.b.add({
    family: 'huge',
    description: `${file.path} 200 000-character key`,
    replace: [{ path: file.path, content: addRawPair(file.text, site, 'k'.repeat(200_000), 'v') }],
    isolate: false,
    expect: 'reject',
    probes: [],
  });
  ctx.b.add({
    family: 'huge',
    description: `${file.path} 20 MB comment (file size limit)`,
    replace: [{ path: file.path, content: `# ${'c'.repeat(20_000_000)}\n${file.text}` }],
    isolate: true,
    expect: 'reject',
    probes: [],
  });
  const manyPools = (n: number) =>
    `${file.text.trimEnd()}\nfuzzPools:\n${Array.from({ length: n }, (_, i) => `  p${i}: { nodeClass: x }`).join('\n')}\n`;
  ctx.b.add({
    family: 'huge',
    description: `${file.path} 20 000 extra map entries`,
    replace: [{ path: file.path, content: manyPools(20_000) }],
    isolate: true,
    expect: 'reject',
    probes: [],
  });
  const js = parse(file.text).toJS() as { nodePools?: Record<string, { nodeClass?: string }> };
  const pool = Object.values(js.nodePools ?? {})[0];
  if (pool?.nodeClass) {
    const pools = Array.from({ length: 5000 }, (_, i) => `  fuzz-${i}:\n    nodeClass: ${pool.nodeClass}`).join('\n');
    const doc = parse(file.text);
    doc.deleteIn(['nodePools']);
    ctx.b.add({
      family: 'huge',
      description: `${file.path} 5000 node pools (pool count limit)`,
      replace: [{ path: file.path, content: `${doc.toString().trimEnd()}\nnodePools:\n${pools}\n` }],
      isolate: true,
      expect: 'reject',
      probes: [],
    });
  }
  ctx.b.add({
    family: 'huge',
    description: '300 cluster files (cluster count limit)',
    replace: Array.from({ length: 300 }, (_, i) => ({
      path: `clusters/fuzz-${String(i).padStart(4, '0')}.yaml`,
      content: file.text.replace(/^name:.*$/m, `name: fuzz-${i}`),
    })),
    isolate: true,
    expect: 'any',
    probes: [],
  });
}

function deepNesting(ctx: Ctx): void {
  const file = ctx.clusterFiles[0];
  const site = probeSites(file).find((s) => s[0] === 'nodePools') ?? ['tags'];
  const depth = 10_000;
  const variants: readonly [string, string][] = [
    ['flow sequences', `${'['.repeat(depth)}x${']'.repeat(depth)}`],
    ['flow maps', `${'{a: '.repeat(depth)}x${'}'.repeat(depth)}`],
    ['compact block sequences', `\n${' '.repeat(6)}${'- '.repeat(depth)}x`],
  ];
  for (const [what, raw] of variants) {
    ctx.b.add({
      family: 'deep-nesting',
      description: `${file.path} ${depth} levels of ${what} as a label value`,
      replace: [{ path: file.path, content: addRawPair(file.text, site, 'fuzz-deep', raw) }],
      isolate: true,
      expect: 'reject',
      probes: [],
    });
    ctx.b.add({
      family: 'deep-nesting',
      description: `${file.path} ${depth} levels of ${what} under an unknown top-level key`,
      replace: [{ path: file.path, content: `${file.text.trimEnd()}\nfuzzDeep: ${raw}\n` }],
      isolate: true,
      expect: 'reject',
      probes: [],
    });
  }
  const block = Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}k:`).join('\n');
  ctx.b.add({
    family: 'deep-nesting',
    description: `${file.path} 2000 levels of block maps under an unknown top-level key`,
    replace: [{ path: file.path, content: `${file.text.trimEnd()}\nfuzzDeep:\n${block.replace(/^/gm, '  ')} x\n` }],
    isolate: true,
    expect: 'reject',
    probes: [],
  });
}
