import { load } from 'js-yaml';
import { parse } from 'yaml';
import {
  isAmbiguousPlainString,
  renderYaml,
  renderYamlFile,
  renderYamlFileAfterComment,
  renderYamlWithLibrary,
} from '../../charts/render-manifest';
import { MANIFEST_YAML_SCHEMA, parseManifests } from '../../validation/manifest-source';

/** Reads YAML the way a YAML 1.1 reader (Go's sigs.k8s.io/yaml) would. */
const read11 = (text: string) => parse(text, { version: '1.1' });
const read12 = (text: string) => parse(text, { version: '1.2' });

describe('renderYaml quoting', () => {
  // Strings that some YAML reader would turn into a boolean, null, number or date.
  const reinterpreted = [
    'on',
    'off',
    'yes',
    'no',
    'y',
    'n',
    'Y',
    'N',
    'true',
    'False',
    'NULL',
    'null',
    '~',
    '',
    '0x1F',
    '0o17',
    '017',
    '1e3',
    '1_000',
    '1:20',
    '.inf',
    '-.inf',
    '.nan',
    '2001-12-14',
    '12',
    '3.5',
    '+1',
    '0b101',
  ];
  test.each(reinterpreted)('%j stays a string for YAML 1.1 and 1.2 readers', (value) => {
    const text = renderYaml({ label: value, list: [value], [value || 'empty']: 'k' });
    expect(read11(text)).toEqual({ label: value, list: [value], [value || 'empty']: 'k' });
    expect(read12(text)).toEqual({ label: value, list: [value], [value || 'empty']: 'k' });
    expect(text).toContain(`label: "${value}"\n`);
  });

  // Strings whose plain form would change the document structure.
  const structural = [
    '*star',
    '&anchor',
    '!tag',
    '- item',
    'a: b',
    '#comment',
    '@at',
    '`tick',
    '%pct',
    '? q',
    'x #y',
    ' lead',
    'trail ',
    '"dq',
    "'sq",
    '{a}',
    '[a]',
    '|',
    '>',
  ];
  test.each(structural)('%j round-trips exactly', (value) => {
    const text = renderYaml({ v: value });
    expect(read11(text)).toEqual({ v: value });
    expect(read12(text)).toEqual({ v: value });
    expect(text).not.toBe(`v: ${value}\n`);
  });

  test.each(structural)('%j as a map key round-trips exactly', (key) => {
    const text = renderYaml({ [key]: 'v' });
    expect(read11(text)).toEqual({ [key]: 'v' });
    expect(read12(text)).toEqual({ [key]: 'v' });
  });

  test('a multi-line value cannot inject documents or keys', () => {
    const hostile = 'line\n---\nkind: Secret\n  indented: x\n# not a comment\n';
    const text = renderYaml({ userData: hostile, after: 'kept' });
    expect(text.split(/^---$/m)).toHaveLength(1);
    expect(read11(text)).toEqual({ userData: hostile, after: 'kept' });
    expect(read12(text)).toEqual({ userData: hostile, after: 'kept' });
  });

  test('control characters and trailing-space lines round-trip', () => {
    const values = ['tab\there', 'bell\u0007', 'nul\u0000', 'trailing space \nnext', '\ufeffbom', 'emoji 🚀'];
    for (const v of values) {
      const text = renderYaml({ v });
      expect(read11(text)).toEqual({ v });
      expect(read12(text)).toEqual({ v });
    }
  });

  test('ordinary strings stay plain', () => {
    expect(
      renderYaml({
        cpu: '100m',
        memory: '20Gi',
        pct: '10%',
        d: '720h',
        arn: 'arn:aws:kms:eu-west-1:1:key/x',
        alias: 'al2023@v20260714',
      }),
    ).toBe(
      'cpu: 100m\nmemory: 20Gi\npct: 10%\nd: 720h\narn: arn:aws:kms:eu-west-1:1:key/x\nalias: al2023@v20260714\n',
    );
  });

  test('numbers and booleans stay typed', () => {
    expect(renderYaml({ iops: 3000, f: 1.5, b: false, z: 0 })).toBe('iops: 3000\nf: 1.5\nb: false\nz: 0\n');
  });

  test('keys are quoted by the same rule (a key `n` is the boolean false in YAML 1.1)', () => {
    expect(renderYaml({ n: 1, on: 2, role: 3 })).toBe('"n": 1\n"on": 2\nrole: 3\n');
  });

  test('multi-line strings are block literals and round-trip', () => {
    const userData = '[settings.kernel]\nlockdown = "integrity"\n';
    const text = renderYaml({ userData });
    expect(text).toBe('userData: |\n  [settings.kernel]\n  lockdown = "integrity"\n');
    expect(read11(text)).toEqual({ userData });
  });
});

describe('renderYaml layout', () => {
  test('no line folding, however long the line', () => {
    const long = 'x'.repeat(300) + ' ' + 'y'.repeat(300);
    const text = renderYaml({ long });
    expect(text).toBe(`long: ${long}\n`);
  });

  test('no anchors or aliases for repeated objects', () => {
    const shared = { tags: { a: 'b' } };
    const text = renderYaml({ one: shared, two: shared });
    expect(text).not.toMatch(/[&*]/);
    expect(text).toBe('one:\n  tags:\n    a: b\ntwo:\n  tags:\n    a: b\n');
  });

  test('keys keep the given order (no sorting here)', () => {
    expect(renderYaml({ b: 1, a: 2 })).toBe('b: 1\na: 2\n');
  });

  test('sequences are indented under their key; undefined map values are dropped', () => {
    expect(renderYaml({ l: ['a', 'b'], u: undefined })).toBe('l:\n  - a\n  - b\n');
  });

  test('no document markers or directives', () => {
    const text = renderYaml({ a: 1 });
    expect(text.startsWith('---')).toBe(false);
    expect(text).not.toContain('%YAML');
  });

  test('values YAML cannot carry faithfully are refused', () => {
    expect(() => renderYaml({ d: new Date(0) })).toThrow("cannot render object of class Date at '/d'");
    expect(() => renderYaml({ l: [undefined] })).toThrow("cannot render undefined array item at '/l/0'");
    expect(() => renderYaml({ n: Number.NaN })).toThrow("cannot render non-finite number at '/n'");
  });
});

describe('isAmbiguousPlainString', () => {
  test('flags reinterpreted scalars, not ordinary words', () => {
    expect(isAmbiguousPlainString('yes')).toBe(true);
    expect(isAmbiguousPlainString('0o17')).toBe(true);
    expect(isAmbiguousPlainString('spot')).toBe(false);
    expect(isAmbiguousPlainString('on-demand')).toBe(false);
    expect(isAmbiguousPlainString('multi\nline')).toBe(false);
  });
});

describe('renderYamlFile', () => {
  it('gives the text renderYaml writes and the JSON form of the value', () => {
    const value = { kind: 'NodePool', metadata: { name: 'general', gone: undefined } };
    const file = renderYamlFile(value);
    expect(file.text).toBe(renderYaml(value));
    expect(file.value).toStrictEqual({ kind: 'NodePool', metadata: { name: 'general' } });
  });

  it('gives a copy: changing the value given afterwards changes nothing', () => {
    const value = { spec: { replicas: 2 } };
    const file = renderYamlFile(value);
    value.spec.replicas = 5;
    expect(file.value).toStrictEqual({ spec: { replicas: 2 } });
  });

  it('gives a value that is what the text reads back as', () => {
    const value = {
      metadata: { labels: { on: 'on', yes: 'yes', n: '0x1F' } },
      spec: { limits: { cpu: 1000 } },
    };
    const file = renderYamlFile(value);
    expect([file.value]).toStrictEqual([load(file.text, { schema: MANIFEST_YAML_SCHEMA })]);
    expect(parseManifests('dist/x.yaml', file.text, file.value).map((d) => d.value)).toStrictEqual([value]);
  });

  it('gives no value for text the library writes (then the text is parsed)', () => {
    const value = { description: 'non-ASCII: café' };
    const file = renderYamlFile(value);
    expect(file.text).toBe(renderYamlWithLibrary(value));
    expect(file.value).toBeUndefined();
  });

  it('still locates fields of a file whose value is taken in its bytes', () => {
    const file = renderYamlFile({ kind: 'NodePool', spec: { weight: 10 } });
    const [doc] = parseManifests('dist/x.yaml', file.text, file.value);
    expect(doc.locate(['spec', 'weight'])).toEqual({ line: 3, col: 3 });
  });
});

describe('renderYamlFileAfterComment', () => {
  it('writes the header before the value and keeps the value the whole text reads back as', () => {
    const value = { replicas: 2, settings: { clusterName: 'on' } };
    const file = renderYamlFileAfterComment('# Generated: edit clusters/a.yaml.\n# Second line.\n', value);
    expect(file.text).toBe('# Generated: edit clusters/a.yaml.\n# Second line.\n' + renderYaml(value));
    expect([file.value]).toStrictEqual([load(file.text, { schema: MANIFEST_YAML_SCHEMA })]);
  });

  it('gives no value when the header is not only comment lines', () => {
    const file = renderYamlFileAfterComment('# one\nextra: 1\n', { replicas: 3 });
    expect(file.text).toBe('# one\nextra: 1\nreplicas: 3\n');
    expect(file.value).toBeUndefined();
    expect(parseManifests('dist/x.yaml', file.text, file.value).map((d) => d.value)).toStrictEqual([
      { extra: 1, replicas: 3 },
    ]);
  });
});
