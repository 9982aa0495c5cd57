import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
  test('clean files exit 0 and print the throughput line', () => {
    const dir = join(work, 'm');
    write('m/a.yaml', NODE_CLASS);
    write('m/sub/b.yml', NODE_POOL);
    const r = runCli([dir], fixedClock());
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('validated 2 documents in 5 ms (400/s): 0 errors, 0 warnings\n');
  });

  test('violations exit 1, human format names file:line:col, object, field, message and fix', () => {
    const p = write('bad.yaml', NODE_CLASS.replace('kmsKeyID:', 'kmsKeyId:'));
    const r = runCli([p], fixedClock());
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(
      `${p}:21:9 EC2NodeClass/default spec.blockDeviceMappings[0].ebs.kmsKeyId: unknown field 'kmsKeyId': the API server would drop it without a word. Did you mean 'kmsKeyID'?`,
    );
  });

  test('usage errors exit 2 with the usage line', () => {
    for (const argv of [
      [],
      ['--format', 'xml', 'x'],
      ['--karpenter-version', '0.37.0', 'x'],
      ['--frobnicate', 'x'],
      [join(work, 'missing.yaml')],
      ['--previous'],
    ]) {
      const r = runCli(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^karpenter-gitops validate: .+\.\nusage: karpenter-gitops validate /);
    }
  });

  test('--format json, github and junit', () => {
    const p = write('bad.yaml', NODE_POOL.replace('cpu: 1000', 'cpu: true'));
    const json = runCli(['--format', 'json', p], fixedClock());
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout) as { path: string; check: string; line: number }[];
    expect(parsed.map((f) => [f.path, f.check, f.line])).toEqual([['spec.limits.cpu', 'schema/type', 23]]);
    expect(json.stderr).toContain('validated 1 documents');

    const gh = runCli(['--format', 'github', p]);
    expect(gh.stdout).toBe(
      `::error file=${p.replace(/:/g, '%3A')},line=23,col=5,title=schema/type::NodePool/general spec.limits.cpu: must be integer or string, not boolean true. Write it as integer or string\n`,
    );

    const junit = runCli(['--format', 'junit', p]);
    expect(junit.stdout).toContain('<testsuites name="karpenter-gitops validate" tests="1" failures="1">');
    expect(junit.stdout).toContain(
      '<failure type="schema/type" message="must be integer or string, not boolean true">',
    );
  });

  test('--format junit lists every document checked, passing ones too', () => {
    const good = write('good.yaml', `${NODE_CLASS}---\n${NODE_POOL}`);
    const bad = write('zbad.yaml', NODE_POOL.replace('cpu: 1000', 'cpu: true'));
    const junit = runCli(['--format', 'junit', good, bad]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('<testsuites name="karpenter-gitops validate" tests="3" failures="1">');
    expect(junit.stdout).toContain(`<testcase classname="${good}" name="EC2NodeClass/default"/>`);
    expect(junit.stdout).toContain(`<testcase classname="${good}" name="NodePool/general"/>`);
    expect(junit.stdout).toContain(`<testcase classname="${bad}" name="NodePool/general">`);
  });

  test('--help prints the usage and every option, exit 0', () => {
    const r = runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('\nusage: karpenter-gitops validate [--karpenter-version ');
    for (const option of ['--karpenter-version', '--previous', '--format', '--no-cfn-lint', '--help'])
      expect(r.stdout).toContain(option);
    expect(runCli(['-h']).code).toBe(0);
    expect(r.stdout).toContain('one of text, human, json, junit, github');
  });

  test('--karpenter-version selects the schemas', () => {
    const beta = write(
      'beta.yaml',
      'apiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: {name: b}\nspec:\n  template:\n    spec:\n      nodeClassRef: {name: default}\n      requirements: []\n',
    );
    expect(runCli([beta]).code).toBe(1);
    expect(runCli(['--karpenter-version', '1.0.14', beta]).code).toBe(0);
    expect(runCli(['--karpenter-version=v1.0.14', beta]).code).toBe(0);
    expect(runCli(['--karpenter-version', '0.37.0', beta]).stderr).toContain(
      "karpenter-gitops validate: unknown Karpenter version '0.37.0': imported versions are ",
    );
  });

  test('--previous enables transition rules, matched by apiVersion, kind and name', () => {
    const prev = write('prev/np.yaml', NODE_POOL);
    const cur = write('cur/np.yaml', NODE_POOL.replace('kind: EC2NodeClass', 'kind: OtherClass'));
    expect(runCli([cur]).code).toBe(0);
    const r = runCli(['--previous', dirname(prev), cur]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('nodeClassRef.kind is immutable');
  });

  test('a dist/ folder gets the checks across artifacts of each cluster', () => {
    for (const [rel, text] of distFiles()) write(`dist/${rel}`, text);
    write('dist/demo/cloudformation/karpenter.json', cfnTemplate({ queue: 'another-queue' }));
    const r = runCli(['--no-cfn-lint', join(work, 'dist')], fixedClock());
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "settings.interruptionQueue 'demo-karpenter' is not the queue CloudFormation creates (another-queue)",
    );
    expect(r.stdout).toContain('validated 6 documents');
  });

  test('an unreadable file is an error naming it; the other files are still validated', () => {
    const dir = join(work, 'm');
    write('m/a.yaml', NODE_POOL.replace('cpu: 1000', 'cpu: true'));
    symlinkSync(join(work, 'nowhere.yaml'), join(dir, 'b.yaml')); // dangling: ENOENT on read
    const r = runCli(['--format', 'json', dir]);
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
});
