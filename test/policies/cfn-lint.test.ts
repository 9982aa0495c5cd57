/**
 * cfn-lint reports nothing (no error, no warning) on every generated template. cfn-lint
 * is part of the machine image and of CI; without it this test fails rather than skips.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { ClusterModel } from '../../model/shared/fleet-model';
import { cloudFormationTemplate, renderTemplate } from '../../policies/targets/cloudformation/template';
import { clusterModel, fullCluster, nodePool } from './fixtures';
import { exampleFleet } from './example-fleet';

function cfnLintCommand(): string[] {
  for (const cmd of [['cfn-lint'], ['python3', '-m', 'cfnlint.runner']]) {
    const r = spawnSync(cmd[0], [...cmd.slice(1), '--version'], { encoding: 'utf8' });
    if (r.status === 0) return cmd;
  }
  throw new Error(
    'cfn-lint is not installed. Install it with `pip install cfn-lint` (CI runs it on every template).',
  );
}

const clusters: [string, ClusterModel][] = [
  ['basic', clusterModel()],
  ['full', fullCluster()],
  ['full-spot', { ...fullCluster(), nodePools: [nodePool('general')] }],
  [
    'cn',
    clusterModel({
      name: 'china',
      aws: { partition: 'aws-cn', region: 'cn-north-1' },
      iam: { createInstanceProfile: true },
    }),
  ],
  [
    'gov',
    clusterModel({
      name: 'gov',
      aws: { partition: 'aws-us-gov', region: 'us-gov-west-1' },
      volumeKmsKeyIds: ['alias/ebs'],
    }),
  ],
  ...exampleFleet().clusters.map((c) => [`example-${c.name}`, c] as [string, ClusterModel]),
];

describe('cfn-lint on generated templates', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'karpenter-cfn-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds no error and no warning in any template', () => {
    const cmd = cfnLintCommand();
    const files = clusters.map(([label, cluster]) => {
      const file = path.join(dir, `${label}.json`);
      writeFileSync(file, renderTemplate(cloudFormationTemplate(cluster)));
      return file;
    });
    expect(files.length).toBeGreaterThanOrEqual(4);
    const r = spawnSync(cmd[0], [...cmd.slice(1), '--format', 'parseable', '--', ...files], {
      encoding: 'utf8',
    });
    expect({ status: r.status, findings: r.stdout.trim(), stderr: r.stderr.trim() }).toEqual({
      status: 0,
      findings: '',
      stderr: '',
    });
  });

  it('would report a broken template (the check can fail)', () => {
    const cmd = cfnLintCommand();
    const file = path.join(dir, 'broken.json');
    const t = JSON.parse(renderTemplate(cloudFormationTemplate(clusterModel())));
    t.Resources.KarpenterInterruptionQueue.Properties.MessageRetentionPeriod = 30;
    t.Resources.KarpenterNodeRole.Properties.Bogus = true;
    writeFileSync(file, JSON.stringify(t));
    const r = spawnSync(cmd[0], [...cmd.slice(1), '--format', 'parseable', '--', file], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toMatch(/MessageRetentionPeriod|Bogus/);
  });
});
