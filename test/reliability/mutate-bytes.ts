/**
 * Mutations of the bytes: tabs, control characters, non-UTF-8 encodings, and formatting
 * changes that must not change the meaning (CRLF, BOM, key order, styles, quoting).
 */
import { visit } from 'yaml';
import { Ctx, Expectation } from './mutation-context';
import { parse } from './yaml-edit';

export function whitespace(ctx: Ctx): void {
  for (const file of ctx.b.sources) {
    const lines = file.text.split('\n');
    // Comment lines are left out: a comment indented with tabs is valid YAML.
    const indented = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^ +[^\s#]/.test(l));
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
    const withValue = lines
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => /^\s*[\w-]+: \S/.test(l) && !l.includes('#'));
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

export function encodings(ctx: Ctx): void {
  const enc = new TextEncoder();
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...enc.encode(p)] : p)));
  for (const file of ctx.b.sources) {
    const text = file.text;
    const firstLineEnd = text.indexOf('\n') + 1;
    const variants: readonly [string, Uint8Array, Expectation][] = [
      [
        '0xFF byte in the first line',
        bytes(text.slice(0, firstLineEnd - 1), [0xff], text.slice(firstLineEnd - 1)),
        'reject',
      ],
      ['Latin-1 é (0xE9) in a comment', bytes('# caf', [0xe9], '\n', text), 'reject'],
      ['overlong UTF-8 for /', bytes('# x', [0xc0, 0xaf], '\n', text), 'reject'],
      ['truncated UTF-8 sequence at the end', bytes(text, [0xe2, 0x82]), 'reject'],
      [
        'UTF-16LE with BOM',
        Uint8Array.from([
          0xff,
          0xfe,
          ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
        ]),
        'any',
      ],
      ['UTF-8 BOM', bytes([0xef, 0xbb, 0xbf], text), 'equivalent'],
      ['Windows-1252 smart quotes in a comment', bytes('# ', [0x93], 'quoted', [0x94], '\n', text), 'reject'],
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

export function equivalents(ctx: Ctx): void {
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
        [
          'comments between every line',
          file.text.replace(/\n(?=\s*[\w-])/g, '\n# fuzz comment: with: colons\n'),
        ],
      );
    }
    for (const [what, content] of variants) {
      if (content === file.text) continue; // already written that way
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
      if (key === 'value' && typeof node.value === 'string' && !node.value.includes('\n'))
        node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString();
}
