import { parse } from 'yaml';
import { isAmbiguousPlainString, renderYaml } from '../../charts/render-manifest';

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
        alias: 'al2023@v20250505',
      }),
    ).toBe(
      'cpu: 100m\nmemory: 20Gi\npct: 10%\nd: 720h\narn: arn:aws:kms:eu-west-1:1:key/x\nalias: al2023@v20250505\n',
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
