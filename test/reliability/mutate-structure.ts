/**
 * Mutations of the document's shape: wrong types, missing and extra keys, duplicate keys,
 * empty and multi-document files, anchors, aliases and alias bombs.
 */
import { isMap } from 'yaml';
import { baseName, Ctx, isFreeForm, probeSites, REQUIRED_IN_CLUSTER, SourceFile } from './mutation-context';
import { Prng } from './prng';
import { addRawPair, deletePath, duplicatePair, listNodes, parse, setValue, YamlPath } from './yaml-edit';

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

export function wrongTypes(ctx: Ctx): void {
  const all = ctx.b.sources.flatMap((file) =>
    listNodes(parse(file.text))
      .filter((n) => n.kind !== 'alias')
      .map((n) => ({ file, ...n })),
  );
  for (const target of ctx.b.prng.sample(all, 90)) {
    const wrong = ctx.b.prng.pick(WRONG_VALUES.filter((w) => w.shape !== target.kind));
    // A structural mismatch (collection ↔ scalar) outside free-form maps can never be right.
    const structural =
      wrong.shape !== 'null' &&
      (wrong.shape === 'scalar') !== (target.kind === 'scalar') &&
      !isFreeForm(target.path);
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

export function missingKeys(ctx: Ctx): void {
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
    () => (key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase()),
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

export function extraKeys(ctx: Ctx): void {
  const maps = ctx.b.sources.flatMap((file) => {
    const doc = parse(file.text);
    const rootKeys = isMap(doc.contents)
      ? doc.contents.items.map((p) => String((p.key as { value: unknown }).value))
      : [];
    const out: { file: SourceFile; path: YamlPath; keys: string[] }[] = [{ file, path: [], keys: rootKeys }];
    for (const n of listNodes(doc)) {
      if (n.kind !== 'map' || !isMap(n.node)) continue;
      out.push({
        file,
        path: n.path,
        keys: n.node.items.map((p) => String((p.key as { value: unknown }).value)),
      });
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

export function duplicateKeys(ctx: Ctx): void {
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

export function emptyDocuments(ctx: Ctx): void {
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

export function anchorsAndAliases(ctx: Ctx): void {
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
