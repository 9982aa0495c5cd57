import { distPaths } from '../../model/shared/dist-layout';
import { FleetModel } from '../../model/shared/fleet-model';
import { findCfnLint, runCfnLint } from '../../validation/cloudformation/cfn-lint';
import { equalWeightOrder } from '../../validation/cross-checks';
import {
  cloudFormationTemplates,
  distSources,
  hasErrors,
  validateDist,
} from '../../validation/validate-dist';
import { buildCluster } from '../support/fleet-fixtures';
import { APP, CLUSTER, cfnTemplate, distFiles, NODE_CLASS, NODE_POOL, values } from './fixtures';

const NO_LINT = { cfnLint: false };

const fleet = (version: '1.14.1' | '1.0.14' = '1.14.1'): FleetModel => ({
  clusters: [buildCluster({ name: CLUSTER, karpenter: { version } })],
});

describe('validateDist', () => {
  test('a consistent cluster has no findings', () => {
    expect(validateDist(distFiles(), fleet(), NO_LINT)).toEqual([]);
  });

  test('transition rules: each cluster is compared with its own previous objects only', () => {
    // The previous NodePool 'general' was static (replicas set); the current one is dynamic.
    const staticPool = NODE_POOL.replace('spec:\n  template:', 'spec:\n  replicas: 2\n  template:');
    const sameCluster = validateDist(distFiles(), fleet(), {
      ...NO_LINT,
      previous: new Map([[distPaths.nodePool(CLUSTER, 'general'), staticPool]]),
    });
    expect(sameCluster.map((x) => [x.file, x.path, x.message])).toEqual([
      [
        'dist/demo/karpenter/nodepool-general.yaml',
        'spec',
        'Cannot transition NodePool between static (replicas set) and dynamic (replicas unset) provisioning modes',
      ],
    ]);
    // Another cluster's NodePool of the same name is not this one's previous version.
    const otherCluster = validateDist(distFiles(), fleet(), {
      ...NO_LINT,
      previous: new Map([[distPaths.nodePool('other', 'general'), staticPool]]),
    });
    expect(otherCluster).toEqual([]);
  });

  test('a nodeClassRef that names no EC2NodeClass of the cluster', () => {
    const f = validateDist(
      distFiles({
        [distPaths.nodePool(CLUSTER, 'general')]: NODE_POOL.replace('name: default', 'name: gpu'),
      }),
      fleet(),
      NO_LINT,
    );
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      file: 'dist/demo/karpenter/nodepool-general.yaml',
      check: 'cross/node-class-ref',
      path: 'spec.template.spec.nodeClassRef.name',
      line: 14,
      message: "nodeClassRef names EC2NodeClass 'gpu', which cluster demo does not define",
      fix: 'Use one of: default',
    });
  });

  test('Helm values must name the cluster and the CloudFormation queue', () => {
    const f = validateDist(
      distFiles({ [distPaths.karpenterValues(CLUSTER)]: values(CLUSTER, 'demo-queue') }),
      fleet(),
      NO_LINT,
    );
    expect(f.map((x) => [x.file, x.path, x.check])).toEqual([
      ['dist/demo/values/karpenter.yaml', 'settings.interruptionQueue', 'cross/interruption-queue'],
    ]);
    expect(f[0].message).toBe(
      "settings.interruptionQueue 'demo-queue' is not the queue CloudFormation creates (demo-karpenter)",
    );
    const g = validateDist(
      distFiles({ [distPaths.karpenterValues(CLUSTER)]: values('other') }),
      fleet(),
      NO_LINT,
    );
    expect(g.map((x) => x.message)).toEqual(["settings.clusterName is 'other' but the cluster is 'demo'"]);
  });

  test('with a Terraform module instead: its names are checked the same way, and its schema too', () => {
    const module = (role: string, queue = 'demo-karpenter', extra: Record<string, unknown> = {}) =>
      JSON.stringify(
        {
          resource: {
            aws_iam_role: {
              node: {
                name: role,
                assume_role_policy: JSON.stringify({
                  Version: '2012-10-17',
                  Statement: [
                    {
                      Effect: 'Allow',
                      Principal: { Service: 'ec2.amazonaws.com' },
                      Action: 'sts:AssumeRole',
                    },
                  ],
                }),
                ...extra,
              },
            },
            aws_sqs_queue: { interruption: { name: queue } },
            aws_eks_access_entry: {
              node: { cluster_name: CLUSTER, principal_arn: '${aws_iam_role.node.arn}' },
            },
          },
        },
        null,
        2,
      );
    const tf = (text: string) =>
      distFiles({ [distPaths.cloudFormation(CLUSTER)]: undefined, 'demo/terraform/karpenter.tf.json': text });
    expect(validateDist(tf(module('KarpenterNodeRole-demo')), fleet(), NO_LINT)).toEqual([]);
    const wrongRole = validateDist(tf(module('demo-nodes')), fleet(), NO_LINT);
    expect(wrongRole.map((x) => [x.object, x.path, x.check])).toEqual([
      ['EC2NodeClass/default', 'spec.role', 'cross/node-role'],
    ]);
    expect(wrongRole[0].message).toBe(
      "role 'KarpenterNodeRole-demo' is not the node role Terraform creates (demo-nodes)",
    );
    const wrongQueue = validateDist(tf(module('KarpenterNodeRole-demo', 'other')), fleet(), NO_LINT);
    expect(wrongQueue.map((x) => x.check)).toEqual(['cross/interruption-queue']);
    const unknown = validateDist(
      tf(module('KarpenterNodeRole-demo', 'demo-karpenter', { nmae: 'x' })),
      fleet(),
      NO_LINT,
    );
    expect(unknown.map((x) => [x.file, x.path])).toEqual([
      ['dist/demo/terraform/karpenter.tf.json', 'resource.aws_iam_role.node.nmae'],
    ]);
  });

  test('EC2NodeClass role must be the CloudFormation node role', () => {
    const f = validateDist(
      distFiles({ [distPaths.cloudFormation(CLUSTER)]: cfnTemplate({ role: 'demo-nodes' }) }),
      fleet(),
      NO_LINT,
    );
    expect(f.map((x) => [x.object, x.path, x.check])).toEqual([
      ['EC2NodeClass/default', 'spec.role', 'cross/node-role'],
    ]);
  });

  test('chart and CRD chart versions must match the declared version', () => {
    const f = validateDist(
      distFiles({ [`${distPaths.argocdDir(CLUSTER)}/karpenter-crd.yaml`]: APP('karpenter-crd', '1.0.14') }),
      fleet(),
      NO_LINT,
    );
    expect(f.map((x) => [x.object, x.path, x.check])).toEqual([
      ['Application/karpenter-crd', 'spec.source.targetRevision', 'cross/versions'],
    ]);
    expect(f[0].message).toContain('declares Karpenter 1.14.1');
  });

  test('the declared version picks the schemas: 1.0.14 refuses a 1.14-only field', () => {
    const text = NODE_CLASS.replace(
      '  metadataOptions:',
      '  capacityReservationSelectorTerms:\n    - id: cr-1\n  metadataOptions:',
    );
    const files = distFiles({ [distPaths.nodeClass(CLUSTER, 'default')]: text });
    expect(validateDist(files, fleet('1.14.1'), NO_LINT)).toEqual([]);
    const old = validateDist(files, fleet('1.0.14'), NO_LINT);
    expect(
      old.some(
        (x) => x.check === 'schema/unknown-field' && x.path === 'spec.capacityReservationSelectorTerms',
      ),
    ).toBe(true);
    expect(old.filter((x) => x.check === 'cross/versions')).toHaveLength(2);
  });

  test('a pool without limits and two interchangeable pools are warnings', () => {
    const twin = NODE_POOL.replace('name: general', 'name: twin').replace(/ {2}limits:\n.*\n.*\n/, '');
    const f = validateDist(distFiles({ [distPaths.nodePool(CLUSTER, 'twin')]: twin }), fleet(), NO_LINT);
    expect(f.map((x) => [x.object, x.check, x.severity])).toEqual([
      ['NodePool/twin', 'cross/no-limits', 'warning'],
      ['NodePool/twin', 'cross/pool-overlap', 'warning'],
    ]);
    expect(hasErrors(f)).toBe(false);
    // OrderByWeight (kubernetes-sigs/karpenter v1.14.1): equal weights by name, descending.
    expect(equalWeightOrder('general', 'twin')).toEqual(['twin', 'general']);
    expect(equalWeightOrder('twin', 'general')).toEqual(['twin', 'general']);
    expect(f[1].message).toBe(
      "NodePools 'general' and 'twin' can match the same pods (compatible requirements, same taints) with equal weight 0: Karpenter orders equal weights by name, last name first, so 'twin' gets these pods whenever it can launch a node for them and 'general' only when it cannot",
    );
  });

  test('built-in CloudFormation check reports unknown properties and dangling references', () => {
    const t = JSON.parse(cfnTemplate()) as {
      Resources: Record<string, { Properties: Record<string, unknown> }>;
    };
    t.Resources.InterruptionQueue.Properties.KmsMasterKeyID = 'alias/x';
    t.Resources.NodeAccessEntry.Properties.PrincipalArn = { 'Fn::GetAtt': ['NodeRol', 'Arn'] };
    const f = validateDist(
      distFiles({ [distPaths.cloudFormation(CLUSTER)]: JSON.stringify(t, null, 2) }),
      fleet(),
      NO_LINT,
    );
    expect(f.map((x) => [x.path, x.message])).toEqual([
      [
        'Resources.InterruptionQueue.Properties.KmsMasterKeyID',
        "AWS::SQS::Queue has no property 'KmsMasterKeyID'",
      ],
      [
        'Resources.NodeAccessEntry.Properties.PrincipalArn["Fn::GetAtt"]',
        "Fn::GetAtt of 'NodeRol', which is not a resource",
      ],
    ]);
    expect(f[0].line).toBeGreaterThan(1);
  });

  test('cfn-lint is used when installed (and reports through the same findings)', () => {
    const t = JSON.parse(cfnTemplate()) as {
      Resources: Record<string, { Properties: Record<string, unknown> }>;
    };
    t.Resources.InterruptionQueue.Properties.KmsMasterKeyID = 'alias/x';
    const text = JSON.stringify(t, null, 2);
    const linted = runCfnLint([{ file: 'dist/demo/cloudformation/karpenter.json', text }]);
    if (findCfnLint() === null) {
      expect(linted).toBeUndefined();
    } else {
      expect(linted!.map((x) => [x.file, x.check, x.path])).toEqual([
        [
          'dist/demo/cloudformation/karpenter.json',
          'cloudformation/cfn-lint',
          'Resources.InterruptionQueue.Properties.KmsMasterKeyID',
        ],
      ]);
      expect(linted![0].message).toMatch(/^E3002: .*KmsMasterKeyID/);
    }
  });
});

describe('cloudFormationTemplates', () => {
  const YAML_TEMPLATE = 'Resources:\n  Queue:\n    Type: AWS::SQS::Queue\n';
  const JSON_TEMPLATE = cfnTemplate();

  test('finds the templates among files, named by their display path, sorted by it', () => {
    const files = [
      { display: 'out/z/stack.json', rel: 'z/stack.json', text: JSON_TEMPLATE },
      { display: 'out/a/pool.yaml', rel: 'a/pool.yaml', text: NODE_POOL },
      // A template as the second document of a file: the whole text is linted.
      { display: 'out/b/two.yaml', rel: 'b/two.yaml', text: `${NODE_CLASS}---\n${YAML_TEMPLATE}` },
      { display: 'out/a/stack.yml', rel: 'a/stack.yml', text: YAML_TEMPLATE },
      // `Resources` as a key, but a Kubernetes object (it has a kind), not a template.
      { display: 'out/c/quota.yaml', rel: 'c/quota.yaml', text: 'kind: Thing\nResources:\n  a: {Type: x}\n' },
      // Not a file the validator reads, and the ApplicationSet's cluster parameters.
      { display: 'out/README.md', rel: 'README.md', text: YAML_TEMPLATE },
      { display: 'out/fleet/clusters/demo.json', rel: 'fleet/clusters/demo.json', text: JSON_TEMPLATE },
    ];
    expect(cloudFormationTemplates(files)).toEqual([
      { file: 'out/a/stack.yml', text: YAML_TEMPLATE },
      { file: 'out/b/two.yaml', text: `${NODE_CLASS}---\n${YAML_TEMPLATE}` },
      { file: 'out/z/stack.json', text: JSON_TEMPLATE },
    ]);
  });

  test('a dist/ tree through distSources: named dist/<rel>, as validateDist names them', () => {
    const templates = cloudFormationTemplates(distSources(distFiles()));
    expect(templates).toEqual([{ file: `dist/${distPaths.cloudFormation(CLUSTER)}`, text: JSON_TEMPLATE }]);
    expect(cloudFormationTemplates([])).toEqual([]);
  });
});

describe('distSources', () => {
  test('the files the validator reads, named dist/<rel>, each with its value when one is given', () => {
    const files = new Map([
      ['demo/karpenter/nodepool-general.yaml', NODE_POOL],
      ['README.md', '# dist\n'],
      ['demo/cloudformation/karpenter.json', cfnTemplate()],
    ]);
    const value = { kind: 'NodePool' };
    expect(distSources(files, new Map([['demo/karpenter/nodepool-general.yaml', value]]))).toEqual([
      {
        display: 'dist/demo/karpenter/nodepool-general.yaml',
        rel: 'demo/karpenter/nodepool-general.yaml',
        text: NODE_POOL,
        value,
      },
      {
        display: 'dist/demo/cloudformation/karpenter.json',
        rel: 'demo/cloudformation/karpenter.json',
        text: cfnTemplate(),
      },
    ]);
  });
});
