import { DistFiles } from '../../model/shared/dist-layout';
import { GeneratedFiles } from '../../model/shared/generated-file';
import { generatedTexts, unchangedValues } from '../../review/check-inputs';

describe('generatedTexts', () => {
  test('texts: the same map is kept as the texts, each file without a value', () => {
    const out: DistFiles = new Map([
      ['a.yaml', 'a: 1\n'],
      ['b.yaml', 'b: 2\n'],
    ]);
    const g = generatedTexts(out);
    expect(g.texts).toBe(out);
    expect(g.files).toStrictEqual(
      new Map([
        ['a.yaml', { text: 'a: 1\n' }],
        ['b.yaml', { text: 'b: 2\n' }],
      ]),
    );
  });

  test('files with values: their texts in the same order, the files as they are', () => {
    const out: GeneratedFiles = new Map([
      ['b.yaml', { text: 'b: 2\n', value: { b: 2 } }],
      ['a.yaml', { text: 'a: 1\n' }],
    ]);
    const g = generatedTexts(out);
    expect([...g.texts]).toEqual([
      ['b.yaml', 'b: 2\n'],
      ['a.yaml', 'a: 1\n'],
    ]);
    expect([...g.files]).toEqual([...out]);
    expect(g.files.get('b.yaml')).toBe(out.get('b.yaml'));
  });
});

describe('unchangedValues', () => {
  test('only files with a value whose committed text is byte for byte the generated one', () => {
    const generated: GeneratedFiles = new Map<string, { text: string; value?: unknown }>([
      ['same.yaml', { text: 'a: 1\n', value: { a: 1 } }],
      ['edited.yaml', { text: 'a: 1\n', value: { a: 1 } }],
      ['no-newline.yaml', { text: 'a: 1\n', value: { a: 1 } }],
      ['no-value.yaml', { text: 'a: 1\n' }],
      ['not-committed.yaml', { text: 'a: 1\n', value: { a: 1 } }],
      ['falsy.yaml', { text: '0\n', value: 0 }],
    ]);
    const committed: DistFiles = new Map([
      ['same.yaml', 'a: 1\n'],
      ['edited.yaml', 'a: 2\n'],
      ['no-newline.yaml', 'a: 1'],
      ['no-value.yaml', 'a: 1\n'],
      ['falsy.yaml', '0\n'],
      ['extra.yaml', 'a: 1\n'],
    ]);
    const values = unchangedValues(generated, committed);
    expect([...values]).toEqual([
      ['same.yaml', { a: 1 }],
      ['falsy.yaml', 0],
    ]);
    expect(values.get('same.yaml')).toBe(generated.get('same.yaml')?.value);
  });
});
