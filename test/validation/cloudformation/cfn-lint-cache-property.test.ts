/**
 * The cache never changes a verdict: a seeded sequence of random edits (template texts,
 * renamed and added or removed templates, a cfn-lint upgrade that changes its verdicts, a
 * `.cfnlintrc` that changes them, a template naming files outside it), and after each one
 * `lintTemplates` with the cache gives exactly the findings of a run that reads no cache.
 */
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CfnLintTemplate, lintTemplates, LintOptions } from '../../../validation/cloudformation/cfn-lint';
import { sortFindings } from '../../../validation/finding';
import { createPrng } from '../../reliability/prng';
import { fakeCfnLint } from '../../support/fake-cfn-lint';

function template(lines: readonly string[]): string {
  return ['Resources:', '  Q:', '    Type: AWS::SQS::Queue', '    Properties:', ...lines, ''].join('\n');
}

const LINES = [
  '      QueueName: a',
  '      QueueName: b',
  '      BAD: 1',
  '    DependsOn: [R] # WARN',
  '      Tags: []',
];

const SEEDS = [1, 2, 3, 4, 5];
const STEPS = 12;

describe.each(SEEDS)('seed %i', (seed) => {
  const fake = fakeCfnLint();
  const cwd = mkdtempSync(join(tmpdir(), 'kg-cfn-prop-cwd-'));
  const home = mkdtempSync(join(tmpdir(), 'kg-cfn-prop-home-'));
  const cacheDir = mkdtempSync(join(tmpdir(), 'kg-cfn-prop-cache-'));
  let version: 1 | 2 = 1;
  const base: Omit<LintOptions, 'cacheDir'> = {
    cwd,
    home,
    bin: fake.bin,
    processes: 2,
    identity: async (bin) => ({ identity: `cfn-lint ${version}.0.0 ${bin} 1`, program: bin }),
  };
  afterAll(() => {
    for (const d of [fake.dir, cwd, home, cacheDir]) rmSync(d, { recursive: true, force: true });
  });

  it(`${STEPS} random edits: findings with the cache equal findings without it`, async () => {
    const prng = createPrng(seed);
    const next = prng.next;
    const pick = prng.pick;
    let templates: CfnLintTemplate[] = Array.from({ length: 4 }, (_, i) => ({
      file: `dist/c${i}/cloudformation/karpenter.yaml`,
      text: template([pick(LINES)]),
    }));
    let cachedTotal = 0;
    const edits: string[] = [];
    for (let step = 0; step < STEPS; step++) {
      const edit = pick([
        'text',
        'text',
        'text',
        'rename',
        'add',
        'remove',
        'upgrade',
        'config',
        'external',
        'none',
      ]);
      edits.push(edit);
      const i = Math.floor(next() * templates.length);
      if (edit === 'text') templates[i] = { ...templates[i], text: template([pick(LINES), pick(LINES)]) };
      else if (edit === 'rename')
        templates[i] = { ...templates[i], file: `dist/r${step}/cloudformation/karpenter.yaml` };
      else if (edit === 'add')
        templates = [
          ...templates,
          { file: `dist/n${step}/cloudformation/karpenter.yaml`, text: template([pick(LINES)]) },
        ];
      else if (edit === 'remove' && templates.length > 1) templates = templates.filter((_, j) => j !== i);
      else if (edit === 'upgrade') {
        version = version === 1 ? 2 : 1;
        fake.setVersion(version);
      } else if (edit === 'config') {
        if (next() < 0.5) writeFileSync(join(cwd, '.cfnlintrc'), 'ignore_checks:\n  - W3005\n');
        else rmSync(join(cwd, '.cfnlintrc'), { force: true });
      } else if (edit === 'external')
        templates[i] = { ...templates[i], text: `${templates[i].text}# override_spec: spec.json BAD\n` };

      const fresh = mkdtempSync(join(tmpdir(), 'kg-cfn-prop-fresh-'));
      const withCache = await lintTemplates(templates, { ...base, cacheDir });
      const without = await lintTemplates(templates, { ...base, cacheDir: fresh, readCache: false });
      rmSync(fresh, { recursive: true, force: true });
      expect({ seed, edits, findings: sortFindings(withCache?.findings ?? []) }).toEqual({
        seed,
        edits,
        findings: sortFindings(without?.findings ?? []),
      });
      expect((withCache?.linted ?? 0) + (withCache?.cached ?? 0)).toBe(templates.length);
      cachedTotal += withCache?.cached ?? 0;
    }
    // The cache was used (otherwise the comparison would prove nothing).
    expect(cachedTotal).toBeGreaterThan(0);
    try {
      unlinkSync(join(cwd, '.cfnlintrc'));
    } catch {
      // not there
    }
  });
});
