/** The PR workflow (.github/workflows/karpenter-gitops.yml) agrees with the CLIs it calls. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { REPORT_MARKER } from '../../review/impact/render-markdown';

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
}
interface Job {
  readonly if?: string;
  readonly permissions: Record<string, string>;
  readonly steps: readonly Step[];
}

const file = path.resolve(__dirname, '..', '..', '.github', 'workflows', 'karpenter-gitops.yml');
const text = fs.readFileSync(file, 'utf8');
const testFile = path.resolve(__dirname, '..', '..', '.github', 'workflows', 'test.yml');
const testText = fs.readFileSync(testFile, 'utf8');
const releaseFile = path.resolve(__dirname, '..', '..', '.github', 'workflows', 'release.yml');
const releaseText = fs.readFileSync(releaseFile, 'utf8');
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

/** actions/checkout v7.0.1 (the comment beside the pin names the tag). */
const CHECKOUT = 'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1';

describe('karpenter-gitops workflow', () => {
  it('runs on pull_request and pushes to main, never pull_request_target; impact only for PRs', () => {
    expect(Object.keys(wf.on).sort()).toEqual(['pull_request', 'push']);
    expect(wf.on.push).toEqual({ branches: ['main'] });
    expect(wf.jobs.impact.if).toBe("github.event_name == 'pull_request'");
    expect(wf.jobs.check.if).toBeUndefined();
  });

  it("check job: restores cfn-lint's cache after npm ci, before check, saving a new one per run", () => {
    const all = steps('check');
    const cache = all.findIndex((s) => s.uses?.startsWith('actions/cache@'));
    expect(all[cache].with).toEqual({
      path: '~/.cache/karpenter-gitops',
      key: 'karpenter-gitops-${{ runner.os }}-${{ github.run_id }}',
      'restore-keys': 'karpenter-gitops-${{ runner.os }}-',
    });
    expect(cache).toBeGreaterThan(all.findIndex((s) => s.run === 'npm ci'));
    expect(cache).toBeLessThan(all.findIndex((s) => s.run?.startsWith('npm run check')));
  });

  it('has least-privilege permissions: read by default, PR comments only for the impact job', () => {
    expect(wf.permissions).toEqual({ contents: 'read' });
    expect(wf.jobs.check.permissions).toEqual({ contents: 'read' });
    expect(wf.jobs.impact.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
  });

  it('pins every action of both workflows to a full commit SHA, with the tag in a comment', () => {
    for (const t of [text, testText, releaseText]) {
      const uses = t.split('\n').filter((l) => /^\s*-?\s*uses:/.test(l));
      expect(uses.length).toBeGreaterThan(0);
      for (const line of uses) expect(line).toMatch(/uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  it('runs when anything that changes dist/ or the checks changes', () => {
    const paths = (wf.on.pull_request as { paths: string[] }).paths;
    const root = path.resolve(__dirname, '..', '..');
    // Every top-level source folder (TypeScript that can reach dist/ or the checks), except the
    // benchmark, the live-account preflight and ring promotion (none runs in the PR job), and
    // every file the build or the CLIs read.
    const sourceDirs = fs
      .readdirSync(root, { withFileTypes: true })
      .filter(
        (e) =>
          e.isDirectory() &&
          // lib/ is the package build; api/ (the library) and examples/ never reach dist/ or the checks.
          ![
            'node_modules',
            'build',
            'lib',
            'api',
            'examples',
            'test',
            'docs',
            'bench',
            'preflight',
            'promote',
          ].includes(e.name),
      )
      .filter((e) => !e.name.startsWith('.'))
      .filter((e) =>
        fs.readdirSync(path.join(root, e.name), { recursive: true }).some((f) => String(f).endsWith('.ts')),
      )
      .map((e) => `${e.name}/**`);
    expect(sourceDirs.length).toBeGreaterThan(8);
    for (const p of [...sourceDirs, 'clusters/**', 'dist/**', 'main.ts', 'cdk8s.yaml', 'tsconfig*.json'])
      expect(paths).toContain(p);
    expect(paths).toContain('package-lock.json');
  });

  it('uses a supported Node.js LTS line for the PR job and tests on 20, 22 and 24', () => {
    for (const j of ['check', 'impact']) {
      const setup = steps(j).find((s) => s.uses?.startsWith('actions/setup-node@'));
      expect(setup?.with?.['node-version']).toBe(24);
    }
    const matrix = (parse(testText) as { jobs: { test: { strategy: { matrix: { node: number[] } } } } }).jobs
      .test.strategy.matrix.node;
    expect(matrix).toEqual([20, 22, 24]);
  });

  it('uploads a JUnit report of every document checked, even when the check fails', () => {
    const report = steps('check').find((s) => s.run?.includes('--format junit'));
    expect(report?.run).toBe('npm run --silent validate -- --format junit dist > validation-junit.xml');
    expect(report?.if).toBe('always()');
    const upload = steps('check').find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.path).toBe('validation-junit.xml');
  });

  it('passes @action-validator/cli', () => {
    const cli = require.resolve('@action-validator/cli/cli.mjs');
    for (const f of [file, testFile, releaseFile]) {
      const r = spawnSync(process.execPath, [cli, f], { encoding: 'utf8' });
      expect({
        file: f,
        status: r.status,
        stderr: r.stderr.replace(/^WARNING: Glob validation.*\n/gm, ''),
      }).toEqual({
        file: f,
        status: 0,
        stderr: '',
      });
    }
  });

  it('check job: full history, npm ci, then npm run check with GitHub annotations (cfn-lint required) against the base commit', () => {
    expect(steps('check')[0]).toEqual({ uses: CHECKOUT, with: { 'fetch-depth': 0 } });
    const r = runs('check');
    expect(r.indexOf('npm ci')).toBeGreaterThan(-1);
    expect(
      r.indexOf('npm run check -- --format github --require-cfn-lint --base "$BASE_SHA"'),
    ).toBeGreaterThan(r.indexOf('npm ci'));
    const step = steps('check').find((s) => s.run?.startsWith('npm run check')) as Step & {
      env?: Record<string, string>;
    };
    expect(step.env?.BASE_SHA).toBe('${{ github.event.pull_request.base.sha || github.event.before }}');
  });

  it('impact job: full history, report against the base commit, comment found by the report marker', () => {
    expect(steps('impact')[0]).toEqual({ uses: CHECKOUT, with: { 'fetch-depth': 0 } });
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

  it('impact job: the fleet capacity report goes into the step summary', () => {
    const r = runs('impact');
    expect(r).toContain('npm run --silent report >> "$GITHUB_STEP_SUMMARY"');
    expect(r.indexOf('npm run --silent report >> "$GITHUB_STEP_SUMMARY"')).toBeGreaterThan(
      r.indexOf('npm ci'),
    );
  });
});

describe('release workflow', () => {
  const release = parse(releaseText) as {
    on: { push: { tags: string[] } };
    permissions: Record<string, string>;
    jobs: {
      test: Job & { strategy: { matrix: { node: number[] } } };
      publish: Job & { 'runs-on': string; needs: string };
    };
  };
  const publish = release.jobs.publish;
  const runLines = publish.steps.map((s) => s.run ?? '');
  const testLines = release.jobs.test.steps.map((s) => s.run ?? '');

  it('runs on a version tag only', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('reads by default; only the publish job may ask for an OIDC token (npm provenance)', () => {
    expect(release.permissions).toEqual({ contents: 'read' });
    expect(release.jobs.test.permissions).toEqual({ contents: 'read' });
    expect(publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
  });

  it('tests on Node 22 and 24, publishes with Node 24 and the npm registry, same pinned actions', () => {
    const pins = (t: string) => new Set(t.match(/[\w-]+\/[\w-]+@[0-9a-f]{40}/g));
    for (const pin of pins(releaseText)) expect(pins(testText)).toContain(pin);
    expect(release.jobs.test.strategy.matrix.node).toEqual([22, 24]);
    const node = publish.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(node?.with).toMatchObject({ 'node-version': 24, 'registry-url': 'https://registry.npmjs.org' });
  });

  it('tests everything, the example gate requiring cfn-lint, before the publish job starts', () => {
    const at = (cmd: string) => testLines.findIndex((r) => r.startsWith(cmd));
    const order = [
      'npm ci',
      'npm run lint',
      'npm run typecheck',
      'npm test',
      'npm run check -- --full --require-cfn-lint',
    ].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(publish.needs).toBe('test');
  });

  it('checks the tag and the repository against package.json, then publishes with provenance', () => {
    const at = (cmd: string) => runLines.findIndex((r) => r.startsWith(cmd));
    expect(runLines.find((r) => r.includes('GITHUB_REF_NAME'))).toBe(
      'test "v$(node -p "require(\'./package.json\').version")" = "$GITHUB_REF_NAME"',
    );
    expect(runLines).toContain('node bin/check-repository.js "$GITHUB_REPOSITORY"');
    expect(at('node bin/check-repository.js')).toBeLessThan(at('npm publish'));
    expect(runLines[at('npm publish')]).toBe('npm publish --provenance --access public');
    expect(at('npm publish')).toBe(runLines.length - 1);
  });

  it('publishes what prepack builds: the package script compiles lib/', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      private?: boolean;
    };
    expect(pkg.private).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('node bin/build-package.js');
  });
});
