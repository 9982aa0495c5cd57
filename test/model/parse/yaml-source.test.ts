import { formatDiagnostic } from '../../../model/shared/diagnostics';
import { nodeAt, toPlain } from '../../../model/parse/located';
import { MAX_ALIAS_COUNT, MAX_FILE_BYTES, parseFleetSource } from '../../../model/parse/yaml-source';

const errors = (text: string) => parseFleetSource('clusters/x.yaml', text).diagnostics.map(formatDiagnostic);

describe('parseFleetSource', () => {
  it('keeps the position of every key and value', () => {
    const { root, diagnostics } = parseFleetSource(
      'clusters/x.yaml',
      'aws:\n  region: "eu-west-1"\nlist:\n  - 0x1F\n',
    );
    expect(diagnostics).toEqual([]);
    expect(root && nodeAt(root, ['aws', 'region'])).toMatchObject({
      kind: 'scalar',
      value: 'eu-west-1',
      quoted: true,
      loc: { file: 'clusters/x.yaml', line: 2, col: 11 },
    });
    expect(root && nodeAt(root, ['list', 0])).toMatchObject({
      value: 31,
      source: '0x1F',
      loc: { line: 4, col: 5 },
    });
  });

  it('resolves anchors and aliases to plain values', () => {
    const { root } = parseFleetSource('clusters/x.yaml', 'a: &t { team: x }\nb: *t\n');
    expect(root && toPlain(root)).toEqual({ a: { team: 'x' }, b: { team: 'x' } });
  });

  it('reports a YAML syntax error at its line in our words', () => {
    expect(errors('a: "unclosed\nb: 1\n')).toEqual([
      'clusters/x.yaml:3:1 YAML syntax error: a closing quote or bracket is missing. Close every quote, [ and { you open.',
    ]);
  });

  it('reports a duplicate key with its field path', () => {
    expect(errors('nodePools:\n  a: {}\n  a: {}\n')).toEqual([
      'clusters/x.yaml:3:3 nodePools.a: duplicate key. Each key may appear once in a map; remove or rename one of them.',
    ]);
  });

  it('refuses several documents in one file', () => {
    expect(errors('a: 1\n---\nb: 2\n')).toEqual([
      'clusters/x.yaml:2:1 file holds more than one YAML document (a `---` separator). Describe one cluster per file: move the second document to its own clusters/<name>.yaml.',
    ]);
  });

  it('refuses an empty file and a top level that is not a map', () => {
    expect(errors('# only a comment\n')).toEqual([
      'clusters/x.yaml: file is empty. Describe the cluster, or delete the file.',
    ]);
    expect(errors('- a\n- b\n')).toEqual([
      'clusters/x.yaml:1:1 expected a map of settings at the top of the file, got a list. Start the file with keys such as `aws:` and `nodePools:`.',
    ]);
  });

  it('refuses NUL bytes and undecodable text with their position', () => {
    expect(errors('a: 1\nb: x\u0000\n')).toEqual([
      'clusters/x.yaml:2:5 file contains a NUL byte. Save the file as plain UTF-8 text.',
    ]);
    expect(errors('a: \uFFFD\n')).toEqual([
      'clusters/x.yaml:1:4 file is not valid UTF-8 text. Save the file as UTF-8 (it looks like another encoding or binary data).',
    ]);
  });

  it('refuses a lone UTF-16 surrogate (text that is not Unicode)', () => {
    expect(errors('a: x\nb: y\uD800z\n')).toEqual([
      'clusters/x.yaml:2:5 file is not valid UTF-8 text. Save the file as UTF-8 (it looks like another encoding or binary data).',
    ]);
  });

  it('finds duplicate keys quickly in a huge map', () => {
    const entries = Array.from({ length: 20000 }, (_, i) => `  k${i}: v`).join('\n');
    expect(errors(`m:\n${entries}\n  k5: again\n`)).toEqual([
      'clusters/x.yaml:20002:3 m.k5: duplicate key. Each key may appear once in a map; remove or rename one of them.',
    ]);
  });

  it('refuses files over the size limit', () => {
    expect(errors('#'.repeat(MAX_FILE_BYTES + 1))).toEqual([
      'clusters/x.yaml: file is 1048577 bytes, larger than the 1048576-byte (1 MiB) limit for a fleet file. Split the description or remove the bulk (large userData belongs in a smaller script).',
    ]);
  });

  it('stops an alias bomb at the alias limit', () => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 9; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const out = errors(lines.join('\n') + '\n');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      new RegExp(`^clusters/x\\.yaml:\\d+:\\d+ more than ${MAX_ALIAS_COUNT} YAML aliases in one file\\.`),
    );
  });

  it('refuses a circular alias and deep nesting without crashing', () => {
    expect(errors('a: &a [*a]\n')).toEqual([
      'clusters/x.yaml:1:8 alias *a refers to a value that contains it. Remove the circular alias.',
    ]);
    expect(errors('a: ' + '['.repeat(100) + ']'.repeat(100) + '\n')).toEqual([
      'clusters/x.yaml:1:68 nesting deeper than 64 levels. Flatten the structure.',
    ]);
    const deep = errors('['.repeat(20000) + ']'.repeat(20000));
    expect(deep).toHaveLength(1);
    expect(deep[0]).toMatch(/YAML nesting is too deep to read|nesting deeper than 64 levels/);
  });

  it('refuses tab indentation and unknown tags', () => {
    expect(errors('a:\n\tb: 1\n')).toEqual([
      'clusters/x.yaml:2:1 YAML syntax error: tab used for indentation. Indent with spaces, not tabs.',
    ]);
    expect(errors('a: !vault secret\n')).toEqual([]);
  });

  it('refuses the __proto__ key', () => {
    expect(errors('tags:\n  __proto__: x\n')).toEqual([
      "clusters/x.yaml:2:3 tags.__proto__: '__proto__' cannot be used as a key. Rename the key.",
    ]);
  });
});
