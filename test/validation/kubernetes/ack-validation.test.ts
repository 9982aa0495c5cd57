/**
 * ACK manifests against the pinned ACK CRDs (imports/validation/ack-*): the target's output is
 * valid, a hand-written mistake fails at its path, and a kind whose controller's CRDs are not
 * imported is an error naming the controller.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { awsSideModel } from '../../../policies/aws-side';
import { renderAckManifest } from '../../../policies/targets/ack/generator';
import { findProjectRoot } from '../../../validation/kubernetes/artifacts';
import { ManifestValidator } from '../../../validation/kubernetes/validate-manifests';
import { parseManifests } from '../../../validation/manifest-source';
import { validateFiles } from '../../../validation/validate-tree';
import { clusterModel } from '../../policies/fixtures';

const root = findProjectRoot(join(__dirname, '..', '..', '..'));
const validator = new ManifestValidator('1.14.1', root);

const cluster = clusterModel({
  name: 'shop',
  aws: { managedBy: 'ack' },
  iam: { createInstanceProfile: true, createSpotServiceLinkedRole: true },
  queueKmsKeyArn: 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
});
const manifest = renderAckManifest(cluster, awsSideModel(cluster));

describe('ACK manifests against the pinned ACK CRDs', () => {
  it('accepts every object the ack target writes', () => {
    const docs = parseManifests('shop/ack/karpenter.yaml', manifest);
    expect(docs.length).toBeGreaterThanOrEqual(15);
    expect(validator.validate(docs)).toEqual([]);
  });

  it('refuses a planted unknown field at its path, with the closest field', () => {
    const planted = manifest.replace(
      '  description: Karpenter nodes of EKS cluster shop\n',
      '  description: Karpenter nodes of EKS cluster shop\n  maxSessionDurationX: 3600\n',
    );
    const findings = validator.validate(parseManifests('role.yaml', planted));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      file: 'role.yaml',
      object: 'Role/shop-node-role',
      path: 'spec.maxSessionDurationX',
      severity: 'error',
    });
    expect(findings[0].message).toContain("unknown field 'maxSessionDurationX'");
    expect(findings[0].fix).toContain("'maxSessionDuration'");
    expect(findings[0].line).toBe(planted.split('\n').indexOf('  maxSessionDurationX: 3600') + 1);
  });

  it('refuses a Queue without queueName (required by sqs-controller v1.6.1)', () => {
    const text = `apiVersion: sqs.services.k8s.aws/v1alpha1
kind: Queue
metadata:
  name: q
  namespace: karpenter-ack
spec:
  messageRetentionPeriod: "300"
`;
    const findings = validator.validate(parseManifests('queue.yaml', text));
    expect(findings.map((f) => [f.path, f.severity])).toEqual([['spec.queueName', 'error']]);
  });

  it('names the controller to install when its CRDs are not imported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ack-missing-'));
    try {
      cpSync(join(root, 'imports', 'validation'), join(dir, 'imports', 'validation'), { recursive: true });
      rmSync(join(dir, 'imports', 'validation', 'ack-eks-controller-v1.20.0'), { recursive: true });
      const without = new ManifestValidator('1.14.1', dir);
      const findings = without.validate(parseManifests('shop/ack/karpenter.yaml', manifest));
      expect(findings.map((f) => f.check)).toEqual(['ack/missing-controller', 'ack/missing-controller']);
      expect(findings[0].message).toBe(
        'AccessEntry eks.services.k8s.aws/v1alpha1 is served by the ACK eks-controller, whose CRDs are not imported: its objects cannot be validated, and a cluster without that controller never creates them',
      );
      expect(findings[0].fix).toContain('Install aws-controllers-k8s/eks-controller v1.20.0');
      expect(findings[1].object).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the ack file in a dist/ tree', () => {
  it('gives the cross-checks the node role it creates', () => {
    const nodeClass = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: KarpenterNodeRole-other
  amiSelectorTerms:
    - alias: al2023@v20260714
  subnetSelectorTerms:
    - tags:
        karpenter.sh/discovery: shop
  securityGroupSelectorTerms:
    - tags:
        karpenter.sh/discovery: shop
`;
    const r = validateFiles(
      [
        { display: 'dist/shop/ack/karpenter.yaml', rel: 'shop/ack/karpenter.yaml', text: manifest },
        {
          display: 'dist/shop/karpenter/ec2nodeclass-default.yaml',
          rel: 'shop/karpenter/ec2nodeclass-default.yaml',
          text: nodeClass,
        },
      ],
      { cfnLint: false },
    );
    expect(r.findings.map((f) => [f.check, f.path, f.message])).toEqual([
      [
        'cross/node-role',
        'spec.role',
        "role 'KarpenterNodeRole-other' is not the node role AWS Controllers for Kubernetes creates (KarpenterNodeRole-shop)",
      ],
    ]);
  });
});
