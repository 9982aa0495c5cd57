/**
 * Raw YAML tokens the harness splices into labels, annotations, tags and keys, each with
 * the string the user meant by it. A loader that accepts one of them must keep exactly
 * that string (the plain token `on` stays "on", never true; `0x1F` stays "0x1F", never 31).
 */
export interface RawToken {
  /** As typed in the file. */
  readonly raw: string;
  /** The string the user wrote: the token itself when plain, the decoded text when quoted or tagged. */
  readonly written: string;
}

const plain = (raw: string): RawToken => ({ raw, written: raw });

/** Plain scalars YAML 1.1 or 1.2 resolve to something other than a string. */
export const RESOLVING_PLAIN_TOKENS: readonly RawToken[] = [
  'on',
  'off',
  'On',
  'OFF',
  'yes',
  'no',
  'Yes',
  'NO',
  'y',
  'n',
  'Y',
  'N',
  'true',
  'false',
  'True',
  'FALSE',
  '0x1F',
  '0X1f',
  '1e3',
  '1E3',
  '-1e-3',
  '~',
  'null',
  'Null',
  'NULL',
  '.inf',
  '-.Inf',
  '+.INF',
  '.nan',
  '.NaN',
  '0o17',
  '017',
  '0b101',
  '1_000',
  '+1',
  '-0',
  '0.',
  '.5',
  '12:30:00',
  '190:20:30',
  '2001-12-14',
  '2001-12-14t21:59:43.10-05:00',
  '2001-12-14 21:59:43.10 -5',
  '123456789012345678901234567890',
  '9007199254740993',
  '1e400',
  '=',
  '<<',
].map(plain);

/** The same words quoted or tagged: always strings. */
export const QUOTED_TOKENS: readonly RawToken[] = [
  { raw: "'on'", written: 'on' },
  { raw: '"yes"', written: 'yes' },
  { raw: "'0x1F'", written: '0x1F' },
  { raw: '"1e3"', written: '1e3' },
  { raw: "'~'", written: '~' },
  { raw: '"null"', written: 'null' },
  { raw: "'.inf'", written: '.inf' },
  { raw: '"0o17"', written: '0o17' },
  { raw: "'2001-12-14'", written: '2001-12-14' },
  { raw: '!!str no', written: 'no' },
  { raw: '!!str 0x1F', written: '0x1F' },
  { raw: "''", written: '' },
];

/**
 * Strings that would change the structure of YAML, JSON, TOML or CloudFormation output if
 * a generator pasted them unquoted. Quoted here so the input itself stays one scalar.
 */
export const STRUCTURE_BREAKING_TOKENS: readonly RawToken[] = [
  { raw: '"a\\nb"', written: 'a\nb' },
  { raw: '"line1\\nkind: Secret"', written: 'line1\nkind: Secret' },
  { raw: '"a: b"', written: 'a: b' },
  { raw: '"x # not a comment"', written: 'x # not a comment' },
  { raw: '"---"', written: '---' },
  { raw: '"...\\n---\\nkind: Namespace"', written: '...\n---\nkind: Namespace' },
  { raw: '"{a: 1}"', written: '{a: 1}' },
  { raw: '"[1, 2]"', written: '[1, 2]' },
  { raw: `"it's"`, written: "it's" },
  { raw: `'say "hi"'`, written: 'say "hi"' },
  { raw: '"back\\\\slash"', written: 'back\\slash' },
  { raw: '"${AWS::AccountId}"', written: '${AWS::AccountId}' },
  { raw: '"${ClusterName}"', written: '${ClusterName}' },
  { raw: '"{{ .Values.x }}"', written: '{{ .Values.x }}' },
  { raw: '"&anchor"', written: '&anchor' },
  { raw: '"*alias"', written: '*alias' },
  { raw: '"| block"', written: '| block' },
  { raw: '"%TAG ! tag:x"', written: '%TAG ! tag:x' },
  { raw: '"@at `tick`"', written: '@at `tick`' },
  { raw: '" leading and trailing "', written: ' leading and trailing ' },
  { raw: '"tab\\there"', written: 'tab\there' },
  { raw: '"cr\\rlf"', written: 'cr\rlf' },
  { raw: '"esc\\e[31mred"', written: 'esc\u001b[31mred' },
  { raw: '"nul\\0byte"', written: 'nul\u0000byte' },
  { raw: '"line\\u2028sep"', written: 'line\u2028sep' },
  { raw: '"bidi\\u202Eevil"', written: 'bidi\u202eevil' },
  { raw: '"zero\\u200Bwidth"', written: 'zero\u200bwidth' },
  { raw: '"emoji 🚀"', written: 'emoji 🚀' },
  { raw: '"key = \\"toml\\""', written: 'key = "toml"' },
  { raw: '"[section]"', written: '[section]' },
  { raw: '"</script>"', written: '</script>' },
];

/** Keys users could type by mistake or malice. */
export const HOSTILE_KEYS: readonly RawToken[] = [
  plain('on'),
  plain('yes'),
  plain('~'),
  plain('null'),
  plain('0x1F'),
  plain('1e3'),
  plain('2001-12-14'),
  { raw: '"${AWS::Region}"', written: '${AWS::Region}' },
  { raw: '"${ClusterName}"', written: '${ClusterName}' },
  { raw: '"__proto__"', written: '__proto__' },
  { raw: 'constructor', written: 'constructor' },
  { raw: '"a\\nb"', written: 'a\nb' },
  { raw: '"with space"', written: 'with space' },
  { raw: '"tеam"', written: 'tеam' }, // Cyrillic е
  { raw: '"ｔｅａｍ"', written: 'ｔｅａｍ' }, // fullwidth
  { raw: '"te\\u200Bam"', written: 'te\u200bam' }, // zero-width space
  { raw: '"../escape"', written: '../escape' },
  { raw: '""', written: '' },
];

/**
 * Names (cluster `name:`, node class and node pool keys) that must be refused: they are
 * not DNS-1123, collide with a folder the tool owns, or would put files outside `dist/`.
 */
export const HOSTILE_NAMES: readonly string[] = [
  '../x',
  '../../etc/passwd',
  '..',
  '.',
  '/abs',
  'a/b',
  'a\\b',
  'x/../../y',
  'UPPER',
  'under_score',
  '-leading',
  'trailing-',
  'dot.ted..name',
  'a'.repeat(254),
  '',
  ' ',
  'nul\u0000name',
  'new\nline',
  'nоde', // Cyrillic о
  'ｎｏｄｅ', // fullwidth
  'zero\u200bwidth',
  '${AWS::StackName}',
  'fleet',
];
