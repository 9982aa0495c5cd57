/**
 * Mutations of values and names: YAML-reinterpreted words, strings that would break the
 * output's structure, hostile keys, confusable keys and names that must be refused.
 */
import { isScalar } from 'yaml';
import { allSites, Ctx, isFreeForm, probeSites, valueProbeCase } from './mutation-context';
import {
  HOSTILE_KEYS,
  HOSTILE_NAMES,
  QUOTED_TOKENS,
  RESOLVING_PLAIN_TOKENS,
  STRUCTURE_BREAKING_TOKENS,
} from './special-tokens';
import { addRawPair, listNodes, parse, renameKey, setRawValue } from './yaml-edit';

export function specialStrings(ctx: Ctx): void {
  let n = 0;
  // Every resolving token in every kind of site, then quoted forms in random sites.
  for (const token of RESOLVING_PLAIN_TOKENS) {
    for (let i = 0; i < 2; i++) valueProbeCase(ctx, 'special-string', token, n++);
  }
  for (const token of QUOTED_TOKENS) {
    for (let i = 0; i < 2; i++) valueProbeCase(ctx, 'special-string', token, n++);
  }
}

export function structureBreakers(ctx: Ctx): void {
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
      replace: [
        { path: file.path, content: setRawValue(file.text, ['nodeClasses', cls, 'userData'], token.raw) },
      ],
      isolate: false,
      expect: 'any',
      probes: [
        {
          kind: 'value',
          key: 'userData',
          value: token.written,
          at: `${file.path} nodeClasses.${cls}.userData`,
        },
      ],
    });
  }
}

export function hostileKeys(ctx: Ctx): void {
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

export function hostileNames(ctx: Ctx): void {
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
        return (
          js[section] && typeof js[section] === 'object' && Object.keys(js[section] as object).length > 0
        );
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

/** Values that must never reach a path, a name or a manifest unchecked. */
const HOSTILE_VALUES: readonly string[] = [
  '../../escape',
  'a/b',
  'x'.repeat(300),
  'Upper Case',
  'line\nbreak',
  '${AWS::Region}',
  '',
  '-',
  'ｆｕｌｌ',
];

/**
 * Every plain-text field of the example (outside free-form maps) in turn gets a hostile
 * value: the loader must refuse it with a diagnostic at that line or carry it safely; it
 * must never crash a generator or become part of a file path.
 */
export function hostileValues(ctx: Ctx): void {
  const fields = ctx.b.sources.flatMap((file) =>
    listNodes(parse(file.text))
      .filter((n) => n.kind === 'scalar' && isScalar(n.node) && typeof n.node.value === 'string')
      .filter((n) => !isFreeForm(n.path))
      .map((n) => ({ file, path: n.path })),
  );
  for (const { file, path } of ctx.b.prng.sample(fields, 90)) {
    const value = ctx.b.prng.pick(HOSTILE_VALUES);
    ctx.b.add({
      family: 'hostile-value',
      description: `${file.path} ${path.join('.')}: ${JSON.stringify(value).slice(0, 40)}`,
      replace: [{ path: file.path, content: setRawValue(file.text, path, JSON.stringify(value)) }],
      isolate: false,
      expect: 'any',
      probes: [],
    });
  }
}

/** Fields whose value becomes a Kubernetes or AWS name, or part of a path. */
const NAME_FIELDS: readonly (readonly [string, readonly string[]])[] = [
  ['name', ['../../escape', 'a/b']],
  ['gitops.argocdNamespace', ['../../escape', 'a/b']],
  ['gitops.project', ['../../escape', 'a/b']],
  ['gitops.distPath', ['../../escape', '/abs']],
  ['karpenter.namespace', ['../../escape', 'a/b']],
  ['karpenter.serviceAccount', ['../../escape', 'a/b']],
  ['karpenter.interruptionQueue.name', ['../../escape', 'a/b']],
  ['iam.controllerRoleName', ['../../escape', 'a b']],
  ['iam.nodeRoleName', ['../../escape', 'a b']],
  ['iam.path', ['../../escape', 'a/b']],
];

/** Each name-like field of the first cluster file, set to a path-like value: always refused. */
export function hostileNameFields(ctx: Ctx): void {
  const file = ctx.clusterFiles[0];
  for (const [field, values] of NAME_FIELDS) {
    for (const value of values) {
      ctx.b.add({
        family: 'hostile-value',
        description: `${file.path} ${field}: ${JSON.stringify(value)}`,
        replace: [
          { path: file.path, content: setRawValue(file.text, field.split('.'), JSON.stringify(value)) },
        ],
        isolate: false,
        expect: 'reject',
        probes: [],
      });
    }
  }
}
