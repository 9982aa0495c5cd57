/** The example gated-promotion workflow (docs/examples/promote-workflow.yml) is valid and calls promote as it parses. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { parsePromoteArgs } from './promote-cli';

const file = path.resolve(__dirname, '..', '..', 'docs', 'examples', 'promote-workflow.yml');
const text = fs.readFileSync(file, 'utf8');
const wf = parse(text) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: { promote: { steps: { run?: string; uses?: string }[] } };
};

describe('example promote workflow', () => {
  it('passes @action-validator/cli', () => {
    const cli = require.resolve('@action-validator/cli/cli.mjs');
    const r = spawnSync(process.execPath, [cli, file], { encoding: 'utf8' });
    expect({ status: r.status, stderr: r.stderr.replace(/^WARNING: Glob validation.*\n/gm, '') }).toEqual({
      status: 0,
      stderr: '',
    });
  });

  it('runs on a schedule and by hand, with OIDC and no other write than the branch push', () => {
    expect(Object.keys(wf.on)).toEqual(['schedule', 'workflow_dispatch']);
    expect(wf.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
    for (const line of text.split('\n').filter((l) => /^\s*-?\s*uses:/.test(l)))
      expect(line).toMatch(/uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });

  it('calls promote with flags its parser accepts, gated and waiting', () => {
    const run = wf.jobs.promote.steps.find((s) => s.run?.includes('npm run --silent promote'))!.run!;
    const args = run
      .replace(/\\\n/g, ' ')
      .split('--silent promote --')[1]
      .split('>')[0]
      .trim()
      .split(/\s+/)
      .map((a) => a.replace(/^"\$RING"$/, 'prod').replace(/^"\$WAIT"$/, '30m'));
    expect(parsePromoteArgs(args)).toMatchObject({
      to: 'prod',
      wait: 30 * 60 * 1000,
      managementContext: 'argocd',
      push: true,
      force: false,
      format: 'json',
    });
  });
});
