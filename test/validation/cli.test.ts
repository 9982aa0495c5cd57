import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findCfnLint } from '../../validation/cloudformation/cfn-lint';
import { runCli } from '../../validation/cli';
import { cfnTemplate, distFiles, NODE_CLASS, NODE_POOL } from './fixtures';

let work: string;

function write(rel: string, text: string): string {
  const p = join(work, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
  return p;
}

const fixedClock = () => {
  let t = 0;
  return () => (t += 5);
};

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kg-validate-cli-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('validate CLI', () => {
  test('clean files exit 0 and print the throughput line', async () => {
    const dir = join(work, 'm');
    write('m/a.yaml', NODE_CLASS);
    write('m/sub/b.yml', NODE_POOL);
    const r = await runCli([dir], { now: fixedClock() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('validated 2 documents in 5 ms (400/s): 0 errors, 0 warnings\n');
  });

  test('violations exit 1, human format names file:line:col, object, field, message and fix', async () => {
    const p = write('bad.yaml', NODE_CLASS.replace('kmsKeyID:', 'kmsKeyId:'));
    const r = await runCli([p], { now: fixedClock() });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(
      `${p}:21:9 EC2NodeClass/default spec.blockDeviceMappings[0].ebs.kmsKeyId: unknown field 'kmsKeyId': the API server would drop it without a word. Did you mean 'kmsKeyID'?`,
    );
  });

  test('a hand-written *.tf.json anywhere is checked against the pinned provider schema, at its file, line and JSON path', async () => {
    const good = {
      resource: { aws_sqs_queue: { q: { name: 'interruptions', message_retention_seconds: 300 } } },
    };
    write('infra/ok.tf.json', JSON.stringify(good, null, 2));
    const clean = await runCli([join(work, 'infra')], { now: fixedClock() });
    expect(clean.code).toBe(0);
    const bad = {
      resource: { aws_sqs_queue: { q: { name: 'interruptions', message_retention_secs: 300 } } },
    };
    const p = write('infra/deep/bad.tf.json', JSON.stringify(bad, null, 2));
    const r = await runCli([join(work, 'infra')], { now: fixedClock() });
    expect(r.code).toBe(1);
    const first = r.stdout.split('\n')[0];
    expect(first.startsWith(`${p}:6:9 resource.aws_sqs_queue.q.message_retention_secs: `)).toBe(true);
    const notJson = write('infra/broken.tf.json', '{\n  "resource": {,\n}\n');
    const broken = await runCli([notJson], { now: fixedClock() });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(new RegExp(`^${notJson.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:16 `));
  });

  test('usage errors exit 2 with the usage line', async () => {
    for (const argv of [
      [],
      ['--format', 'xml', 'x'],
      ['--karpenter-version', '0.37.0', 'x'],
      ['--frobnicate', 'x'],
      [join(work, 'missing.yaml')],
      ['--previous'],
    ]) {
      const r = await runCli(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^karpenter-gitops validate: .+\.\nusage: karpenter-gitops validate /);
    }
  });

  test('--format json, github and junit', async () => {
    const p = write('bad.yaml', NODE_POOL.replace('cpu: 1000', 'cpu: true'));
    const json = await runCli(['--format', 'json', p], { now: fixedClock() });
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout) as { path: string; check: string; line: number }[];
    expect(parsed.map((f) => [f.path, f.check, f.line])).toEqual([['spec.limits.cpu', 'schema/type', 23]]);
    expect(json.stderr).toContain('validated 1 documents');

    const gh = await runCli(['--format', 'github', p]);
    expect(gh.stdout).toBe(
      `::error file=${p.replace(/:/g, '%3A')},line=23,col=5,title=schema/type::NodePool/general spec.limits.cpu: must be integer or string, not boolean true. Write it as integer or string\n`,
    );

    const junit = await runCli(['--format', 'junit', p]);
    expect(junit.stdout).toContain('<testsuites name="karpenter-gitops validate" tests="1" failures="1">');
    expect(junit.stdout).toContain(
      '<failure type="schema/type" message="must be integer or string, not boolean true">',
    );
  });

  test('--format junit lists every document checked, passing ones too', async () => {
    const good = write('good.yaml', `${NODE_CLASS}---\n${NODE_POOL}`);
    const bad = write('zbad.yaml', NODE_POOL.replace('cpu: 1000', 'cpu: true'));
    const junit = await runCli(['--format', 'junit', good, bad]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('<testsuites name="karpenter-gitops validate" tests="3" failures="1">');
    expect(junit.stdout).toContain(`<testcase classname="${good}" name="EC2NodeClass/default"/>`);
    expect(junit.stdout).toContain(`<testcase classname="${good}" name="NodePool/general"/>`);
    expect(junit.stdout).toContain(`<testcase classname="${bad}" name="NodePool/general">`);
  });

  test('--help prints the usage and every option, exit 0', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('\nusage: karpenter-gitops validate [--karpenter-version ');
    for (const option of ['--karpenter-version', '--previous', '--format', '--no-cfn-lint', '--help'])
      expect(r.stdout).toContain(option);
    expect((await runCli(['-h'])).code).toBe(0);
    expect(r.stdout).toContain('one of text, human, json, junit, github');
  });

  test('--karpenter-version selects the schemas', async () => {
    const beta = write(
      'beta.yaml',
      'apiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: {name: b}\nspec:\n  template:\n    spec:\n      nodeClassRef: {name: default}\n      requirements: []\n',
    );
    expect((await runCli([beta])).code).toBe(1);
    expect((await runCli(['--karpenter-version', '1.0.14', beta])).code).toBe(0);
    expect((await runCli(['--karpenter-version=v1.0.14', beta])).code).toBe(0);
    expect((await runCli(['--karpenter-version', '0.37.0', beta])).stderr).toContain(
      "karpenter-gitops validate: unknown Karpenter version '0.37.0': imported versions are ",
    );
  });

  test('--previous enables transition rules, matched by apiVersion, kind and name', async () => {
    const prev = write('prev/np.yaml', NODE_POOL);
    const cur = write('cur/np.yaml', NODE_POOL.replace('kind: EC2NodeClass', 'kind: OtherClass'));
    expect((await runCli([cur])).code).toBe(0);
    const r = await runCli(['--previous', dirname(prev), cur]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('nodeClassRef.kind is immutable');
  });

  test('a dist/ folder gets the checks across artifacts of each cluster', async () => {
    for (const [rel, text] of distFiles()) write(`dist/${rel}`, text);
    write('dist/demo/cloudformation/karpenter.json', cfnTemplate({ queue: 'another-queue' }));
    const r = await runCli(['--no-cfn-lint', join(work, 'dist')], { now: fixedClock() });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "settings.interruptionQueue 'demo-karpenter' is not the queue CloudFormation creates (another-queue)",
    );
    expect(r.stdout).toContain('validated 6 documents');
  });

  test('an unreadable file is an error naming it; the other files are still validated', async () => {
    const dir = join(work, 'm');
    write('m/a.yaml', NODE_POOL.replace('cpu: 1000', 'cpu: true'));
    symlinkSync(join(work, 'nowhere.yaml'), join(dir, 'b.yaml')); // dangling: ENOENT on read
    const r = await runCli(['--format', 'json', dir]);
    const found = (JSON.parse(r.stdout) as { check: string; file: string; message: string }[]).map((f) => [
      f.check,
      f.file,
      f.message,
    ]);
    expect(found).toEqual([
      ['schema/type', `${dir}/a.yaml`, 'must be integer or string, not boolean true'],
      ['file/unreadable', `${dir}/b.yaml`, 'cannot be read (ENOENT)'],
    ]);
    expect(r.code).toBe(1);
  });

  /** A template cfn-lint finds one error in (E3002), one it finds nothing in, and a manifest. */
  function templatesFolder(): { dir: string; bad: string } {
    const t = JSON.parse(cfnTemplate()) as {
      Resources: Record<string, { Properties: Record<string, unknown> }>;
    };
    t.Resources.InterruptionQueue.Properties.KmsMasterKeyID = 'alias/x';
    const bad = write('stacks/bad.json', `${JSON.stringify(t, null, 2)}\n`);
    write('stacks/good.json', cfnTemplate());
    write('stacks/pool.yaml', NODE_POOL);
    return { dir: join(work, 'stacks'), bad };
  }

  /** An environment whose cache folder and home are inside the test's folder. */
  function isolated(): { env: NodeJS.ProcessEnv; cacheDir: string } {
    const env = { ...process.env, XDG_CACHE_HOME: join(work, 'xdg-cache'), HOME: join(work, 'home') };
    mkdirSync(env.HOME, { recursive: true });
    return { env, cacheDir: join(work, 'xdg-cache', 'karpenter-gitops', 'cfn-lint') };
  }

  const cfnLint = findCfnLint();
  (cfnLint ? test : test.skip)(
    `cfn-lint's results are kept in its cache: the second run gives the same findings from it${cfnLint ? '' : ' (skipped: cfn-lint is not on the PATH)'}`,
    async () => {
      const { dir, bad } = templatesFolder();
      const { env, cacheDir } = isolated();
      const run = () => runCli(['--format', 'json', dir], { env, cwd: work });
      const findings = (stdout: string) =>
        (JSON.parse(stdout) as { file: string; check: string; path: string; message: string }[]).map((f) => [
          f.file,
          f.check,
          f.path,
          f.message.slice(0, 6),
        ]);

      const first = await run();
      expect(first.code).toBe(1);
      expect(findings(first.stdout)).toEqual([
        [bad, 'cloudformation/cfn-lint', 'Resources.InterruptionQueue.Properties.KmsMasterKeyID', 'E3002:'],
      ]);
      // One entry per template (the manifest is not a template).
      const entries = readdirSync(cacheDir).filter((n) => n.endsWith('.json'));
      expect(entries).toHaveLength(2);

      const second = await run();
      expect(second.code).toBe(1);
      expect(second.stdout).toBe(first.stdout);
      expect(readdirSync(cacheDir).filter((n) => n.endsWith('.json'))).toEqual(entries);

      // The results do come from the cache: emptied entries are replayed as no findings.
      for (const name of entries) {
        const file = join(cacheDir, name);
        const entry = JSON.parse(readFileSync(file, 'utf8')) as { format: string };
        writeFileSync(file, `${JSON.stringify({ format: entry.format, findings: [] })}\n`);
      }
      const third = await run();
      expect({ code: third.code, stdout: third.stdout }).toEqual({ code: 0, stdout: '[]\n' });
    },
    60_000,
  );

  test('--no-cfn-lint writes nothing to the cache: the built-in check judges the templates', async () => {
    const { dir, bad } = templatesFolder();
    const { env } = isolated();
    const r = await runCli(['--no-cfn-lint', '--format', 'json', dir], { env, cwd: work });
    const found = (JSON.parse(r.stdout) as { file: string; check: string; path: string }[]).map((f) => [
      f.file,
      f.check,
      f.path,
    ]);
    expect(found).toEqual([[bad, 'cloudformation', 'Resources.InterruptionQueue.Properties.KmsMasterKeyID']]);
    expect(existsSync(join(work, 'xdg-cache'))).toBe(false);
  });
});
