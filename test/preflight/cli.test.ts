import { ClusterModel } from '../../model/shared/fleet-model';
import { CHECK_IDS } from '../../preflight/check-result';
import { preflightCli } from '../../preflight/cli';
import { clusterModel, nodePool } from '../policies/fixtures';
import { preflightCluster } from './account';
import { FakeAwsState } from './fake-aws-server';
import { FAILURE_CASES } from './failure-cases';
import { ACCESS_KEY, AccountFixture, run, runJson } from './run-cli';

describe('npm run preflight against a local AWS stand-in', () => {
  const account = new AccountFixture();
  afterEach(() => account.stop());

  const withAccount = (cluster: ClusterModel, change?: (s: FakeAwsState) => void) =>
    account.start(cluster, change);

  it('passes every check on an account that is ready', async () => {
    const cluster = preflightCluster();
    const r = await run(cluster, await withAccount(cluster));
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe('preflight ticketing (account 111122223333, eu-west-1)');
    expect(r.out.slice(1, -1).every((l) => l.startsWith('  PASS '))).toBe(true);
    expect(r.out).toContain(
      '  PASS spot-service-linked-role: role AWSServiceRoleForEC2Spot: exists; node pools general may use Spot.',
    );
    expect(r.out).toContain(
      '  PASS key-policy: volume key arn:aws:kms:eu-west-1:111122223333:alias/ebs-nodes: admits the Spot service-linked role, the controller role through EC2, EC2 via the account.',
    );
    expect(r.out).toContain(
      '  PASS subnets: node class encrypted-0: 3 subnets (subnet-01, subnet-02, subnet-03) in eu-west-1a, eu-west-1b, eu-west-1c.',
    );
    // x2gd.large is offered only in a zone without subnets; m6g.large is on-demand only but still counts for arm.
    expect(r.out).toContain(
      '  PASS instance-offerings: node pool arm: 2 instance types offered in eu-west-1a, eu-west-1b, eu-west-1c satisfy the requirements (few: Karpenter has little room to find capacity).',
    );
    expect(r.out[r.out.length - 1]).toBe('preflight ticketing: 32 passed, 0 failed, 0 skipped.');
    const checked = new Set(r.out.slice(1, -1).map((l) => /^ {2}PASS (\S+):/.exec(l)?.[1]));
    expect([...checked].sort()).toEqual([...CHECK_IDS].sort());
    // Read-only: only Describe/Get/List operations reached the account, all signed with the given key.
    expect(account.aws!.calls.every((c) => /^(Describe|Get|List)/.test(c.operation))).toBe(true);
    expect(account.aws!.calls.every((c) => c.accessKey === ACCESS_KEY)).toBe(true);
  });

  it('writes the same results as JSON with --format json', async () => {
    const cluster = preflightCluster();
    const { code, checks } = await runJson(cluster, await withAccount(cluster));
    expect(code).toBe(0);
    expect(checks).toHaveLength(32);
    expect(checks[0]).toEqual({
      check: 'cluster',
      subject: 'EKS cluster ticketing',
      status: 'pass',
      message: 'status ACTIVE, VPC vpc-0cluster',
    });
  });

  /** One account change, and the failure it must produce. */

  it('skips the policy of a key in another account, which only that account can read', async () => {
    const shared = 'arn:aws:kms:eu-west-1:444455556666:key/shared';
    const base = preflightCluster();
    const cluster = {
      ...base,
      karpenter: { ...base.karpenter, interruptionQueue: { name: 'ticketing', kmsKeyArn: shared } },
    };
    const { code, checks } = await runJson(
      cluster,
      await withAccount(cluster, (s) => {
        s.keys[0].policy = '{}';
      }),
    );
    expect(code).toBe(0);
    expect(checks.find((c) => c.subject === `queue key ${shared}`)).toEqual({
      check: 'key-policy',
      subject: `queue key ${shared}`,
      status: 'skip',
      message:
        'belongs to account 444455556666, whose key policy only that account can read; ask its owner to add the statements of stack output InterruptionQueueKeyPolicyStatement',
    });
  });

  it('skips what needs the cluster when it does not exist', async () => {
    const cluster = preflightCluster();
    const { checks } = await runJson(
      cluster,
      await withAccount(cluster, (s) => {
        s.cluster = undefined;
      }),
    );
    expect(checks.filter((c) => c.status === 'skip').map((c) => c.check)).toEqual([
      'controller-identity',
      'zonal-shift',
      'access-entry',
      'subnets',
      'security-groups',
      'instance-offerings',
    ]);
  });

  it.each(FAILURE_CASES.map((f) => [f.name, f] as const))('fails when %s', async (_name, f) => {
    const cluster = (f.cluster ?? preflightCluster)();
    const endpoint = await withAccount(cluster, (s) => f.change(s, cluster));
    const { code, checks } = await runJson(cluster, endpoint);
    expect(code).toBe(1);
    const failed = checks.filter((c) => c.status === 'fail');
    expect(failed).toContainEqual(expect.objectContaining({ ...f.expect, status: 'fail' }));
    const hit = failed.find((c) => c.check === f.expect.check)!;
    expect(hit.fix).toMatch(f.fix);
  });

  it('prints a failure with its place in the fleet description and the fix, and exits 1', async () => {
    const cluster = preflightCluster();
    const r = await run(
      cluster,
      await withAccount(cluster, (s) => {
        s.roles.clear();
      }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      '  FAIL spot-service-linked-role: clusters/ticketing.yaml:1:1 role AWSServiceRoleForEC2Spot: missing, and node pools general may use Spot: every Spot launch fails with AuthFailure.ServiceLinkedRoleCreationNotPermitted.',
    );
    expect(r.out).toContain(
      '       fix: deploy the stack (iam.createSpotServiceLinkedRole makes it create the role), or aws iam create-service-linked-role --aws-service-name spot.amazonaws.com and set iam.createSpotServiceLinkedRole: false.',
    );
    expect(r.out[r.out.length - 1]).toBe('preflight ticketing: 31 passed, 1 failed, 0 skipped.');
  });

  it('skips what does not apply: no Spot pool, zonal shift off, no customer keys', async () => {
    const cluster = clusterModel({ iam: { zonalShift: false } });
    const onDemand = {
      ...cluster,
      nodePools: [
        nodePool(
          'od',
          [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] }],
          'default',
        ),
      ],
    };
    const r = await runJson(onDemand, await withAccount(onDemand, (s) => s.roles.clear()));
    expect(r.code).toBe(0);
    expect(r.checks.filter((c) => c.status === 'skip')).toEqual([
      {
        check: 'spot-service-linked-role',
        subject: 'role AWSServiceRoleForEC2Spot',
        status: 'skip',
        message: 'no node pool may use Spot',
      },
      {
        check: 'zonal-shift',
        subject: 'EKS cluster ticketing',
        status: 'skip',
        message: "Karpenter's zonal shift is off (iam.zonalShift)",
      },
      {
        check: 'key-policy',
        subject: 'customer KMS keys',
        status: 'skip',
        message: 'none: the queue uses SSE-SQS and no node class names a volume key',
      },
    ]);
    expect(r.checks.find((c) => c.check === 'controller-identity')).toMatchObject({
      status: 'pass',
      message: 'installed, ACTIVE (Pod Identity)',
    });
  });
});

describe('preflight command line', () => {
  it('requires --cluster and knows its flags (usage errors exit 2 before any AWS call)', async () => {
    const deps = {
      loadFleet: () => ({ fleet: { clusters: [preflightCluster()] }, warnings: [] }),
      createClients: () => {
        throw new Error('must not create clients');
      },
    };
    const cases: [string[], string][] = [
      [[], 'karpenter-gitops preflight: --cluster is required (NAME).'],
      [
        ['--cluster', 'a', '--format', 'yaml'],
        "karpenter-gitops preflight: --format must be one of text, json, not 'yaml'.",
      ],
      [['--cluster'], 'karpenter-gitops preflight: --cluster needs a value (NAME).'],
      [['--bogus'], "karpenter-gitops preflight: unknown option '--bogus'."],
      [
        ['--cluster=a', '--endpoint', 'x'],
        "karpenter-gitops preflight: unknown option '--endpoint'; did you mean '--endpoint-url'?",
      ],
    ];
    for (const [argv, message] of cases) {
      const err: string[] = [];
      expect(
        await preflightCli(argv, { out: () => undefined, err: (l) => err.push(l), cwd: '/' }, deps),
      ).toBe(2);
      expect(err[0]).toBe(message);
    }
  });

  it('exits 2 with usage for a bad command line or an unknown cluster, without touching AWS', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l), cwd: '/' };
    const deps = {
      loadFleet: () => ({ fleet: { clusters: [preflightCluster()] }, warnings: [] }),
      createClients: () => {
        throw new Error('must not create clients');
      },
    };
    expect(await preflightCli([], io, deps)).toBe(2);
    expect(err.slice(0, 2)).toEqual([
      'karpenter-gitops preflight: --cluster is required (NAME).',
      'usage: karpenter-gitops preflight --cluster NAME [--endpoint-url URL] [--format text|json] [--clusters DIR]',
    ]);
    expect(await preflightCli(['--cluster', 'nope'], io, deps)).toBe(2);
    expect(err[3]).toBe("preflight: no cluster named 'nope' in the fleet description (clusters: ticketing).");
  });
});
