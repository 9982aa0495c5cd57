/**
 * Issue 28's bad input, all in one fleet and one synth run (the real loader, through the synth
 * CLI): every case is reported at its line with its own message, the secrets are never printed,
 * dist/ is left byte-identical; and a false positive with the opt-out passes.
 */
import { join } from 'node:path';
import { EXIT_OK, EXIT_USER_ERROR, loadFleetFromDir } from '../../io/cli-common';
import { karpenterGenerator } from '../../charts/karpenter/karpenter-generator';
import { synthCli, SynthDeps } from '../../synth/synth';
import { DEFAULTS, MINIMAL } from '../support/fleet-files';
import { makeTempProject, readTree, removeTempProject, writeTree } from './dist-fixture';

/** The issue's own line: AWS's documentation example key, which secretlint alone lets through. */
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const GITHUB_TOKEN = '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';
const PEM_LINES = [
  'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun',
  'VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK',
  'LxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW/VDL5AaWTg0nLVkjRo',
];

/** MINIMAL is lines 1-6. */
const UNSAFE = `${MINIMAL}tags:
  ci-token: ${GITHUB_TOKEN}
nodeClasses:
  default:
    alias: al2023@v20260714
    userData: |
      #!/bin/bash
      export AWS_SECRET_ACCESS_KEY=${AWS_SECRET}
      cat > /etc/key.pem <<'PEM'
      -----BEGIN RSA PRIVATE KEY-----
${PEM_LINES.map((l) => `      ${l}`).join('\n')}
      -----END RSA PRIVATE KEY-----
      PEM
nodePools:
  a:
    nodeClass: default
    expireAfter: 1m
    disruption:
      budgets:
        - nodes: "0"
        - nodes: "1"
          schedule: "0 25 * * *"
          duration: 1h
        - nodes: "1"
          schedule: "*/0 * * * *"
          duration: 1h
        - nodes: "1"
          schedule: "@fortnightly"
          duration: 1h
`;

let project: string;
let out: string[];
let err: string[];

function synth(fleet: Readonly<Record<string, string>>): number {
  writeTree(join(project, 'clusters'), fleet);
  const deps: SynthDeps = {
    loadFleet: loadFleetFromDir,
    validate: null,
    generators: [{ name: 'karpenter', generate: karpenterGenerator }],
  };
  return synthCli([], { out: (l) => out.push(l), err: (l) => err.push(l), cwd: project }, deps, project);
}

beforeEach(() => {
  project = makeTempProject();
  writeTree(join(project, 'dist'), { 'keep/me.yaml': 'previous: output\n' });
  out = [];
  err = [];
});
afterEach(() => removeTempProject(project));

describe('issue 28 bad input, one run', () => {
  test('each case at its line, no secret printed, dist/ untouched', () => {
    const before = readTree(join(project, 'dist'));
    expect(synth({ '_defaults.yaml': DEFAULTS, 'unsafe.yaml': UNSAFE })).toBe(EXIT_USER_ERROR);
    expect(readTree(join(project, 'dist'))).toEqual(before);
    const text = err.join('\n');
    const line = (prefix: string) => {
      const found = err.find((l) => l.startsWith(prefix));
      if (found === undefined) throw new Error(`no line starting ${prefix} in:\n${text}`);
      return found;
    };
    // The AWS secret key, at its line inside the userData block.
    expect(
      line(
        "clusters/unsafe.yaml:14:36 nodeClasses.default.userData: an AWS secret access key (AWS's documentation example) is written here",
      ),
    ).toMatch(
      /anyone with ec2:DescribeInstanceAttribute.*SSM Parameter Store \(SecureString\) or Secrets Manager.*"Action":"ssm:GetParameter"/,
    );
    // The PEM block, at its BEGIN line.
    line('clusters/unsafe.yaml:16:7 nodeClasses.default.userData: a private key (PEM) is written here');
    // A ghp_ token in a tag.
    line('clusters/unsafe.yaml:8:13 tags.ci-token: a GitHub token is written here');
    // Schedules Karpenter cannot parse, naming the field.
    expect(line('clusters/unsafe.yaml:30:21 nodePools.a.disruption.budgets[1].schedule:')).toContain(
      "the API server accepts '0 25 * * *', but Karpenter cannot parse it: hour field '25': 25 is out of range (the hour field allows 0-23); Karpenter would fail closed",
    );
    expect(line('clusters/unsafe.yaml:33:21 nodePools.a.disruption.budgets[2].schedule:')).toContain(
      "minute field '*/0': the step in '*/0' is 0; a step must be a positive number",
    );
    expect(line('clusters/unsafe.yaml:36:21 nodePools.a.disruption.budgets[3].schedule:')).toContain(
      "'@fortnightly' does not match the NodePool CRD's pattern for schedule, so the API server refuses the NodePool",
    );
    // nodes: "0" with no schedule: drift never rolls out.
    expect(line('clusters/unsafe.yaml:28:18 warning: nodePools.a.disruption.budgets[0].nodes:')).toContain(
      'this budget allows 0 nodes at all times (no schedule) for every reason: Karpenter never replaces drifted nodes',
    );
    // expireAfter: 1m.
    expect(line('clusters/unsafe.yaml:25:18 warning: nodePools.a.expireAfter:')).toContain(
      'expireAfter 1m is under 1h: Karpenter replaces every node of this pool 1m after it launches',
    );
    for (const secret of [AWS_SECRET, GITHUB_TOKEN, ...PEM_LINES]) expect(text).not.toContain(secret);
    expect(out).toEqual([]);
  });

  test('a false positive with the opt-out passes', () => {
    const fleet = `${MINIMAL}tags:
  fixture: ${GITHUB_TOKEN} # karpenter-gitops: allow-secret revoked token kept as a scanner fixture
nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  a:
    nodeClass: default
`;
    expect(synth({ '_defaults.yaml': DEFAULTS, 'fine.yaml': fleet })).toBe(EXIT_OK);
    expect(err).toEqual([]);
  });

  test('an opt-out without a reason does not count', () => {
    const fleet = `${MINIMAL}tags:
  fixture: ${GITHUB_TOKEN} # karpenter-gitops: allow-secret
nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  a:
    nodeClass: default
`;
    expect(synth({ '_defaults.yaml': DEFAULTS, 'bad.yaml': fleet })).toBe(EXIT_USER_ERROR);
    expect(err[0]).toBe(
      'clusters/bad.yaml:8:12 tags.fixture: a GitHub token is written here, and the allow-secret comment gives no reason. Say why this is not a credential after `karpenter-gitops: allow-secret`.',
    );
  });
});
