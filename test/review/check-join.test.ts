import { CheckSummary, SUMMARY_FORMAT, summaryText } from '../../review/check-summary';
import { joinedSummaryLine, joinSummaries, SummaryFile } from '../../review/check-join';
import { Diagnostic } from '../../model';

const COMMIT = 'a'.repeat(40);

function summary(index: number, count: number, over: Partial<CheckSummary> = {}): CheckSummary {
  return {
    format: SUMMARY_FORMAT,
    commit: COMMIT,
    shard: { index, count },
    ok: true,
    clusters: [`c${index}`],
    clusterFiles: [`clusters/c${index}.yaml`],
    files: [`c${index}/values/karpenter.yaml`],
    scenarios: 10,
    steps: [
      { step: 'load', status: 'ok', summary: '1 cluster' },
      { step: 'synth', status: 'ok', summary: '1 file generated' },
      { step: 'stale', status: 'ok', summary: '1 file up to date' },
      { step: 'validate', status: 'ok', summary: '1 file valid' },
      { step: 'policies', status: 'ok', summary: '10 scenarios passed, 0 failed' },
    ],
    findings: [],
    ...over,
  };
}

const file = (name: string, s: CheckSummary): SummaryFile => ({ file: name, text: summaryText(s) });

const planted: Diagnostic = {
  severity: 'error',
  file: 'clusters/c2.yaml',
  line: 7,
  col: 5,
  path: 'nodePools.general.limits.cpu',
  message: "'lots' is not a quantity",
  fix: 'Write a Kubernetes quantity such as 100 or 500m',
};

describe('joinSummaries', () => {
  it('joins the shards of one check into one result', () => {
    const r = joinSummaries([1, 2, 3].map((k) => file(`s${k}.json`, summary(k, 3))));
    expect(r.refused).toEqual([]);
    expect(r.ok).toBe(true);
    expect({ clusters: r.clusters, files: r.files, scenarios: r.scenarios }).toEqual({
      clusters: 3,
      files: 3,
      scenarios: 30,
    });
    expect(joinedSummaryLine(r)).toBe(
      `check --join: passed (3 shards at ${COMMIT.slice(0, 12)}: 3 clusters, 3 files, 30 scenarios; load ok in 3 shards; synth ok in 3 shards; stale ok in 3 shards; validate ok in 3 shards; policies ok in 3 shards)`,
    );
  });

  it('fails when one shard failed, naming the shard, its file and the finding', () => {
    const failed = summary(2, 3, {
      ok: false,
      findings: [planted],
      steps: [
        { step: 'load', status: 'failed', summary: '1 error (shard 2/3)' },
        { step: 'synth', status: 'skipped', summary: 'the fleet description did not load' },
        { step: 'stale', status: 'skipped', summary: 'nothing was generated to compare with' },
        { step: 'validate', status: 'ok', summary: '1 file valid' },
        { step: 'policies', status: 'skipped', summary: 'the fleet description did not load' },
      ],
    });
    const r = joinSummaries([
      file('s1.json', summary(1, 3)),
      file('s2.json', failed),
      file('s3.json', summary(3, 3)),
    ]);
    expect(r.ok).toBe(false);
    expect(r.refused).toEqual([]);
    expect(r.findings).toEqual([planted]);
    expect(r.steps[0]).toEqual({ step: 'load', status: 'failed', summary: 'failed in shard 2/3 (s2.json)' });
    expect(r.steps[1]).toEqual({ step: 'synth', status: 'ok', summary: 'ok in 2 shards, skipped in 1' });
    expect(joinedSummaryLine(r)).toMatch(/^check --join: FAILED \(3 shards at a{12}: /);
  });

  it('reports a finding two shards both give once', () => {
    const both = { ...planted, file: 'clusters/_defaults.yaml' };
    const r = joinSummaries([
      file('s1.json', summary(1, 2, { ok: false, findings: [both] })),
      file('s2.json', summary(2, 2, { ok: false, findings: [both] })),
    ]);
    expect(r.findings).toEqual([both]);
  });

  it('refuses a missing shard, naming it and the files given', () => {
    const r = joinSummaries([file('s1.json', summary(1, 3)), file('s3.json', summary(3, 3))]);
    expect(r.ok).toBe(false);
    expect(r.refused.map((d) => [d.file, d.message])).toEqual([
      ['s1.json', 'shard 2/3 is missing: no summary of it among s1.json, s3.json'],
    ]);
  });

  it('refuses a shard given twice and a cluster two shards claim', () => {
    const r = joinSummaries([
      file('s1.json', summary(1, 2)),
      file('s2.json', summary(2, 2, { clusterFiles: ['clusters/c1.yaml'] })),
      file('again.json', summary(2, 2, { clusters: ['c9'], clusterFiles: ['clusters/c9.yaml'], files: [] })),
    ]);
    expect(r.refused.map((d) => d.message)).toEqual([
      'shard 2/2 is given twice: s2.json, again.json',
      'cluster clusters/c1.yaml is claimed by two shards: s1.json and s2.json',
    ]);
    expect(r.refused[0].file).toBe('again.json');
  });

  it('refuses summaries of different commits or different N, naming the files', () => {
    const commits = joinSummaries([
      file('s1.json', summary(1, 2)),
      file('s2.json', summary(2, 2, { commit: 'b'.repeat(40) })),
    ]);
    expect(commits.refused.map((d) => d.message)).toEqual([
      `the summaries are of different commits: ${COMMIT} in s1.json; ${'b'.repeat(40)} in s2.json`,
    ]);
    const counts = joinSummaries([file('s1.json', summary(1, 2)), file('s2.json', summary(2, 3))]);
    expect(counts.refused.map((d) => d.message)).toEqual([
      'the summaries are of different shard counts: N=2 in s1.json; N=3 in s2.json',
    ]);
    expect(counts.ok).toBe(false);
  });

  it('refuses a file that is not a summary, or cannot be read', () => {
    const r = joinSummaries([
      { file: 'junk.json', text: '{' },
      { file: 'other.json', text: '{"format":"x"}' },
      { file: 'gone.json', text: '', unreadable: 'ENOENT' },
    ]);
    expect(r.refused.map((d) => `${d.file}: ${d.message}`)).toEqual([
      expect.stringMatching(/^junk\.json: is not JSON \(/),
      `other.json: is not a check summary (its format is not '${SUMMARY_FORMAT}')`,
      'gone.json: cannot be read (ENOENT)',
    ]);
    expect(r.ok).toBe(false);
  });
});
