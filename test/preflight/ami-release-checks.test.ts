/**
 * ami-release against the local AWS stand-in: the newest release is read from the SSM parameter
 * Karpenter resolves for `@latest` and the name DescribeImages gives its AMI; a newer one than the
 * alias pins is a warning at the alias's line that leaves the exit code 0.
 */
import { ClusterModel, NodeClassModel } from '../../model/shared/fleet-model';
import { clusterModel } from '../policies/fixtures';
import { AL2023_LATEST_PARAMETER } from './account';
import { FakeAwsState } from './fake-aws-server';
import { AccountFixture, run, runJson } from './run-cli';

const ALIAS_AT = { file: 'clusters/ticketing.yaml', line: 33, col: 12 };
/** A release newer than the pinned one, as SSM would name it once AWS publishes one. */
const NEWER_IMAGE = {
  id: 'ami-0fedcba9876543210',
  name: 'amazon-eks-node-al2023-x86_64-standard-1.33-v20260801',
  devices: [{ name: '/dev/xvda', sizeGiB: 20 }],
};

/** clusterModel() with its one node class changed. */
function withClass(change: (nc: NodeClassModel) => NodeClassModel): ClusterModel {
  const base = clusterModel();
  return { ...base, nodeClasses: base.nodeClasses.map(change) };
}

const pinnedAt = (alias: string) =>
  withClass((nc) => ({ ...nc, amiSelectorTerms: [{ alias }], aliasSources: { [alias]: ALIAS_AT } }));

const newerInSsm = (s: FakeAwsState): void => {
  s.ssmParameters.set(AL2023_LATEST_PARAMETER, NEWER_IMAGE.id);
  s.images = [...(s.images ?? []), NEWER_IMAGE];
};

describe('preflight ami-release', () => {
  const account = new AccountFixture();
  afterEach(() => account.stop());

  it('passes when the pinned release is the newest SSM names', async () => {
    const cluster = pinnedAt('al2023@v20260714');
    const { code, checks } = await runJson(cluster, await account.start(cluster));
    expect(code).toBe(0);
    expect(checks.filter((c) => c.check === 'ami-release')).toEqual([
      {
        check: 'ami-release',
        subject: 'node class default alias al2023@v20260714',
        status: 'pass',
        message: `v20260714 is the newest release (${AL2023_LATEST_PARAMETER} is ami-0123456789abcdef0, amazon-eks-node-al2023-x86_64-standard-1.33-v20260714)`,
      },
    ]);
  });

  it('warns at the alias when SSM names a newer release, and still exits 0', async () => {
    const cluster = pinnedAt('al2023@v20260714');
    const r = await run(cluster, await account.start(cluster, newerInSsm));
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      `  WARN ami-release: clusters/ticketing.yaml:33:12 node class default alias al2023@v20260714: a newer AMI release v20260801 exists than the pinned v20260714 (${AL2023_LATEST_PARAMETER} is ami-0fedcba9876543210, amazon-eks-node-al2023-x86_64-standard-1.33-v20260801); nodes keep the pinned release until the alias changes.`,
    );
    expect(r.out).toContain(
      '       fix: set alias: al2023@v20260801 once it has run on a test cluster (impact shows the nodes that drift).',
    );
    expect(r.out[r.out.length - 1]).toMatch(
      /^preflight ticketing: 13 passed, 1 to act on, 0 failed, 4 skipped\.$/,
    );
    // Read-only: the newest release came from GetParameter and DescribeImages.
    expect(account.aws!.calls.every((c) => /^(Describe|Get|List)/.test(c.operation))).toBe(true);
    expect(account.aws!.calls.map((c) => c.operation)).toEqual(
      expect.arrayContaining(['GetParameter', 'DescribeImages']),
    );
  });

  it('reports the warning in JSON with its place, and ok stays true', async () => {
    const cluster = pinnedAt('al2023@v20260714');
    const endpoint = await account.start(cluster, newerInSsm);
    const r = await run(cluster, endpoint, ['--format', 'json']);
    const report = JSON.parse(r.out.join('\n')) as { ok: boolean; checks: { status: string }[] };
    expect(report.ok).toBe(true);
    expect(report.checks.find((c) => c.status === 'warn')).toMatchObject({
      check: 'ami-release',
      source: ALIAS_AT,
      fix: 'set alias: al2023@v20260801 once it has run on a test cluster (impact shows the nodes that drift)',
    });
  });

  it('compares Bottlerocket releases by their numeric parts, from the name Karpenter reads them from', async () => {
    const cluster = pinnedAt('bottlerocket@v1.9.0');
    const pinned = '/aws/service/bottlerocket/aws-k8s-1.33/x86_64/1.9.0/image_id';
    const latest = '/aws/service/bottlerocket/aws-k8s-1.33/x86_64/latest/image_id';
    const { code, checks } = await runJson(
      cluster,
      await account.start(cluster, (s) => {
        s.ssmParameters.set(pinned, 'ami-0b0000000000000a1');
        s.ssmParameters.set(latest, 'ami-0b0000000000000a2');
        s.images = [
          {
            id: 'ami-0b0000000000000a1',
            name: 'bottlerocket-aws-k8s-1.33-x86_64-v1.9.0-aaaa1111',
            devices: [],
          },
          {
            id: 'ami-0b0000000000000a2',
            name: 'bottlerocket-aws-k8s-1.33-x86_64-v1.46.0-431fe75a',
            devices: [],
          },
        ];
      }),
    );
    expect(code).toBe(0);
    expect(checks.find((c) => c.check === 'ami-release')).toMatchObject({
      status: 'warn',
      message: `a newer AMI release v1.46.0 exists than the pinned v1.9.0 (${latest} is ami-0b0000000000000a2, bottlerocket-aws-k8s-1.33-x86_64-v1.46.0-431fe75a); nodes keep the pinned release until the alias changes`,
      fix: 'set alias: bottlerocket@v1.46.0 once it has run on a test cluster (impact shows the nodes that drift)',
    });
  });

  it('skips @latest, families that pin no release, and a region without the parameter', async () => {
    const base = clusterModel();
    const [template] = base.nodeClasses;
    const cluster = {
      ...base,
      nodeClasses: ['al2023@latest', 'windows2022@latest', 'al2023@v20260714'].map((alias, i) => ({
        ...template,
        name: `class-${i}`,
        amiSelectorTerms: [{ alias }],
      })),
    };
    const { checks } = await runJson(
      cluster,
      await account.start(cluster, (s) => {
        s.ssmParameters.delete(AL2023_LATEST_PARAMETER);
      }),
    );
    expect(checks.filter((c) => c.check === 'ami-release')).toEqual([
      {
        check: 'ami-release',
        subject: 'node class class-0 alias al2023@latest',
        status: 'skip',
        message: 'follows the newest release itself (@latest)',
      },
      {
        check: 'ami-release',
        subject: 'node class class-1 alias windows2022@latest',
        status: 'skip',
        message: 'only al2023 and bottlerocket aliases pin a release to compare',
      },
      {
        check: 'ami-release',
        subject: 'node class class-2 alias al2023@v20260714',
        status: 'skip',
        message: `SSM has no ${AL2023_LATEST_PARAMETER} in eu-west-1 for Kubernetes 1.33`,
      },
    ]);
  });
});
