/**
 * Old-API manifests convert into this repository's example fleet (a temporary copy of
 * clusters/: _defaults.yaml with rollout rings, four other clusters) with --cluster, --account,
 * --region, --destination and --ring, and the first `synth` of that fleet succeeds.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { runConvertCli } from '../../convert/cli';
import { loadFleetFromDir } from '../../io/cli-common';
import { runSynth } from '../../synth/synth';
import { FIXTURES } from './convert-helpers';

const EXAMPLE_CLUSTERS = join(__dirname, '..', '..', 'clusters');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'convert-example-'));
  cpSync(EXAMPLE_CLUSTERS, join(dir, 'clusters'), { recursive: true });
  mkdirSync(join(dir, 'manifests'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function convert(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runConvertCli(argv, { cwd: dir, stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

function synthErrors(): string[] {
  try {
    runSynth(
      { projectRoot: dir, clustersDir: join(dir, 'clusters'), outDir: join(dir, 'dist') },
      { loadFleet: loadFleetFromDir },
    );
    return [];
  } catch (e) {
    return (e as Error).message.split('\n');
  }
}

describe('old-API manifests into the example fleet', () => {
  test.each([
    ['v1alpha5 Provisioner + AWSNodeTemplate', 'v1alpha5/web-arm.yaml', 'ap-northeast-2'],
    ['v1beta1 NodePool + EC2NodeClass', 'v1beta1/general.yaml', 'eu-central-1'],
  ])('%s: converts with exit 0 and synthesizes on the first try', (_name, fixture, region) => {
    cpSync(join(FIXTURES, fixture), join(dir, 'manifests', 'karpenter.yaml'));
    const r = convert(
      '--write',
      '--cluster',
      'shop',
      '--account',
      '135792468013',
      '--region',
      region,
      '--destination',
      'shop',
      '--ring',
      'prod',
      'manifests',
    );
    expect(r.err).not.toContain('Errors:');
    expect(r.code).toBe(0);
    const written = readFileSync(join(dir, 'clusters', 'shop.yaml'), 'utf8');
    expect(written).toContain('gitops:\n  ring: prod\n  destination:\n    name: shop\n');
    // the fleet's _defaults.yaml sets gitops.repoURL: the header does not ask for it
    expect(written).not.toContain('gitops.repoURL');
    expect(synthErrors()).toEqual([]);
  });

  test('without --ring: the error names the rings and the flag; the file is written, exit 1', () => {
    cpSync(join(FIXTURES, 'v1beta1/general.yaml'), join(dir, 'manifests', 'karpenter.yaml'));
    const r = convert(
      '--write',
      '--cluster',
      'shop',
      '--account',
      '135792468013',
      '--region',
      'eu-central-1',
      '--destination',
      'shop',
      'manifests',
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'manifests/karpenter.yaml: fleet description -> gitops.ring: synth refuses it: cluster shop is in no ring, but the fleet has rings [staging, prod]. Set gitops.ring to one of staging, prod; or pass --ring NAME to convert.',
    );
    expect(r.err).toContain('Conversion report: ');
    expect(r.err).toMatch(
      /\n {2}[^\n]*\n*Conversion report: \d+ change\(s\), \d+ warning\(s\) to review, 1 error\(s\)\.\n/,
    );
    expect(r.err).toContain(
      'Wrote clusters/shop.yaml.\nsynth refuses clusters/shop.yaml as it is: 1 error(s) above.',
    );
    expect(synthErrors().join('\n')).toContain('cluster shop is in no ring');
  });

  test('--ring naming a ring the fleet does not have is a usage error listing the rings', () => {
    cpSync(join(FIXTURES, 'v1beta1/general.yaml'), join(dir, 'manifests', 'karpenter.yaml'));
    const r = convert('--write', '--ring', 'canary', 'manifests');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "convert: --ring 'canary' is not a ring of the target fleet (clusters/_defaults.yaml): use one of staging, prod.",
    );
  });

  test('the other clusters count: an account and role already used by ticketing is refused at the role line', () => {
    cpSync(join(FIXTURES, 'v1beta1/general.yaml'), join(dir, 'manifests', 'karpenter.yaml'));
    const r = convert(
      '--cluster',
      'shop',
      '--account',
      '111122223333',
      '--region',
      'eu-central-1',
      '--destination',
      'shop',
      '--ring',
      'prod',
      'manifests',
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('name: shop\n'); // printed all the same
    expect(r.err).toContain(
      "manifests/karpenter.yaml:45:3 document 2 EC2NodeClass/default spec.role -> iam.nodeRoleName: synth refuses it: IAM role name 'KarpenterNodeRole-ticketing' is also used in the same account by clusters/ticketing.yaml:1:1.",
    );
  });
});
