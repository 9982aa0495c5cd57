/** `validate` applies the team's own `secretPatterns` from the nearest clusters/_defaults.yaml. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../validation/cli';
import { teamSecretPatterns } from '../../validation/team-secret-patterns';

const TOKEN = 'acme_4f9d2c7b1e8a6035';
const NODE_POOL = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  template:
    metadata:
      labels:
        deploy: ${TOKEN}
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      requirements: []
`;

describe('validate with the team secret patterns', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kg-team-patterns-'));
    mkdirSync(join(root, 'clusters'));
    mkdirSync(join(root, 'dist', 'shop', 'karpenter'), { recursive: true });
    writeFileSync(join(root, 'dist', 'shop', 'karpenter', 'nodepool-general.yaml'), NODE_POOL);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const defaults = (patterns: string) =>
    writeFileSync(
      join(root, 'clusters', '_defaults.yaml'),
      `gitops:\n  repoURL: https://github.com/example/platform-gitops.git\nsecretPatterns:\n${patterns}`,
    );

  it('refuses a dist/ value matching a team pattern, at its line, naming the pattern and never the value', async () => {
    defaults('  - id: acme-deploy-token\n    regex: "acme_[0-9a-f]{16}"\n');
    const r = await runCli([join(root, 'dist'), '--no-cfn-lint'], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /dist\/shop\/karpenter\/nodepool-general\.yaml:9:\d+ spec\.template\.metadata\.labels\.deploy: a secret matching the team pattern 'acme-deploy-token' is written here/,
    );
    expect(r.stdout).not.toContain('4f9d2c7b1e8a6035');
  });

  it('without the pattern, the same value passes the scan', async () => {
    defaults('  - id: other\n    regex: "zzz_[0-9]{40}"\n');
    const r = await runCli([join(root, 'dist'), '--no-cfn-lint'], { cwd: root });
    expect(r.stdout).not.toContain('is written here');
  });

  it('finds the defaults file above a deeper path, and reports a pattern it cannot evaluate at its line', () => {
    defaults('  - id: bad\n    regex: "\\\\pL+"\n');
    const team = teamSecretPatterns([join('dist', 'shop', 'karpenter')], root);
    expect(team.file).toBe('clusters/_defaults.yaml');
    expect(team.findings.map((f) => [f.file, f.line, f.path])).toEqual([
      ['clusters/_defaults.yaml', 5, 'secretPatterns[0].regex'],
    ]);
    expect(team.findings[0].message).toMatch(/^this team pattern is not a Go \(RE2\) regular expression/);
  });

  it('none when no clusters/_defaults.yaml is found', () => {
    expect(teamSecretPatterns([join(root, 'dist')], join(root, 'dist'))).toEqual({ findings: [] });
  });
});
