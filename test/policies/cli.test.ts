import { IAMClient } from '@aws-sdk/client-iam';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { UserError } from '../../model/shared/diagnostics';
import { FleetModel } from '../../model/shared/fleet-model';
import { mergeAwsSide, policiesCli, policySizeLines, readDistTree } from '../../policies/cli';
import { exampleFleet, PROJECT_ROOT } from './example-fleet';
import { controllerScenarios } from '../../policies/scenarios/scenarios';
import { FleetLoader } from '../../io/cli-common';
import { ACCOUNT, clusterModel } from './fixtures';
import { deployedState, startFakeIam } from './fake-iam-server';

const fleet: FleetModel = { clusters: [clusterModel({ name: 'alpha' }), clusterModel({ name: 'beta' })] };
const loader: FleetLoader = () => ({ fleet, warnings: [] });

const FAKE_KEY = 'AKIAFAKEFORTESTSONLY';

/** An IAM client for the fake IAM server that signs with the given access key and never retries. */
function fakeIamClients(accessKeyId = FAKE_KEY) {
  return (region: string, endpoint: string | undefined) =>
    new IAMClient({
      region,
      endpoint,
      maxAttempts: 1,
      credentials: { accessKeyId, secretAccessKey: 'fake' },
    });
}

function io(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), cwd }, out, err };
}

describe('policies CLI', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'karpenter-policies-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function seedDist() {
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'alpha', 'karpenter'), { recursive: true });
    mkdirSync(path.join(dist, 'gone', 'cloudformation'), { recursive: true });
    writeFileSync(path.join(dist, 'alpha', 'karpenter', 'nodepool-default.yaml'), 'kind: NodePool\n');
    writeFileSync(path.join(dist, 'gone', 'cloudformation', 'karpenter.json'), '{}\n');
    return dist;
  }

  it('parses its command line through the command frame: usage errors exit 2 and name the problem', async () => {
    const cases: [string[], string][] = [
      [
        ['--cluster', 'x'],
        "karpenter-gitops policies: unknown option '--cluster'; did you mean '--clusters'?",
      ],
      [['sizes', '--out', 'x'], "karpenter-gitops policies sizes: unknown option '--out'."],
      [['verify', '--endpoint'], 'karpenter-gitops policies verify: --endpoint needs a value (URL).'],
      [['--out'], 'karpenter-gitops policies: --out needs a value (DIR).'],
      [['sizs'], "karpenter-gitops policies: unknown subcommand 'sizs'; did you mean 'sizes'?"],
    ];
    for (const [argv, message] of cases) {
      const t = io(root);
      expect(await policiesCli(argv, t.io, { loadFleet: loader }, root)).toBe(2);
      expect(t.err[0]).toBe(message);
      expect(t.err[1]).toMatch(/^usage: karpenter-gitops policies/);
    }
    const help = io(root);
    expect(await policiesCli(['sizes', '--help'], help.io, { loadFleet: loader }, root)).toBe(0);
    expect(help.out[0]).toContain('usage: karpenter-gitops policies sizes [--cluster NAME] [--clusters DIR]');
  });

  it('sizes: prints each managed policy as IAM counts it, per cluster', async () => {
    const { io: cli, out, err } = io(root);
    expect(await policiesCli(['sizes', '--cluster', 'beta'], cli, { loadFleet: loader }, root)).toBe(0);
    expect(err).toEqual([]);
    const beta = clusterModel({ name: 'beta' });
    expect(out).toEqual(policySizeLines({ clusters: [beta] }));
    expect(out[0]).toMatch(
      /^beta \(eu-west-1\): KarpenterControllerNodeLifecyclePolicy-beta: \d,\d{3} of 6,144 characters$/,
    );
    expect(await policiesCli(['sizes', '--cluster', 'nope'], cli, { loadFleet: loader }, root)).toBe(2);
    expect(err).toEqual(["policies sizes: no cluster named 'nope' in the fleet description."]);
  });

  it('the policy sizes in docs/cloudformation-iam.md are what the command prints for the example fleet', () => {
    const docs = readFileSync(path.join(PROJECT_ROOT, 'docs', 'cloudformation-iam.md'), 'utf8');
    const block = docs
      .split('$ npx karpenter-gitops policies sizes --cluster ticketing\n')[1]
      ?.split('```')[0];
    expect(block).toBe(`${policySizeLines(exampleFleet(), 'ticketing')?.join('\n')}\n`);
  });

  it('writes only the CloudFormation files and keeps the rest of dist/', async () => {
    const dist = seedDist();
    const { io: cli, out } = io(root);
    expect(await policiesCli([], cli, { loadFleet: loader }, root)).toBe(0);
    const zonal =
      'left out on purpose: arc-zonal-shift:GetManagedResource (granted only with `iam.zonalShift: true`, which also turns on Karpenter’s zonal-shift setting)';
    expect(out).toEqual([
      'policies: 2 CloudFormation templates → dist/',
      `policies: alpha: against the official policy of Karpenter 1.14.1: ours lacks none; ours adds none; ${zonal}`,
      `policies: beta: against the official policy of Karpenter 1.14.1: ours lacks none; ours adds none; ${zonal}`,
    ]);
    expect([...readDistTree(dist).keys()].sort()).toEqual([
      'alpha/cloudformation/karpenter.json',
      'alpha/cloudformation/policy-proof.txt',
      'alpha/karpenter/nodepool-default.yaml',
      'beta/cloudformation/karpenter.json',
      'beta/cloudformation/policy-proof.txt',
    ]);
    expect(readFileSync(path.join(dist, 'alpha', 'karpenter', 'nodepool-default.yaml'), 'utf8')).toBe(
      'kind: NodePool\n',
    );
    const t = JSON.parse(readFileSync(path.join(dist, 'beta', 'cloudformation', 'karpenter.json'), 'utf8'));
    expect(t.Resources.KarpenterInterruptionQueue.Properties.QueueName).toBe('beta');
  });

  it('leaves dist/ untouched on a fleet mistake, printing file:line without a stack trace', async () => {
    const dist = seedDist();
    const before = readDistTree(dist);
    const failing: FleetLoader = () => {
      throw new UserError([
        {
          severity: 'error',
          file: 'clusters/alpha.yaml',
          line: 3,
          col: 3,
          path: 'iam.identity',
          message: "'irsa' needs iam.oidcProviderArn",
          fix: 'Add the ARN of the cluster OIDC provider',
        },
      ]);
    };
    const { io: cli, err } = io(root);
    expect(await policiesCli([], cli, { loadFleet: failing }, root)).toBe(1);
    expect(err).toEqual([
      "clusters/alpha.yaml:3:3 iam.identity: 'irsa' needs iam.oidcProviderArn. Add the ARN of the cluster OIDC provider.",
      'policies: 1 error; dist/ was not changed.',
    ]);
    expect(readDistTree(dist)).toEqual(before);
  });

  it('leaves dist/ untouched when writing fails part-way', async () => {
    const dist = seedDist();
    const before = readDistTree(dist);
    let n = 0;
    const writeFile = (p: string, c: string | Uint8Array) => {
      if (++n === 2) throw new Error('disk full');
      writeFileSync(p, c, { flag: 'wx' });
    };
    const { io: cli, err } = io(root);
    expect(await policiesCli([], cli, { loadFleet: loader, writeOptions: { writeFile } }, root)).toBe(70);
    expect(err[0]).toBe('policies: internal error: disk full');
    expect(readDistTree(dist)).toEqual(before);
  });

  it('merges by replacing every CloudFormation file and nothing else', () => {
    const merged = mergeAwsSide(
      new Map([
        ['a/cloudformation/karpenter.json', 'old'],
        ['a/values/karpenter.yaml', 'v'],
      ]),
      new Map([['b/cloudformation/karpenter.json', 'new']]),
    );
    expect([...merged.entries()]).toEqual([
      ['a/values/karpenter.yaml', 'v'],
      ['b/cloudformation/karpenter.json', 'new'],
    ]);
  });

  it('merges by replacing every target’s folder: a cluster moved to Terraform loses its CloudFormation', () => {
    const merged = mergeAwsSide(
      new Map([
        ['a/cloudformation/karpenter.json', 'old'],
        ['a/cloudformation/policy-proof.txt', 'old'],
        ['b/terraform/karpenter.tf.json', 'old'],
        ['a/karpenter/nodepool-x.yaml', 'p'],
        ['terraform/README.md', 'not a cluster folder of a target'],
      ]),
      new Map([
        ['a/terraform/karpenter.tf.json', 'new'],
        ['a/terraform/policy-proof.txt', 'new'],
      ]),
    );
    expect([...merged.keys()].sort()).toEqual([
      'a/karpenter/nodepool-x.yaml',
      'a/terraform/karpenter.tf.json',
      'a/terraform/policy-proof.txt',
      'terraform/README.md',
    ]);
  });

  describe('verify', () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });

    it('says clearly that there are no credentials and exits 2', async () => {
      for (const k of Object.keys(process.env)) if (k.startsWith('AWS_')) delete process.env[k];
      process.env.AWS_SHARED_CREDENTIALS_FILE = path.join(root, 'no-credentials');
      process.env.AWS_CONFIG_FILE = path.join(root, 'no-config');
      process.env.AWS_EC2_METADATA_DISABLED = 'true';
      const { io: cli, err, out } = io(root);
      expect(
        await policiesCli(['verify', '--endpoint', 'http://127.0.0.1:9'], cli, { loadFleet: loader }, root),
      ).toBe(2);
      expect(out).toEqual([]);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(
        /^policies verify: no AWS credentials found \(.+\)\. Set AWS_PROFILE or AWS_ACCESS_KEY_ID\/AWS_SECRET_ACCESS_KEY for account 111122223333 .*nothing was checked\.$/,
      );
    });

    it('reports drift per cluster and exits 1, or 0 when in sync', async () => {
      const alpha = fleet.clusters[0];
      const state = deployedState(alpha);
      const iam = await startFakeIam(state, ACCOUNT, FAKE_KEY);
      const createIamClient = fakeIamClients();
      try {
        const ok = io(root);
        expect(
          await policiesCli(
            ['verify', '--cluster', 'alpha', '--endpoint', iam.endpoint],
            ok.io,
            { loadFleet: loader, createIamClient },
            root,
          ),
        ).toBe(0);
        expect(ok.out).toEqual([
          `policies verify: alpha: 0 findings; ${controllerScenarios(alpha).length} scenarios simulated against the deployed policies.`,
        ]);
        state.roles.get('KarpenterNodeRole-alpha')!.boundary = 'arn:aws:iam::111122223333:policy/Other';
        const drift = io(root);
        expect(
          await policiesCli(
            ['verify', '--cluster', 'alpha', '--endpoint', iam.endpoint],
            drift.io,
            { loadFleet: loader, createIamClient },
            root,
          ),
        ).toBe(1);
        expect(drift.out[0]).toBe(
          'alpha: drift: role KarpenterNodeRole-alpha: permissions boundary is arn:aws:iam::111122223333:policy/Other, expected none',
        );
        const unknown = io(root);
        expect(
          await policiesCli(
            ['verify', '--cluster', 'zeta'],
            unknown.io,
            { loadFleet: loader, createIamClient },
            root,
          ),
        ).toBe(2);
        expect(unknown.err).toEqual(["policies verify: no cluster named 'zeta' in the fleet description."]);
      } finally {
        await iam.close();
      }
    });

    it('exits 2 when AWS rejects the credentials', async () => {
      const iam = await startFakeIam(deployedState(fleet.clusters[0]), ACCOUNT, FAKE_KEY);
      const createIamClient = fakeIamClients('AKIAWRONGKEY');
      try {
        const { io: cli, err } = io(root);
        expect(
          await policiesCli(
            ['verify', '--endpoint', iam.endpoint],
            cli,
            { loadFleet: loader, createIamClient },
            root,
          ),
        ).toBe(2);
        expect(err[0]).toMatch(
          /^policies verify: alpha: AWS rejected the credentials \(InvalidClientTokenId: /,
        );
      } finally {
        await iam.close();
      }
    });
  });

  it('verify of an external cluster: the existing role proved, broader grants printed without failing (exit 0)', async () => {
    const ext = clusterModel({
      name: 'gamma',
      aws: { managedBy: 'external' },
      iam: { controllerRoleName: 'KarpenterController-gamma', nodeRoleName: 'Karpenter-gamma' },
    });
    // What another tool deployed: the generated policies, plus one broader statement, under other names.
    const state = deployedState(
      clusterModel({
        name: 'gamma',
        iam: { controllerRoleName: 'KarpenterController-gamma', nodeRoleName: 'Karpenter-gamma' },
      }),
    );
    const controller = state.roles.get('KarpenterController-gamma')!;
    controller.inline.set('Extra', {
      Version: '2012-10-17',
      Statement: [{ Sid: 'Broad', Effect: 'Allow', Action: 'ec2:TerminateInstances', Resource: '*' }],
    });
    const iam = await startFakeIam(state, ACCOUNT, FAKE_KEY);
    const createIamClient = fakeIamClients();
    try {
      const r = io(root);
      expect(
        await policiesCli(
          ['verify', '--endpoint', iam.endpoint],
          r.io,
          { loadFleet: () => ({ fleet: { clusters: [ext] }, warnings: [] }), createIamClient },
          root,
        ),
      ).toBe(0);
      const last = r.out[r.out.length - 1];
      expect(last).toMatch(
        new RegExp(
          `^policies verify: gamma: 0 findings \\(and \\d+ not failing\\); ${controllerScenarios(ext).length} scenarios simulated against the existing role's policies\\.$`,
        ),
      );
      expect(r.out.some((l) => l.startsWith('gamma: broader: scenario '))).toBe(true);
    } finally {
      await iam.close();
    }
  });

  it('does not create dist/ when the fleet fails to load', async () => {
    const { io: cli } = io(root);
    const failing: FleetLoader = () => {
      throw new UserError([
        {
          severity: 'error',
          file: 'clusters',
          line: 0,
          col: 0,
          path: '',
          message: 'the fleet description folder does not exist',
        },
      ]);
    };
    await policiesCli([], cli, { loadFleet: failing }, root);
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('refuses an --out that would replace the project, before loading anything', async () => {
    const { io: cli, err } = io(root);
    let loaded = false;
    const loader: FleetLoader = () => {
      loaded = true;
      throw new Error('must not load');
    };
    expect(await policiesCli(['--out', '.'], cli, { loadFleet: loader }, root)).toBe(2);
    expect(loaded).toBe(false);
    expect(err).toEqual([
      'policies: --out ./ would replace a folder that holds the project. Choose a dedicated output folder such as dist/.',
    ]);
  });
});
