import { findCfnLint } from '../../validation/cloudformation/cfn-lint';
import { Finding } from '../../validation/finding';
import { PreLinted, SourceFile, validateFiles } from '../../validation/validate-tree';
import { cfnTemplate } from './fixtures';

/** A template with an error both cfn-lint and the built-in check report: an unknown queue property. */
function brokenTemplate(queue: string): string {
  const t = JSON.parse(cfnTemplate({ queue })) as {
    Resources: Record<string, { Properties: Record<string, unknown> }>;
  };
  t.Resources.InterruptionQueue.Properties.KmsMasterKeyID = 'alias/x';
  return `${JSON.stringify(t, null, 2)}\n`;
}

const A: SourceFile = { display: 'templates/a.json', rel: 'a.json', text: brokenTemplate('a') };
const B: SourceFile = { display: 'templates/b.json', rel: 'b.json', text: brokenTemplate('b') };

/** A finding no real check would raise, so that seeing it proves it was taken from the PreLinted. */
function planted(file: string): Finding {
  return {
    file,
    document: 0,
    severity: 'warning',
    line: 1,
    col: 1,
    path: 'Resources',
    message: 'W9999: planted by the test',
    check: 'cloudformation/cfn-lint',
  };
}

/** What validating a template now reports for the unknown property (cfn-lint when installed). */
function expectLintedNow(findings: readonly Finding[], file: string): void {
  const about = findings.filter((f) => f.file === file);
  expect(about.map((f) => [f.severity, f.path, f.check])).toEqual([
    [
      'error',
      'Resources.InterruptionQueue.Properties.KmsMasterKeyID',
      findCfnLint() ? 'cloudformation/cfn-lint' : 'cloudformation',
    ],
  ]);
}

describe('validateFiles with cfn-lint results linted before (PreLinted)', () => {
  test('a template judged with exactly its text takes those findings and is not checked again', () => {
    const pre: PreLinted = { findings: [planted(A.display)], judged: new Map([[A.display, A.text]]) };
    const r = validateFiles([A], { cfnLint: pre });
    expect(r.findings).toStrictEqual([planted(A.display)]);
    expect(r.documents).toBe(1);
  });

  test('a template judged with another text does not take those findings; it is checked now', () => {
    const pre: PreLinted = {
      findings: [planted(A.display)],
      judged: new Map([[A.display, brokenTemplate('an older queue name')]]),
    };
    const r = validateFiles([A], { cfnLint: pre });
    expect(r.findings.some((f) => f.message === 'W9999: planted by the test')).toBe(false);
    expectLintedNow(r.findings, A.display);
  });

  test('judged and unjudged templates together: each gets its own', () => {
    const pre: PreLinted = {
      // B's planted finding is not taken: B was not judged.
      findings: [planted(A.display), planted(B.display)],
      judged: new Map([[A.display, A.text]]),
    };
    const r = validateFiles([B, A], { cfnLint: pre });
    expect(r.findings.filter((f) => f.file === A.display)).toStrictEqual([planted(A.display)]);
    expectLintedNow(r.findings, B.display);
  });

  test('cfnLint false: only the built-in check, whatever is installed', () => {
    const r = validateFiles([A], { cfnLint: false });
    expect(r.findings.map((f) => [f.file, f.check, f.path, f.message])).toEqual([
      [
        'templates/a.json',
        'cloudformation',
        'Resources.InterruptionQueue.Properties.KmsMasterKeyID',
        "AWS::SQS::Queue has no property 'KmsMasterKeyID'",
      ],
    ]);
  });
});
