/**
 * The AWS side of an EKS Auto Mode cluster (policies/aws-side.ts autoModeAwsSideModel), in each
 * target: the node role with the two managed policies the EKS User Guide names, the EC2 access
 * entry with the AmazonEKSAutoNodePolicy association, the KMS statement for a customer key; no
 * controller role, queue or rules. cfn-lint passes on the template; the scenarios prove the trust
 * and the key statement.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { awsSideModel } from '../../policies/aws-side';
import { cloudFormationTemplate, renderTemplate } from '../../policies/targets/cloudformation/template';
import { renderTerraform } from '../../policies/targets/terraform/terraform-module';
import { nodeRoleScenarios } from '../../policies/scenarios/node-role-scenarios';
import { scenarioInputs } from '../../policies/scenarios/scenario-inputs';
import { proveScenarios } from '../../policies/scenarios/prove-scenarios';
import { MINIMAL, loadCluster } from '../support/fleet-files';

const KEY = 'arn:aws:kms:eu-west-1:111122223333:key/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
const autoCluster = (classExtra = '', clusterExtra = '') =>
  loadCluster(`${MINIMAL}karpenter:
  mode: eks-auto-mode
${clusterExtra}nodeClasses:
  private:
${classExtra || '    tags: { team: web }\n'}nodePools:
  web:
    nodeClass: private
    capacityTypes: [spot]
    limits: { cpu: "10" }
`).cluster;

describe('the neutral AWS side of an Auto Mode cluster', () => {
  const side = awsSideModel(
    autoCluster(
      `    ephemeralStorage: { size: 100Gi, kmsKeyID: ${KEY} }\n`,
      'iam:\n  createInstanceProfile: true\n',
    ),
  );

  test('node role with AmazonEKSWorkerNodeMinimalPolicy and AmazonEC2ContainerRegistryPullOnly only', () => {
    expect(side.mode).toBe('eks-auto-mode');
    expect(side.nodeRole.name).toBe('EKSAutoNodeRole-demo');
    expect(side.nodeRole.policyArns).toEqual([
      'arn:aws:iam::aws:policy/AmazonEKSWorkerNodeMinimalPolicy',
      'arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly',
    ]);
  });

  test('access entry of type EC2 with the AmazonEKSAutoNodePolicy association, cluster-wide', () => {
    expect(side.accessEntry).toEqual({
      id: 'EKSAutoModeNodeAccessEntry',
      clusterName: 'demo',
      roleId: 'EKSAutoModeNodeRole',
      type: 'EC2',
      accessPolicies: [
        { policyArn: 'arn:aws:eks::aws:cluster-access-policy/AmazonEKSAutoNodePolicy', scope: 'cluster' },
      ],
    });
    expect(side.instanceProfile?.roleId).toBe('EKSAutoModeNodeRole');
  });

  test('no controller role, policies, identity, queue or rules', () => {
    expect(side.controllerRole).toBeUndefined();
    expect(side.controllerPolicies).toEqual([]);
    expect(side.podIdentityAssociation).toBeUndefined();
    expect(side.queue).toBeUndefined();
    expect(side.rules).toEqual([]);
  });

  test('the customer key gets the account-through-EC2 statement of the EKS User Guide, nothing for a controller', () => {
    expect(side.keyPolicies.volumes?.keyArns).toEqual([KEY]);
    expect(side.keyPolicies.volumes?.statements).toEqual([
      {
        Sid: 'AllowEC2ViaAccountAutoModeVolumeKeyUsedemo',
        Effect: 'Allow',
        Principal: { AWS: '*' },
        Action: [
          'kms:CreateGrant',
          'kms:Decrypt',
          'kms:DescribeKey',
          'kms:Encrypt',
          'kms:GenerateDataKey*',
          'kms:ReEncrypt*',
        ],
        Resource: '*',
        Condition: {
          StringEquals: {
            'kms:ViaService': 'ec2.eu-west-1.amazonaws.com',
            'kms:CallerAccount': '111122223333',
          },
        },
      },
    ]);
  });

  test('CloudFormation: the role, the entry with AccessPolicies, the profile; outputs without controller or queue', () => {
    const t = cloudFormationTemplate(autoCluster(), side);
    expect(Object.keys(t.Resources)).toEqual([
      'EKSAutoModeNodeAccessEntry',
      'EKSAutoModeNodeInstanceProfile',
      'EKSAutoModeNodeRole',
    ]);
    const entry = t.Resources.EKSAutoModeNodeAccessEntry as { Properties: Record<string, unknown> };
    expect(entry.Properties.Type).toBe('EC2');
    expect(entry.Properties.AccessPolicies).toEqual([
      {
        PolicyArn: 'arn:aws:eks::aws:cluster-access-policy/AmazonEKSAutoNodePolicy',
        AccessScope: { Type: 'cluster' },
      },
    ]);
    expect(Object.keys(t.Outputs).sort()).toEqual([
      'NodeInstanceProfileName',
      'NodeRoleArn',
      'NodeRoleName',
      'VolumeKeyPolicyStatements',
    ]);
  });

  test('Terraform: aws_eks_access_policy_association beside the entry; no queue, rule or controller', () => {
    const m = renderTerraform(side) as unknown as { resource: Record<string, Record<string, unknown>> };
    expect(Object.keys(m.resource).sort()).toEqual([
      'aws_eks_access_entry',
      'aws_eks_access_policy_association',
      'aws_iam_instance_profile',
      'aws_iam_role',
      'aws_iam_role_policy_attachment',
    ]);
    expect(m.resource.aws_eks_access_policy_association).toEqual({
      node_AmazonEKSAutoNodePolicy: {
        cluster_name: '${aws_eks_access_entry.node.cluster_name}',
        principal_arn: '${aws_eks_access_entry.node.principal_arn}',
        policy_arn: 'arn:aws:eks::aws:cluster-access-policy/AmazonEKSAutoNodePolicy',
        access_scope: { type: 'cluster' },
      },
    });
    expect((m.resource.aws_eks_access_entry.node as { type: string }).type).toBe('EC2');
  });
});

describe('Auto Mode policy scenarios', () => {
  test('trust and key scenarios, each decided as the table expects', async () => {
    const cluster = autoCluster(`    ephemeralStorage: { kmsKeyID: ${KEY} }\n`);
    expect(nodeRoleScenarios(cluster).map((s) => `${s.id}:${s.expect}`)).toEqual([
      'ec2-assumes-node-role:allowed',
      'lambda-assumes-node-role:denied',
      'ecs-tasks-assume-node-role:denied',
      'ec2-uses-volume-key:allowed',
      'volume-key-other-region:denied',
      'volume-key-direct-use:denied',
      'volume-key-other-account:denied',
    ]);
    const proof = await proveScenarios(scenarioInputs(cluster));
    expect(proof.results.filter((r) => r.decision !== r.expected)).toEqual([]);
  });

  test('the table has teeth: a trust that also admits Lambda fails the lambda scenario', async () => {
    const cluster = autoCluster();
    const inputs = scenarioInputs(cluster);
    const loose = {
      ...inputs,
      nodeRolePolicies: {
        nodeTrustPolicy: {
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { Service: ['ec2.amazonaws.com', 'lambda.amazonaws.com'] },
              Action: 'sts:AssumeRole',
            },
          ],
        },
      },
    } as typeof inputs;
    const proof = await proveScenarios(loose);
    expect(proof.results.filter((r) => r.decision !== r.expected).map((r) => r.id)).toEqual([
      'lambda-assumes-node-role',
    ]);
  });
});

describe('cfn-lint on an Auto Mode template', () => {
  test('finds no error and no warning', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'karpenter-cfn-auto-'));
    try {
      const files = [
        autoCluster(),
        autoCluster(`    ephemeralStorage: { kmsKeyID: ${KEY} }\n`, 'iam:\n  createInstanceProfile: true\n'),
      ].map((c, i) => {
        const file = path.join(dir, `auto-${i}.json`);
        writeFileSync(file, renderTemplate(cloudFormationTemplate(c)));
        return file;
      });
      const r = spawnSync('cfn-lint', ['--format', 'parseable', '--', ...files], { encoding: 'utf8' });
      expect({ status: r.status, findings: r.stdout.trim() }).toEqual({ status: 0, findings: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
