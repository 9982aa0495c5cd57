import { loadAll } from 'js-yaml';
import { parse } from 'yaml';
import { isAmbiguousPlainString, renderYaml, renderYamlWithLibrary } from '../../charts/render-manifest';
import { emitYaml } from '../../charts/yaml-emitter';
import { loadFleetFromSources } from '../../model/load-fleet';
import { loadFleet } from '../../io/read-fleet';
import { benchFleetSources } from '../../bench/bench-fleet';
import { synthesize } from '../../synth/synthesize';
import { MANIFEST_YAML_SCHEMA } from '../../validation/manifest-source';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

/** Compares the fast writer with the library on each value; returns how many it wrote itself. */
function compare(values: readonly unknown[]): number {
  let fast = 0;
  for (const value of values) {
    const emitted = emitYaml(value, isAmbiguousPlainString);
    if (emitted === undefined) continue;
    fast++;
    expect(emitted).toBe(renderYamlWithLibrary(value));
    // What the validator takes instead of reading the bytes back (charts/render-manifest.ts renderYamlFile).
    expect(readBack(emitted)).toStrictEqual([JSON.parse(JSON.stringify(value))]);
  }
  return fast;
}

/** The text read as the validator reads a file (validation/manifest-source.ts). */
function readBack(text: string): unknown[] {
  const docs: unknown[] = [];
  loadAll(text, (d) => docs.push(d), { schema: MANIFEST_YAML_SCHEMA });
  return docs;
}

describe('emitYaml', () => {
  it('writes block maps and sequences, quoting ambiguous strings, like the library', () => {
    const value = {
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'on', labels: { 'example.com/x': 'yes', on: 'off' }, annotations: {} },
      spec: {
        weight: 10,
        ratio: 0.5,
        enabled: true,
        nothing: null,
        skipped: undefined,
        requirements: [
          { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
          { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['5'] },
        ],
        nested: [['a', 'b'], [], {}],
        budgets: [{ nodes: '10%', schedule: '0 9 * * mon-fri', duration: '8h' }],
      },
    };
    const expected = [
      'apiVersion: karpenter.sh/v1',
      'kind: NodePool',
      'metadata:',
      '  name: "on"',
      '  labels:',
      '    example.com/x: "yes"',
      '    "on": "off"',
      '  annotations: {}',
      'spec:',
      '  weight: 10',
      '  ratio: 0.5',
      '  enabled: true',
      '  nothing: null',
      '  requirements:',
      '    - key: karpenter.sh/capacity-type',
      '      operator: In',
      '      values:',
      '        - spot',
      '        - on-demand',
      '    - key: karpenter.k8s.aws/instance-generation',
      '      operator: Gt',
      '      values:',
      '        - "5"',
      '  nested:',
      '    - - a',
      '      - b',
      '    - []',
      '    - {}',
      '  budgets:',
      '    - nodes: 10%',
      '      schedule: 0 9 * * mon-fri',
      '      duration: 8h',
      '',
    ].join('\n');
    expect(emitYaml(value, isAmbiguousPlainString)).toBe(expected);
    expect(renderYamlWithLibrary(value)).toBe(expected);
    expect(renderYaml(value)).toBe(expected);
  });

  it('writes multi-line map values as literal blocks, like the library', () => {
    const value = { spec: { userData: '#!/bin/bash\necho "hi"\n\n  indented\n', note: 'a\nb' } };
    const expected =
      'spec:\n  userData: |\n    #!/bin/bash\n    echo "hi"\n\n      indented\n  note: |-\n    a\n    b\n';
    expect(emitYaml(value, isAmbiguousPlainString)).toBe(expected);
    expect(renderYamlWithLibrary(value)).toBe(expected);
  });

  it.each([
    ['@daily', '"@daily"'],
    ['key: value', '"key: value"'],
    ['x #y', '"x #y"'],
    ['ends:', '"ends:"'],
    ['-', '"-"'],
    ['- x', '"- x"'],
    [' lead', '" lead"'],
    ['', '""'],
    ['-1', '"-1"'],
    ['-x', '-x'],
    ['a,b [c]', 'a,b [c]'],
    ['$values/x', '$values/x'],
  ])('writes %j as the library does: %s', (text, written) => {
    expect(emitYaml({ [text]: text }, isAmbiguousPlainString)).toBe(`${written}: ${written}\n`);
    expect(renderYamlWithLibrary({ [text]: text })).toBe(`${written}: ${written}\n`);
  });

  it.each([
    ['multi-line text with leading spaces', { userData: '  indented\nx\n' }],
    ['multi-line text with trailing blank lines', { userData: 'x\n\n' }],
    ['multi-line list items', { list: ['a\nb'] }],
    ['a quote', { a: "it's" }],
    ['a backslash', { a: 'C:\\x' }],
    ['non-ASCII text', { a: 'café' }],
    ['a leading document marker', { a: '---x' }],
    ['a tab', { a: 'a\tb' }],
    ['a non-object document', ['a']],
  ])('leaves %s to the library', (_what, value) => {
    expect(emitYaml(value, isAmbiguousPlainString)).toBeUndefined();
    expect(renderYaml(value)).toBe(renderYamlWithLibrary(value));
  });

  it('writes every manifest of the demo fleet byte for byte as synthesized', () => {
    // The same bytes synth writes to dist/ (test/synth/committed-dist.test.ts holds the
    // committed example dist/ to them); the demo fleet is a copy of the example fleet.
    const files = [...synthesize(loadFleet(DEMO_FLEET_ROOT).fleet)].filter(([p]) => p.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(10);
    let fast = 0;
    for (const [file, text] of files) {
      const emitted = emitYaml(parse(text), isAmbiguousPlainString);
      if (emitted === undefined) continue;
      fast++;
      // Files with a generated header comment: everything after it.
      const body = text.startsWith('#') ? text.slice(text.search(/^[^#]/m)) : text;
      expect({ file, text: emitted }).toEqual({ file, text: body });
      expect({ file, docs: readBack(emitted) }).toStrictEqual({ file, docs: readBack(text) });
    }
    expect(fast).toBeGreaterThan(files.length / 2);
  });

  it('matches the library on every object generated for a synthetic fleet', () => {
    const files = synthesize(loadFleetFromSources(benchFleetSources(3, 6)).fleet);
    const values = [...files].filter(([p]) => p.endsWith('.yaml')).map(([, text]) => parse(text) as unknown);
    expect(compare(values)).toBeGreaterThan(values.length * 0.9);
  });

  it('matches the library on random values (or leaves them to it)', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const words = [
      'on',
      'yes',
      'No',
      'null',
      '~',
      'true',
      '0x1F',
      '0o17',
      '1e3',
      '1_000',
      '12:30',
      '2001-12-14',
      '.inf',
      '-',
      '---',
      'a b',
      'a  b',
      'a:b',
      'a: b',
      'a:',
      'x #y',
      'x#y',
      'arn:aws:iam::1:role/x',
      '10%',
      '@daily',
      '*',
      'a*b',
      '(x)',
      'k=v',
      '+1',
      '+x',
      '-1',
      '0',
      '007',
      '1.5',
      'é',
      "it's",
      'say "hi"',
      '',
      ' lead',
      'trail ',
      'tab\tx',
      'line\nbreak',
      'a,b',
      '[x]',
      '{x}',
      'https://x.example/y?z=1',
      'café',
      'x'.repeat(1030),
      'a\n',
      'a\n\nb\n',
      ' a\nb',
      'a\n ',
      '#!/bin/bash\necho hi\n',
      'x\n  y\n',
      'k: v\n- z',
      'a \nb',
      '\nlead',
      'karpenter.sh/nodepool',
      'NoSchedule',
      '<<',
      '!tag',
      '&anchor',
      '|',
      '>',
      '`x`',
      '%x',
    ];
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.45) {
        const s = random();
        if (s < 0.7) return pick(words);
        if (s < 0.8) return Math.floor(random() * 2000) - 1000;
        if (s < 0.85) return random() * 100;
        if (s < 0.93) return random() < 0.5;
        return null;
      }
      if (r < 0.7) {
        const out: Record<string, unknown> = {};
        const n = Math.floor(random() * 4);
        for (let i = 0; i < n; i++) out[pick(words)] = value(depth + 1);
        return out;
      }
      return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    };
    const values = Array.from({ length: 10000 }, () => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < 3; i++) out[pick(words)] = value(0);
      return out;
    });
    expect(compare(values)).toBeGreaterThan(1000);
  });
});
