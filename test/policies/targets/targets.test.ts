import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AWS_MANAGED_BY } from '../../../model/facts/constants';
import { awsSideModel } from '../../../policies/aws-side';
import { AWS_SIDE_TARGETS, FILE_TARGETS, targetOfDir } from '../../../policies/targets/targets';
import { awsSideGenerator } from '../../../policies/targets/aws-side-generator';
import { TARGET_DIRS, TARGET_LAYOUT } from '../../../policies/targets/target-layout';
import { clusterModel } from '../fixtures';

describe('the AWS-side targets table', () => {
  it('has one record per aws.managedBy value, named as the value, file targets in distinct folders', () => {
    expect(Object.keys(AWS_SIDE_TARGETS).sort()).toEqual([...AWS_MANAGED_BY].sort());
    for (const [name, t] of Object.entries(AWS_SIDE_TARGETS)) expect(t.name).toBe(name);
    expect(FILE_TARGETS.map((t) => t.dir)).toEqual(['cloudformation', 'terraform', 'ack']);
    expect(targetOfDir('terraform')?.name).toBe('terraform');
    expect(targetOfDir('karpenter')).toBeUndefined();
  });

  it("takes every file target's folder and main file from the layout, which names no other", () => {
    expect(FILE_TARGETS.map((t) => [t.name, t.dir, t.file])).toEqual(
      Object.entries(TARGET_LAYOUT).map(([name, l]) => [name, l.dir, l.file]),
    );
    expect(TARGET_DIRS).toEqual(['cloudformation', 'terraform', 'ack']);
  });

  it('each file target writes only into its own folder: its main file and the proof record', () => {
    for (const t of FILE_TARGETS) {
      const c = clusterModel({ name: 'shop', aws: { managedBy: t.name } });
      expect([...t.generate(c, awsSideModel(c)).keys()]).toEqual([
        `shop/${t.dir}/${t.file}`,
        `shop/${t.dir}/policy-proof.txt`,
      ]);
    }
  });

  it('the generator renders each cluster with its own target, and nothing for external', () => {
    const files = awsSideGenerator({
      clusters: [
        clusterModel({ name: 'a' }),
        clusterModel({ name: 'b', aws: { managedBy: 'terraform' } }),
        clusterModel({ name: 'c', aws: { managedBy: 'external' } }),
      ],
    });
    expect([...files.keys()]).toEqual([
      'a/cloudformation/karpenter.json',
      'a/cloudformation/policy-proof.txt',
      'b/terraform/karpenter.tf.json',
      'b/terraform/policy-proof.txt',
    ]);
  });

  it('each target says how its AWS side is put in place; a file target names its own folder', () => {
    for (const t of FILE_TARGETS) {
      const c = clusterModel({ name: 'shop', aws: { managedBy: t.name } });
      expect(t.deploy.createsAwsSide).toBe(true);
      expect(t.deploy.command(c)).toContain(`dist/shop/${t.dir}`);
    }
    expect(AWS_SIDE_TARGETS.cloudformation.deploy.command(clusterModel({ name: 'shop' }))).toBe(
      'deploy the stack: aws cloudformation deploy --template-file dist/shop/cloudformation/karpenter.json ' +
        '--stack-name Karpenter-shop --capabilities CAPABILITY_NAMED_IAM --region eu-west-1',
    );
    expect(AWS_SIDE_TARGETS.terraform.deploy.step).toBe('apply the Terraform module (terraform apply)');
    expect(AWS_SIDE_TARGETS.external.deploy).toMatchObject({
      step: 'create it where the team manages AWS',
      createsAwsSide: false,
    });
  });

  it('preflight and policy verification take how a target is deployed from the table, not from aws.managedBy', () => {
    const root = join(__dirname, '../../..');
    for (const file of [
      'preflight/queue-checks.ts',
      'preflight/cluster-checks.ts',
      'preflight/preflight.ts',
      'policies/verify.ts',
      'policies/cli.ts',
    ])
      expect({ file, compares: /managedBy\s*[!=]==/.test(readFileSync(join(root, file), 'utf8')) }).toEqual({
        file,
        compares: false,
      });
  });
});
