import { DistFiles, distPaths } from '../../model/shared/dist-layout';

/** Small valid Karpenter v1 objects the validation tests start from and break deliberately. */

export const NODE_CLASS = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: KarpenterNodeRole-demo
  amiSelectorTerms:
    - alias: al2023@v20260714
  subnetSelectorTerms:
    - tags:
        karpenter.sh/discovery: demo
  securityGroupSelectorTerms:
    - tags:
        karpenter.sh/discovery: demo
  blockDeviceMappings:
    - deviceName: /dev/xvda
      ebs:
        volumeSize: 20Gi
        volumeType: gp3
        encrypted: true
        kmsKeyID: arn:aws:kms:eu-west-1:111122223333:key/abc
  metadataOptions:
    httpTokens: required
`;

export const NODE_POOL = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  template:
    metadata:
      labels:
        team: web
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["spot", "on-demand"]
        - key: karpenter.k8s.aws/instance-generation
          operator: Gt
          values: ["2"]
  limits:
    cpu: 1000
    memory: 1000Gi
  disruption:
    consolidationPolicy: WhenEmptyOrUnderutilized
    consolidateAfter: 1m
    budgets:
      - nodes: "10%"
        reasons: ["Empty", "Drifted"]
`;

export const CLUSTER = 'demo';

export function cfnTemplate(over: { queue?: string; role?: string; cluster?: string } = {}): string {
  return JSON.stringify(
    {
      AWSTemplateFormatVersion: '2010-09-09',
      Resources: {
        InterruptionQueue: {
          Type: 'AWS::SQS::Queue',
          Properties: { QueueName: over.queue ?? 'demo-karpenter', SqsManagedSseEnabled: true },
        },
        NodeRole: {
          Type: 'AWS::IAM::Role',
          Properties: {
            RoleName: over.role ?? 'KarpenterNodeRole-demo',
            AssumeRolePolicyDocument: {
              Version: '2012-10-17',
              Statement: [
                { Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' },
              ],
            },
          },
        },
        NodeAccessEntry: {
          Type: 'AWS::EKS::AccessEntry',
          Properties: {
            ClusterName: over.cluster ?? CLUSTER,
            PrincipalArn: { 'Fn::GetAtt': ['NodeRole', 'Arn'] },
            Type: 'EC2_LINUX',
          },
        },
      },
      Outputs: { NodeRoleName: { Value: { Ref: 'NodeRole' } } },
    },
    null,
    2,
  );
}

export function values(clusterName = CLUSTER, queue = 'demo-karpenter'): string {
  return `settings:\n  clusterName: ${clusterName}\n  interruptionQueue: ${queue}\nreplicas: 2\n`;
}

export const APP = (chart: string, rev: string): string => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: ${chart}
  namespace: argocd
spec:
  project: default
  destination: {name: in-cluster, namespace: kube-system}
  source:
    repoURL: public.ecr.aws/karpenter
    chart: ${chart}
    targetRevision: ${rev}
`;

export function distFiles(over: Partial<Record<string, string>> = {}): DistFiles {
  const files: DistFiles = new Map([
    [distPaths.nodeClass(CLUSTER, 'default'), NODE_CLASS],
    [distPaths.nodePool(CLUSTER, 'general'), NODE_POOL],
    [distPaths.karpenterValues(CLUSTER), values()],
    [distPaths.cloudFormation(CLUSTER), cfnTemplate()],
    [`${distPaths.argocdDir(CLUSTER)}/karpenter.yaml`, APP('karpenter', '1.14.1')],
    [`${distPaths.argocdDir(CLUSTER)}/karpenter-crd.yaml`, APP('karpenter-crd', '1.14.1')],
  ]);
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) files.delete(k);
    else files.set(k, v);
  }
  return files;
}
