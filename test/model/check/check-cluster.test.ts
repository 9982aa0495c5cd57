/** Cluster-level checks: names, account, identity, GitOps destination, Helm values. */
import { DEFAULTS, errorsOf, errorsOfCluster, MINIMAL } from '../../support/fleet-files';

describe('cluster checks', () => {
  it('account IDs must be 12 digits', () => {
    expect(errorsOfCluster(MINIMAL.replace('"111122223333"', '"12345"'))).toEqual([
      'clusters/demo.yaml:2:14 aws.accountId: \'12345\' is not a 12-digit AWS account ID. Write the 12 digits in quotes, e.g. "111122223333".',
    ]);
  });

  it('cluster names must be DNS-1123 labels (from name: or the file name)', () => {
    expect(errorsOfCluster('name: Ticketing_Prod\n' + MINIMAL)).toEqual([
      "clusters/demo.yaml:1:7 name: cluster name 'Ticketing_Prod' is not a DNS-1123 label (lower-case letters, digits and '-', at most 63 characters, starting and ending with a letter or digit). Use a name such as 'ticketing-prod' (set name:, or rename the file).",
    ]);
  });

  it('cluster labels may not set the managed-by label the tool sets', () => {
    expect(
      errorsOfCluster(
        MINIMAL.replace('gitops:\n', 'gitops:\n  clusterLabels:\n    app.kubernetes.io/managed-by: helm\n'),
      ),
    ).toEqual([
      "clusters/demo.yaml:6:5 gitops.clusterLabels.app.kubernetes.io/managed-by: 'app.kubernetes.io/managed-by' is set by the tool on every generated object. Remove it from gitops.clusterLabels, or use another key.",
    ]);
  });

  it('the reserved cluster name fleet', () => {
    expect(errorsOfCluster('name: fleet\n' + MINIMAL)).toEqual([
      "clusters/demo.yaml:1:7 name: cluster name 'fleet' is reserved (dist/fleet/ holds the fleet-wide Argo CD entry point). Choose another name (set name:, or rename the file).",
    ]);
  });

  it('destination needs exactly one of name / server', () => {
    expect(
      errorsOfCluster(
        MINIMAL.replace('    name: demo\n', '    name: demo\n    server: https://k8s.example.com\n'),
      ),
    ).toEqual([
      'clusters/demo.yaml:6:5 gitops.destination: destination has both name and server. Give exactly one: { name: <cluster as registered in Argo CD> } or { server: <API server URL> }.',
    ]);
  });

  it('region and partition must agree', () => {
    expect(errorsOfCluster(MINIMAL.replace('eu-west-1', 'cn-north-1'))).toEqual([
      'clusters/demo.yaml:3:11 aws.region: region cn-north-1 is in partition aws-cn, not aws. Set aws.partition: aws-cn.',
    ]);
  });

  it('a KMS key ARN that is not one', () => {
    expect(
      errorsOfCluster(MINIMAL + 'karpenter:\n  interruptionQueue:\n    kmsKeyArn: alias/karpenter\n'),
    ).toEqual([
      "clusters/demo.yaml:9:16 karpenter.interruptionQueue.kmsKeyArn: 'alias/karpenter' is not a KMS key ARN. Write arn:aws:kms:<region>:<account>:key/<id>, or remove it to use SSE-SQS.",
    ]);
  });

  it('helmValues problems from checkHelmValues point at the offending key', () => {
    const errors = errorsOfCluster(
      MINIMAL + 'karpenter:\n  helmValues:\n    webhook:\n      enabled: true\n',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^clusters\/demo\.yaml:9:5 karpenter\.helmValues\.webhook: /);
  });

  it('tags with the reserved aws: prefix', () => {
    expect(errorsOfCluster(MINIMAL + 'tags:\n  aws:team: x\n')).toEqual([
      "clusters/demo.yaml:8:3 tags.aws:team: tag key 'aws:team' uses the reserved prefix aws:. Choose a key without the aws: prefix.",
    ]);
  });

  it('unknown feature gates, with did-you-mean', () => {
    expect(
      errorsOfCluster(MINIMAL + 'karpenter:\n  featureGates:\n    spotToSpotConsolidaton: true\n'),
    ).toEqual([
      "clusters/demo.yaml:9:5 karpenter.featureGates.spotToSpotConsolidaton: unknown feature gate 'spotToSpotConsolidaton'. Did you mean 'spotToSpotConsolidation'? Known gates: capacityBuffer, nodeOverlay, nodeRepair, reservedCapacity, spotToSpotConsolidation, staticCapacity.",
    ]);
  });

  it('a cluster name taken from an invalid file name points at the top of the file', () => {
    expect(errorsOf({ '_defaults.yaml': DEFAULTS, 'My_Cluster.yaml': MINIMAL })).toEqual([
      "clusters/My_Cluster.yaml:1:1 cluster name 'My_Cluster' is not a DNS-1123 label (lower-case letters, digits and '-', at most 63 characters, starting and ending with a letter or digit) (taken from the file name). Use a name such as 'my-cluster' (set name:, or rename the file).",
    ]);
  });

  it('missing gitops.repoURL when no _defaults.yaml provides it', () => {
    expect(errorsOf({ 'demo.yaml': MINIMAL })).toEqual([
      "clusters/demo.yaml:5:3 gitops.repoURL: missing required key 'repoURL'. Add gitops.repoURL: the Git repository Argo CD syncs dist/ from (usually in clusters/_defaults.yaml).",
    ]);
  });

  it('tags must be valid AWS tags', () => {
    expect(errorsOfCluster(MINIMAL + 'tags:\n  "a;b": x\n  c: "[section]"\n')).toEqual([
      "clusters/demo.yaml:8:3 tags.a;b: tag key 'a;b' is not valid on AWS resources. Use 1-128 letters, digits, spaces and _ . : / = + - @.",
      "clusters/demo.yaml:9:6 tags.c: tag value '[section]' is not valid on AWS resources. Use at most 256 letters, digits, spaces and _ . : / = + - @.",
    ]);
  });

  it('at most 49 cluster tags (the tool adds one) and 100 pools', () => {
    const tags = Array.from({ length: 50 }, (_, i) => `  t${i}: v`).join('\n');
    expect(errorsOfCluster(MINIMAL + `tags:\n${tags}\n`)).toEqual([
      'clusters/demo.yaml:8:3 tags: 50 tags plus 1 the tool adds are more than the 50 AWS allows on a resource. Remove some tags.',
    ]);
    const pools = Array.from({ length: 101 }, (_, i) => `  p${i}: { nodeClass: d }`).join('\n');
    expect(
      errorsOfCluster(MINIMAL + `nodeClasses:\n  d: { alias: al2023@v20260714 }\nnodePools:\n${pools}\n`),
    ).toEqual([
      'clusters/demo.yaml:9:1 nodePools: 101 node pools, more than the 100 a cluster may have. Merge pools that differ only in requirements.',
    ]);
  });

  it('namespaces and object names the manifests use must be valid Kubernetes names', () => {
    expect(
      errorsOfCluster(MINIMAL + 'karpenter:\n  namespace: Karpenter_System\n  serviceAccount: "ctl sa"\n'),
    ).toEqual([
      "clusters/demo.yaml:8:14 karpenter.namespace: 'Karpenter_System' is not a valid Kubernetes namespace (DNS-1123 label: lower-case letters, digits and '-'). Use e.g. 'karpenter-system'.",
      "clusters/demo.yaml:9:19 karpenter.serviceAccount: 'ctl sa' is not a valid Kubernetes name (DNS-1123 subdomain: lower-case letters, digits and '-', '.'). Use e.g. 'ctl-sa'.",
    ]);
  });

  it('a Git revision with spaces', () => {
    expect(errorsOfCluster(MINIMAL + '  targetRevision: "main branch"\n')).toEqual([
      "clusters/demo.yaml:7:19 gitops.targetRevision: 'main branch' cannot contain spaces or control characters. Write the name as Argo CD and Git know it.",
    ]);
  });
});
