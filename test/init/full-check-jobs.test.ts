import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runCli } from '../../cli/main';
import { CliIo } from '../../io/cli-common';
import { MAX_WORKFLOW_SHARDS } from '../../init/full-check-jobs';

const FLAGS = [
  '--cluster',
  'shop',
  '--account=111122223333',
  '--region',
  'eu-west-1',
  '--destination',
  'shop-eu',
  '--repo-url',
  'https://github.com/example/platform-gitops.git',
];

interface Step {
  readonly run?: string;
  readonly uses?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
}
interface Job {
  readonly if?: string;
  readonly needs?: string;
  readonly name?: string;
  readonly strategy?: { 'fail-fast': boolean; matrix: { shard: number[] } };
  readonly steps: Step[];
}

function capture(cwd: string): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd, env: {} }, out, err };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kg-init-shards-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const workflowFile = () => join(dir, '.github', 'workflows', 'karpenter-gitops.yml');
const jobsOf = () => (parse(readFileSync(workflowFile(), 'utf8')) as { jobs: Record<string, Job> }).jobs;

describe('init --shards N: the full check as a matrix and a join job', () => {
  it('writes N shards and a join job that the workflow validator accepts', async () => {
    const c = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--shards', '4'], c.io)).toBe(0);
    const jobs = jobsOf();
    expect(Object.keys(jobs)).toEqual(['check', 'check-full', 'check-join', 'impact']);
    expect(jobs.check.if).toBe("github.event_name == 'pull_request'");
    const full = jobs['check-full'];
    expect(full.if).toBe("github.event_name == 'push'");
    expect(full.strategy).toEqual({ 'fail-fast': false, matrix: { shard: [1, 2, 3, 4] } });
    expect(full.steps.map((s) => s.run).filter((r) => r?.includes('check'))).toEqual([
      'npx karpenter-gitops check --format github --require-cfn-lint --full --base "$BASE_SHA" --shard ${{ matrix.shard }}/4 --summary-json check-summary-${{ matrix.shard }}.json',
    ]);
    const upload = full.steps.find((s) => s.with?.name === 'check-summary-${{ matrix.shard }}');
    expect(upload).toMatchObject({
      if: 'always()',
      with: { path: 'check-summary-${{ matrix.shard }}.json' },
    });
    const join_ = jobs['check-join'];
    expect(join_.needs).toBe('check-full');
    expect(join_.if).toBe("always() && github.event_name == 'push'");
    expect(join_.steps.map((s) => s.run).filter((r) => r?.startsWith('npx'))).toEqual([
      'npx karpenter-gitops check --join --format github summaries/check-summary-*.json',
    ]);
    expect(join_.steps.find((s) => s.with?.pattern === 'check-summary-*')?.with).toEqual({
      pattern: 'check-summary-*',
      path: 'summaries',
      'merge-multiple': true,
    });
    for (const line of readFileSync(workflowFile(), 'utf8')
      .split('\n')
      .filter((l) => /^\s*-?\s*uses:/.test(l)))
      expect(line).toMatch(/uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    const cli = require.resolve('@action-validator/cli/cli.mjs');
    const r = spawnSync(process.execPath, [cli, workflowFile()], { encoding: 'utf8' });
    expect(r.stderr.replace(/^WARNING: Glob validation.*\n/gm, '')).toBe('');
    expect(r.status).toBe(0);
  });

  it('writes one shard by default', async () => {
    expect(await runCli(['init', ...FLAGS], capture(dir).io)).toBe(0);
    const jobs = jobsOf();
    expect(jobs['check-full'].strategy?.matrix.shard).toEqual([1]);
    expect(jobs['check-full'].name).toBe('check --full (shard ${{ matrix.shard }} of 1)');
  });

  it.each(['0', 'x', String(MAX_WORKFLOW_SHARDS + 1), '2.5'])(
    'refuses --shards %s with a usage error and writes nothing',
    async (n) => {
      const c = capture(dir);
      expect(await runCli(['init', ...FLAGS, '--shards', n], c.io)).toBe(2);
      expect(c.err[0]).toBe(
        `init: --shards takes a whole number from 1 to ${MAX_WORKFLOW_SHARDS} (the shards of the full check), not '${n}'.`,
      );
      expect(() => readFileSync(workflowFile())).toThrow();
    },
  );
});
