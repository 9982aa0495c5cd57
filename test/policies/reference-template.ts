/**
 * Reads upstream's getting-started CloudFormation template (read-only reference data
 * outside the repo, never copied into it) and resolves its controller policies for a
 * cluster, so tests can compare the generated policies with the official ones.
 */
import { readFileSync } from 'fs';
import * as path from 'path';
import { DEFAULT_KARPENTER_VERSION } from '../../model/facts/versions';
import { ClusterModel } from '../../model/shared/fleet-model';
import { arnBuilder } from '../../policies/partition';
import { queueArn } from '../../policies/interruption-queue';
import { PolicyDocument } from '../../policies/policy-document';
import { parseCloudFormationYaml } from '../../policies/official-policy';

export const REFERENCE_TEMPLATE = path.resolve(
  __dirname,
  '../../../shared/reference',
  `karpenter-v${DEFAULT_KARPENTER_VERSION}`,
  'getting-started-cloudformation.yaml',
);

interface RawResource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
}

let cached: Record<string, RawResource> | undefined;

/** The reference template's resources, intrinsic tags kept as `Fn::Sub` / `Fn::GetAtt` / `Ref`. */
export function referenceResources(): Record<string, RawResource> {
  if (!cached) {
    const text = readFileSync(REFERENCE_TEMPLATE, 'utf8');
    const { template } = parseCloudFormationYaml(text, REFERENCE_TEMPLATE);
    cached = (template as { Resources: Record<string, RawResource> }).Resources;
  }
  return cached;
}

/** The official managed policies (logical ID → document), `${...}` resolved for the cluster. */
export function referencePolicies(cluster: ClusterModel): Map<string, PolicyDocument> {
  const arn = arnBuilder(cluster.aws);
  const vars: Record<string, string> = {
    'AWS::Partition': cluster.aws.partition,
    'AWS::Region': cluster.aws.region,
    'AWS::AccountId': cluster.aws.accountId,
    ClusterName: cluster.name,
    'KarpenterNodeRole.Arn': arn.role(cluster.iam.nodeRoleName, cluster.iam.path),
    'KarpenterInterruptionQueue.Arn': queueArn(cluster),
  };
  const out = new Map<string, PolicyDocument>();
  for (const [id, res] of Object.entries(referenceResources())) {
    if (res.Type !== 'AWS::IAM::ManagedPolicy') continue;
    const sub = (res.Properties.PolicyDocument as { 'Fn::Sub': string })['Fn::Sub'];
    const resolved = sub.replace(/\$\{([^}]+)\}/g, (_m, name: string) => {
      if (!(name in vars)) throw new Error(`reference template uses unknown variable ${name}`);
      return vars[name];
    });
    out.set(id, JSON.parse(resolved) as PolicyDocument);
  }
  return out;
}

/** Official EventBridge rules: logical ID → event pattern. */
export function referenceRules(): Map<string, { source: string[]; 'detail-type': string[] }> {
  const out = new Map<string, { source: string[]; 'detail-type': string[] }>();
  for (const [id, res] of Object.entries(referenceResources()))
    if (res.Type === 'AWS::Events::Rule')
      out.set(id, res.Properties.EventPattern as { source: string[]; 'detail-type': string[] });
  return out;
}
