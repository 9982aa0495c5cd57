import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { runConvertCli } from '../../convert/cli';
import { DEFAULTS } from '../support/fleet-files';
import { FIXTURES } from './convert-helpers';

/** What a first synth needs beside the manifests (the scratch fleet's _defaults.yaml has the repository). */
const FLAGS = ['--account', '111122223333', '--region', 'eu-west-1', '--destination', 'ticketing'];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'convert-cli-'));
  mkdirSync(join(dir, 'manifests'));
  copyFileSync(join(FIXTURES, 'v1', 'dataops.yaml'), join(dir, 'manifests', 'dataops.yaml'));
  copyFileSync(join(FIXTURES, 'bad', 'duplicate-provisioners.yaml'), join(dir, 'manifests', 'dup.yaml'));
  mkdirSync(join(dir, 'clusters'));
  writeFileSync(join(dir, 'clusters', '_defaults.yaml'), DEFAULTS);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runConvertCli(argv, { cwd: dir, stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

test('prints the fleet description to stdout and the report to stderr', () => {
  const r = run('manifests/dataops.yaml', ...FLAGS);
  expect(r.code).toBe(0);
  expect(r.out).toMatch(
    /^# Converted by `karpenter-gitops convert` from existing Karpenter manifests:\n# {3}manifests\/dataops\.yaml\n/,
  );
  expect(r.out).toContain('name: ticketing\naws:\n  accountId: "111122223333"\n  region: eu-west-1\n');
  expect(r.err).toContain('Conversion report: ');
});

test('--write writes clusters/<cluster>.yaml and refuses to overwrite it without --force', () => {
  expect(run('--write', ...FLAGS, 'manifests/dataops.yaml').code).toBe(0);
  const written = join(dir, 'clusters', 'ticketing.yaml');
  const first = readFileSync(written, 'utf8');
  expect(first).toContain('nodePools:\n  dataops:\n');
  writeFileSync(written, 'edited by hand\n');
  const refused = run('--write', ...FLAGS, 'manifests/dataops.yaml');
  expect(refused.code).toBe(1);
  expect(refused.err).toContain(
    'clusters/ticketing.yaml: already exists, nothing written. Pass --force to overwrite it',
  );
  expect(readFileSync(written, 'utf8')).toBe('edited by hand\n');
  expect(run('--write', '--force', ...FLAGS, 'manifests/dataops.yaml').code).toBe(0);
  expect(readFileSync(written, 'utf8')).toBe(first);
});

test('--cluster names the file; --report writes the report to a file', () => {
  const r = run(
    '--write',
    '--cluster',
    'analytics',
    '--report',
    'report.txt',
    ...FLAGS,
    'manifests/dataops.yaml',
  );
  expect(r.code).toBe(0);
  expect(readFileSync(join(dir, 'clusters', 'analytics.yaml'), 'utf8')).toContain('name: analytics\n');
  expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toContain('Conversion report: ');
  expect(r.err).toBe('Wrote clusters/analytics.yaml.\n');
});

test('input errors exit 1, print file:line diagnostics and write nothing', () => {
  const r = run('--write', 'manifests/dup.yaml');
  expect(r.code).toBe(1);
  expect(r.err).toContain('manifests/dup.yaml:19:1 document 3 Provisioner/default: defines node pool');
  expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  expect(existsSync(join(dir, 'clusters', 'ticketing.yaml'))).toBe(false);
});

test('a directory argument reads its .yaml files in name order', () => {
  rmSync(join(dir, 'manifests', 'dup.yaml'));
  const r = run('manifests', ...FLAGS);
  expect(r.code).toBe(0);
  expect(r.out).toContain('#   manifests/dataops.yaml\n');
});

test('a missing file is an error naming it', () => {
  const r = run('manifests/nope.yaml');
  expect(r.code).toBe(1);
  expect(r.err).toBe('manifests/nope.yaml: cannot be read (ENOENT). Check the path.\n');
});

test('usage errors exit 2 with the usage text', () => {
  const r = run('--account', '12345', 'manifests/dataops.yaml');
  expect(r.code).toBe(2);
  expect(r.err).toContain("--account '12345' is not an AWS account ID");
  expect(r.err).toContain('usage: karpenter-gitops convert ');
  expect(run().code).toBe(2);
});

test('a cluster name that cannot be inferred is a usage error (exit 2)', () => {
  writeFileSync(
    join(dir, 'ids.yaml'),
    `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: c }
spec:
  amiSelectorTerms: [{ alias: al2023@v20260714 }]
  role: r
  subnetSelectorTerms: [{ id: subnet-1 }]
  securityGroupSelectorTerms: [{ id: sg-1 }]
`,
  );
  const r = run('ids.yaml');
  expect(r.code).toBe(2);
  expect(r.err).toContain('Pass --cluster NAME');
});

test('with --report, a failed run still prints its errors to the terminal', () => {
  const r = run('--report', 'report.txt', 'manifests/dup.yaml');
  expect(r.code).toBe(1);
  expect(r.err).toContain('manifests/dup.yaml:19:1 document 3 Provisioner/default: defines node pool');
  expect(r.err).toContain('Nothing written; full report in report.txt.');
  expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toContain('Errors:');
});

test('files outside the working directory are named relative to it, never by absolute path', () => {
  const inner = join(dir, 'project');
  mkdirSync(inner);
  let out = '';
  const code = runConvertCli(
    [join(dir, 'manifests', 'dataops.yaml'), ...FLAGS, '--repo-url', 'https://example.com/g.git'],
    {
      cwd: inner,
      stdout: (t) => (out += t),
      stderr: () => undefined,
    },
  );
  expect(code).toBe(0);
  expect(out).toContain('#   ../manifests/dataops.yaml\n');
  expect(out).not.toContain(dir);
});

describe('region from the input', () => {
  const zonesPool = (zones: string) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: general }
spec:
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements:
        - { key: topology.kubernetes.io/zone, operator: In, values: [${zones}] }
  limits: { cpu: "100" }
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: default }
spec:
  amiSelectorTerms: [{ alias: al2023@v20260714 }]
  role: KarpenterNodeRole-shop
  subnetSelectorTerms: [{ tags: { karpenter.sh/discovery: shop } }]
  securityGroupSelectorTerms: [{ tags: { karpenter.sh/discovery: shop } }]
`;
  const flags = ['--account', '111122223333', '--destination', 'shop'];

  test('without --region the zones give it, the report says so, exit 0', () => {
    writeFileSync(join(dir, 'pool.yaml'), zonesPool('us-east-2a, us-east-2b'));
    const r = run('pool.yaml', ...flags);
    expect(r.code).toBe(0);
    expect(r.out).toContain('  region: us-east-2\n');
    expect(r.err).toContain(
      'pool.yaml:9:70 [inferred] NodePool/general spec.template.spec.requirements[0].values[0] -> aws.region: region us-east-2 taken from zone us-east-2a.',
    );
  });

  test('a contradicting --region: exit 1 with the error at the zone, the output still printed', () => {
    writeFileSync(join(dir, 'pool.yaml'), zonesPool('us-east-2a, us-east-2b'));
    const r = run('pool.yaml', ...flags, '--region', 'us-west-2');
    expect(r.code).toBe(1);
    expect(r.out).toContain('  region: us-west-2\n');
    expect(r.err).toContain(
      'pool.yaml:9:70 document 1 NodePool/general spec.template.spec.requirements[0].values[0]: zone us-east-2a is in us-east-2, but --region is us-west-2 (and 1 more value(s) after it).',
    );
    expect(r.err).toContain('synth refuses the printed fleet description as it is: 1 error(s) above.');
  });

  test('with --report, a refused run writes the file (--out into a fleet folder checks against that fleet), says so in the report and on the terminal', () => {
    writeFileSync(join(dir, 'pool.yaml'), zonesPool('us-east-2a'));
    const r = run(
      'pool.yaml',
      ...flags,
      '--region',
      'us-west-2',
      '--out',
      'clusters/shop.yaml',
      '--report',
      'report.txt',
    );
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, 'clusters', 'shop.yaml'), 'utf8')).toContain('name: shop\n');
    expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toMatch(
      /error\(s\)\.\nsynth refuses clusters\/shop\.yaml as it is: 1 error\(s\) above\. Fix them in clusters\/shop\.yaml by hand, or fix the manifests and convert again with --force\.\n$/,
    );
    expect(r.err).toContain('pool.yaml:9:70 document 1 NodePool/general');
    expect(r.err).toContain(
      'Wrote clusters/shop.yaml.\nsynth refuses clusters/shop.yaml as it is: 1 error(s) above (also in report.txt).',
    );
  });

  test('--ring in a fleet without rings is a usage error', () => {
    writeFileSync(join(dir, 'pool.yaml'), zonesPool('us-east-2a'));
    const r = run('pool.yaml', ...flags, '--ring', 'prod');
    expect(r.code).toBe(2);
    expect(r.err).toContain("convert: --ring 'prod': the target fleet (clusters/) has no rollout rings");
  });
});
