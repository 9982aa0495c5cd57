/** The fleet's secret check: which values are scanned, one pass over many values, the opt-out. */
import { formatDiagnostic } from '../../../model/shared/diagnostics';
import { freeTextValues, scanValues, withoutSecrets } from '../../../model/check/check-secrets';
import { parseFleetSource } from '../../../model/parse/yaml-source';
import { DEFAULTS, errorsOf, errorsOfCluster, load, MINIMAL } from '../../support/fleet-files';

const TOKEN = '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';

describe('freeTextValues', () => {
  it('takes every key, with its value when that is a string, and every string in a list', () => {
    const { root } = parseFleetSource(
      'clusters/a.yaml',
      'name: a\ntags: { team: x }\nnodeClasses:\n  c:\n    alias: al2023@v1\n    subnetSelectorTerms:\n      - tags: { tier: private }\n    userData: "#!/bin/bash"\nkarpenter:\n  helmValues:\n    podLabels: { a: b }\n    replicas: 2\n    args: [--x]\n',
    );
    expect(freeTextValues(root!).map((v) => `${v.path.join('.')}=${v.text}`)).toEqual([
      'name=name : a',
      'tags=tags',
      'tags.team=team : x',
      'nodeClasses=nodeClasses',
      'nodeClasses.c=c',
      'nodeClasses.c.alias=alias : al2023@v1',
      'nodeClasses.c.subnetSelectorTerms=subnetSelectorTerms',
      'nodeClasses.c.subnetSelectorTerms.0.tags=tags',
      'nodeClasses.c.subnetSelectorTerms.0.tags.tier=tier : private',
      'nodeClasses.c.userData=userData : #!/bin/bash',
      'karpenter=karpenter',
      'karpenter.helmValues=helmValues',
      'karpenter.helmValues.podLabels=podLabels',
      'karpenter.helmValues.podLabels.a=a : b',
      'karpenter.helmValues.replicas=replicas',
      'karpenter.helmValues.args=args',
      'karpenter.helmValues.args.0=--x',
    ]);
  });

  it('places a character of a folded, literal or quoted value on its own line and column', () => {
    const text =
      'tags:\n  folded: >-\n    first words\n    then ghp_x here\n  literal: |\n    a\n      ghp_y\n  quoted: "q ghp_z"\n';
    const values = freeTextValues(parseFleetSource('clusters/a.yaml', text).root!);
    const at = (name: string, token: string) => {
      const v = values.find((x) => x.path.join('.') === `tags.${name}`)!;
      const { line, col } = v.locate(v.text.indexOf(token), token.length);
      return `${line}:${col}`;
    };
    expect(at('folded', 'ghp_x')).toBe('4:10');
    expect(at('literal', 'ghp_y')).toBe('7:7');
    expect(at('quoted', 'ghp_z')).toBe('8:14');
    expect(at('folded', 'folded')).toBe('2:3');
  });

  it('places a value brought by an alias where the alias is used', () => {
    const text = 'x: &tok "ghp_a"\ntags:\n  t: *tok\n';
    const values = freeTextValues(parseFleetSource('clusters/a.yaml', text).root!);
    const v = values.find((x) => x.path.join('.') === 'tags.t')!;
    const { line, col } = v.locate(v.text.indexOf('ghp_a'), 5);
    expect(`${line}:${col}`).toBe('3:6');
  });
});

describe('scanValues', () => {
  it('scans many values in one pass and maps each finding to its value and line', () => {
    const found = scanValues(['nothing', `line 1\nline 2\ntoken=${TOKEN}`, 'x', TOKEN]);
    expect(found.map((f) => [f.value, f.finding.line, f.finding.col, f.finding.kind])).toEqual([
      [1, 3, 7, 'a GitHub token'],
      [3, 1, 1, 'a GitHub token'],
    ]);
  });
});

describe('the opt-out', () => {
  it('on a comment-only line directly above the value', () => {
    const fleet = `${MINIMAL}tags:\n  # karpenter-gitops: allow-secret fixture of the scanner tests\n  t: ${TOKEN}\n`;
    expect(load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': fleet }).warnings).toEqual([]);
  });
  it('two lines above does not count', () => {
    const fleet = `${MINIMAL}tags:\n  # karpenter-gitops: allow-secret fixture\n  a: b\n  t: ${TOKEN}\n`;
    expect(errorsOfCluster(fleet)).toEqual([
      expect.stringMatching(/^clusters\/demo\.yaml:10:6 tags\.t: a GitHub token is written here/),
    ]);
  });
});

describe('withoutSecrets', () => {
  it('drops other problems of the value and cuts the value out of any other message', () => {
    const secret = { file: 'f.yaml', path: 'tags.t', text: `x ${TOKEN}`, kind: 'a GitHub token' };
    const base = { severity: 'error' as const, file: 'f.yaml', line: 1, col: 1 };
    const out = withoutSecrets(
      [
        { ...base, path: 'tags.t', message: 'a GitHub token is written here: …', fix: 'f' },
        { ...base, path: 'tags.t', message: `tag value 'x ${TOKEN}' is not valid`, fix: 'f' },
        { ...base, path: 'other', message: `see 'x ${TOKEN}'`, fix: 'f' },
      ],
      [secret],
    );
    expect(out.map(formatDiagnostic)).toEqual([
      'f.yaml:1:1 tags.t: a GitHub token is written here: …. f.',
      "f.yaml:1:1 other: see '…'. f.",
    ]);
  });
});

describe("a team's own patterns (secretPatterns in _defaults.yaml)", () => {
  const errorsOfCluster = (cluster: string, defaults: string) =>
    errorsOf({ '_defaults.yaml': defaults, 'demo.yaml': cluster });
  const withPatterns = (patterns: string) => `${DEFAULTS}secretPatterns:\n${patterns}`;
  it('finds what the pattern matches, at its line, naming the pattern', () => {
    const errors = errorsOfCluster(
      `${MINIMAL}tags:\n  deploy: acme_4f9d2c7b1e8a6035\n`,
      withPatterns('  - id: acme-deploy-token\n    regex: "acme_[0-9a-f]{16}"\n'),
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:8:11 tags\.deploy: a secret matching the team pattern 'acme-deploy-token' is written here: /,
      ),
    ]);
    expect(errors.join('\n')).not.toContain('4f9d2c7b1e8a6035');
  });

  it('skips a match whose entropy is not above the threshold', () => {
    const files = {
      '_defaults.yaml': withPatterns(
        '  - id: acme-deploy-token\n    regex: "acme_([0-9a-f]{16})"\n    entropy: 2\n',
      ),
      'demo.yaml': `${MINIMAL}tags:\n  deploy: acme_0000000000000000\n`,
    };
    expect(load(files).warnings).toEqual([]);
    expect(
      errorsOf({ ...files, 'demo.yaml': `${MINIMAL}tags:\n  deploy: acme_4f9d2c7b1e8a6035\n` }),
    ).toHaveLength(1);
  });

  it('refuses a pattern it cannot evaluate, at the pattern', () => {
    const errors = errorsOfCluster(MINIMAL, withPatterns('  - id: bad\n    regex: "\\\\pL+"\n'));
    expect(errors).toEqual([
      expect.stringMatching(
        /^clusters\/_defaults\.yaml:5:12 secretPatterns\[0\]\.regex: '\\pL\+' is not a Go \(RE2\) regular expression the scan can evaluate: the escape \\p at offset 0 of the pattern\. /,
      ),
    ]);
  });
});

describe('a secret as a map key', () => {
  it('is found at the key, quoted or not, and the field path shows it masked', () => {
    const errors = errorsOfCluster(
      `${MINIMAL}tags:\n  "${TOKEN}": x\n  ${TOKEN.replace('ghp_w', 'ghp_q')}: y\n`,
    );
    expect(errors.map((e) => e.slice(0, e.indexOf(' is written here')))).toEqual([
      'clusters/demo.yaml:8:4 tags.ghp… (40 characters): a GitHub token',
      'clusters/demo.yaml:9:3 tags.ghp… (40 characters): a GitHub token',
    ]);
    expect(errors.join('\n')).not.toContain(TOKEN.slice(4));
  });
});
