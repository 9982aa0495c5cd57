/** The PR workflow (.github/workflows/karpenter-gitops.yml) agrees with the CLIs it calls. */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { REPORT_MARKER } from '../../review/render-markdown';

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
}
interface Job {
  readonly permissions: Record<string, string>;
  readonly steps: readonly Step[];
}

const file = path.resolve(__dirname, '..', '..', '.github', 'workflows', 'karpenter-gitops.yml');
const text = fs.readFileSync(file, 'utf8');
const wf = parse(text) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};
const steps = (job: string) => wf.jobs[job].steps;
const runs = (job: string) =>
  steps(job)
    .map((s) => s.run ?? '')
    .join('\n');

describe('karpenter-gitops workflow', () => {
  it('runs on pull_request only, never pull_request_target', () => {
    expect(Object.keys(wf.on)).toEqual(['pull_request']);
  });

  it('has least-privilege permissions: read by default, PR comments only for the impact job', () => {
    expect(wf.permissions).toEqual({ contents: 'read' });
    expect(wf.jobs.check.permissions).toEqual({ contents: 'read' });
    expect(wf.jobs.impact.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
  });

  it('pins every action to at least a major version', () => {
    const uses = Object.keys(wf.jobs).flatMap((j) =>
      steps(j)
        .map((s) => s.uses)
        .filter((u): u is string => !!u),
    );
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) expect(u).toMatch(/^[\w-]+\/[\w-]+@(v\d+(\.\d+)*|[0-9a-f]{40})$/);
  });

  it('check job: full history, npm ci, then npm run check with GitHub annotations against the base commit', () => {
    expect(steps('check')[0]).toEqual({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    const r = runs('check');
    expect(r.indexOf('npm ci')).toBeGreaterThan(-1);
    expect(r.indexOf('npm run check -- --format github --base "$BASE_SHA"')).toBeGreaterThan(
      r.indexOf('npm ci'),
    );
    const step = steps('check').find((s) => s.run?.startsWith('npm run check')) as Step & {
      env?: Record<string, string>;
    };
    expect(step.env?.BASE_SHA).toBe('${{ github.event.pull_request.base.sha }}');
  });

  it('impact job: full history, report against the base commit, comment found by the report marker', () => {
    expect(steps('impact')[0]).toEqual({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    expect(runs('impact')).toContain(
      'npm run --silent impact -- --base "$BASE_SHA" --output impact-report.md',
    );
    const script = String(
      steps('impact').find((s) => s.uses?.startsWith('actions/github-script@'))?.with?.script,
    );
    expect(script).toContain(`const marker = '${REPORT_MARKER}';`);
    expect(script).toContain('updateComment');
    expect(script).toContain('createComment');
  });
});
