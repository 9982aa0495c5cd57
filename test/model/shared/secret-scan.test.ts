/**
 * The secret scan over every kind of credential it must find: the kind is named, the place is
 * exact, and no output (the finding, the formatted diagnostics of a fleet holding it) contains the
 * matched value. The synchronous driver is checked against secretlint's own runner.
 */
import { lintSource } from '@secretlint/core';
import { formatDiagnostic } from '../../../model/shared/diagnostics';
import { SECRET_RULE_SET, scanForSecrets, secretlintFindings } from '../../../model/shared/secret-scan';
import { DEFAULTS, MINIMAL, userErrorsOf, load } from '../../support/fleet-files';
import { SECRET_SAMPLES } from './secret-samples';

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');

describe('scanForSecrets', () => {
  it.each(SECRET_SAMPLES.map((s) => [s.kind, s] as const))('finds %s and never shows it', (kind, sample) => {
    const findings = scanForSecrets(`#!/bin/bash\n${sample.line}\n`);
    expect(findings.map((f) => f.kind)).toContain(kind);
    expect(JSON.stringify(findings)).not.toContain(sample.secret);
  });

  it('finds nothing in ordinary userData and labels', () => {
    expect(
      scanForSecrets(
        '#!/bin/bash\nset -euo pipefail\naws ssm get-parameter --with-decryption --name /ci/token\nexport ACCOUNT_ID=111122223333\nteam=payments\n',
      ),
    ).toEqual([]);
  });

  it('places a finding at its line and column', () => {
    const [f] = scanForSecrets('a\nb\n  token: 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\n');
    expect(f).toEqual({
      kind: 'a GitHub token',
      ruleId: '@secretlint/secretlint-rule-github',
      messageId: 'GITHUB_TOKEN',
      line: 3,
      col: 10,
      start: 13,
      end: 53,
    });
  });

  it('finds what @secretlint/core finds with the same rules, sample by sample', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const preset = require(SECRET_RULE_SET) as { creator: never };
    for (const sample of [...SECRET_SAMPLES.map((s) => s.line), 'nothing to see\n']) {
      const result = await lintSource({
        source: { content: sample, filePath: 'sample.txt', ext: '.txt', contentType: 'text' },
        options: {
          config: {
            rules: [
              {
                id: SECRET_RULE_SET,
                rule: preset.creator,
                rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
              } as never,
            ],
          },
        },
      });
      const theirs = result.messages
        .filter((m) => m.messageId !== 'AWSAccountID')
        .map((m) => `${m.loc.start.line}:${m.loc.start.column + 1}:${m.messageId}`)
        .sort();
      const ours = secretlintFindings(sample)
        .map((f) => `${f.line}:${f.col}:${f.messageId}`)
        .sort();
      expect(ours).toEqual(theirs);
    }
  });
});

describe('no fleet output contains the secret', () => {
  it.each(SECRET_SAMPLES.map((s) => [s.kind, s] as const))(
    '%s in userData, a tag and a label',
    (kind, sample) => {
      // One-line samples also go into a tag and a label; a PEM block only fits userData.
      const oneLine = !sample.line.includes('\n');
      const extra = (key: string, at: string) =>
        oneLine ? `${at}${key}:\n${at}  v: ${JSON.stringify(sample.line)}\n` : '';
      const fleet = `${MINIMAL}${extra('tags', '')}nodeClasses:
  default:
    alias: al2023@v20260714
    userData: |
      #!/bin/bash
${indent(sample.line, '      ')}
nodePools:
  p:
    nodeClass: default
${extra('labels', '    ')}`;
      const diagnostics = userErrorsOf(() => load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': fleet }));
      const text = diagnostics.map(formatDiagnostic).join('\n');
      expect(text).toContain(`nodeClasses.default.userData: ${kind} is written here`);
      if (oneLine) {
        expect(text).toContain(`tags.v: ${kind} is written here`);
        expect(text).toContain(`nodePools.p.labels.v: ${kind} is written here`);
      }
      expect(text).not.toContain(sample.secret);
    },
  );
});

describe("AWS's documentation example keys", () => {
  it('are reported (secretlint lets them through), as the keys they stand for', () => {
    const text =
      'export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nexport AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n';
    expect(scanForSecrets(text).map((f) => `${f.line}:${f.col} ${f.kind}`)).toEqual([
      "1:26 an AWS access key ID (AWS's documentation example)",
      "2:30 an AWS secret access key (AWS's documentation example)",
    ]);
  });
});
