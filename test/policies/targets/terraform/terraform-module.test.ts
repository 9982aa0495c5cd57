import { ClusterModel } from '../../../../model/shared/fleet-model';
import { awsSideModel } from '../../../../policies/aws-side';
import { cloudFormationTemplate } from '../../../../policies/targets/cloudformation/template';
import {
  AWS_PROVIDER,
  literal,
  renderModule,
  terraformModule,
} from '../../../../policies/targets/terraform/terraform-module';
import { terraformFiles } from '../../../../policies/targets/terraform/generator';
import { checkTerraformJson } from '../../../../validation/terraform/terraform-json-check';
import { AWS_PROVIDER_VERSION } from '../../../../imports/terraform/aws-provider-schema';
import { loadFleetFromSources } from '../../../../model/load-fleet';
import { benchFleetSources } from '../../../../bench/bench-fleet';
import { exampleFleet } from '../../example-fleet';
import { ACCOUNT, REGION, clusterModel, fullCluster } from '../../fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function module(cluster: ClusterModel): Json {
  return JSON.parse(renderModule(terraformModule(cluster, awsSideModel(cluster)))) as Json;
}

function template(cluster: ClusterModel): Json {
  return JSON.parse(JSON.stringify(cloudFormationTemplate(cluster))) as Json;
}

function byType(t: Json, type: string): Json[] {
  return Object.values(t.Resources as Json).filter((r: Json) => r.Type === type);
}

/** The clusters every equality below is held on: both identities, customer keys, every option. */
function variants(): ClusterModel[] {
  return [
    clusterModel(),
    fullCluster(),
    clusterModel({
      name: 'keys',
      queueKmsKeyArn: `arn:aws:kms:${REGION}:${ACCOUNT}:key/1234abcd-12ab-34cd-56ef-1234567890ab`,
      volumeKmsKeyIds: ['alias/ebs', `arn:aws:kms:${REGION}:${ACCOUNT}:key/abcd`],
      iam: { createInstanceProfile: true, createSpotServiceLinkedRole: true, zonalShift: true, path: '/k/' },
    }),
    ...exampleFleet().clusters,
  ];
}

describe('the Terraform module carries exactly the CloudFormation template’s policies', () => {
  it.each(variants().map((c) => [c.name, c] as const))(
    '%s: every managed policy document, trust and queue policy equal statement for statement',
    (_name, cluster) => {
      const tf = module(cluster);
      const cfn = template(cluster);
      const cfnPolicies = Object.fromEntries(
        byType(cfn, 'AWS::IAM::ManagedPolicy').map((r) => [
          r.Properties.ManagedPolicyName,
          r.Properties.PolicyDocument,
        ]),
      );
      const tfPolicies = Object.fromEntries(
        Object.values(tf.resource.aws_iam_policy as Json).map((p: Json) => [p.name, JSON.parse(p.policy)]),
      );
      expect(Object.keys(tfPolicies).sort()).toEqual(Object.keys(cfnPolicies).sort());
      for (const name of Object.keys(cfnPolicies)) {
        expect(tfPolicies[name].Statement).toHaveLength(cfnPolicies[name].Statement.length);
        expect(tfPolicies[name]).toStrictEqual(cfnPolicies[name]);
      }
      const roles = byType(cfn, 'AWS::IAM::Role');
      for (const r of roles) {
        const tfRole = Object.values(tf.resource.aws_iam_role as Json).find(
          (x: Json) => x.name === r.Properties.RoleName,
        );
        expect(JSON.parse(tfRole.assume_role_policy)).toStrictEqual(r.Properties.AssumeRolePolicyDocument);
        expect(tfRole.path).toBe(r.Properties.Path);
        expect(tfRole.permissions_boundary).toBe(r.Properties.PermissionsBoundary);
      }
      const queuePolicy = byType(cfn, 'AWS::SQS::QueuePolicy')[0].Properties.PolicyDocument;
      expect(JSON.parse(tf.resource.aws_sqs_queue_policy.interruption.policy)).toStrictEqual(queuePolicy);
    },
  );

  it.each(variants().map((c) => [c.name, c] as const))(
    '%s: the same IAM actions, queue, five rules and attachments',
    (_name, cluster) => {
      const tf = module(cluster);
      const cfn = template(cluster);
      const actions = (docs: Json[]) =>
        [...new Set(docs.flatMap((d) => d.Statement.flatMap((s: Json) => [s.Action].flat())))].sort();
      expect(
        actions(Object.values(tf.resource.aws_iam_policy as Json).map((p: Json) => JSON.parse(p.policy))),
      ).toEqual(actions(byType(cfn, 'AWS::IAM::ManagedPolicy').map((r) => r.Properties.PolicyDocument)));
      const queue = byType(cfn, 'AWS::SQS::Queue')[0].Properties;
      const tfQueue = tf.resource.aws_sqs_queue.interruption;
      expect(tfQueue.name).toBe(queue.QueueName);
      expect(tfQueue.message_retention_seconds).toBe(queue.MessageRetentionPeriod);
      expect(tfQueue.kms_master_key_id).toBe(queue.KmsMasterKeyId);
      expect(tfQueue.sqs_managed_sse_enabled).toBe(queue.SqsManagedSseEnabled);
      const rules = byType(cfn, 'AWS::Events::Rule').map((r) => [
        r.Properties.Name,
        r.Properties.EventPattern,
      ]);
      const tfRules = Object.values(tf.resource.aws_cloudwatch_event_rule as Json).map((r: Json) => [
        r.name,
        JSON.parse(r.event_pattern),
      ]);
      expect(tfRules).toHaveLength(5);
      expect(tfRules.sort()).toEqual(rules.sort());
      expect(Object.keys(tf.resource.aws_cloudwatch_event_target as Json).sort()).toEqual(
        Object.keys(tf.resource.aws_cloudwatch_event_rule as Json).sort(),
      );
      const nodeArns = byType(cfn, 'AWS::IAM::Role')
        .flatMap((r) => r.Properties.ManagedPolicyArns)
        .filter((a: unknown) => typeof a === 'string')
        .sort();
      const tfArns = Object.values(tf.resource.aws_iam_role_policy_attachment as Json)
        .map((a: Json) => a.policy_arn)
        .filter((a: string) => !a.startsWith('${'))
        .sort();
      expect(tfArns).toEqual(nodeArns);
    },
  );
});

describe('the module of a Pod Identity cluster', () => {
  const tf = module(clusterModel());

  it('pins hashicorp/aws to a range holding the schema version validation pins, and configures no provider', () => {
    expect(tf.terraform.required_providers).toEqual({
      aws: { source: 'hashicorp/aws', version: '>= 6.66.0, < 7.0.0' },
    });
    expect(AWS_PROVIDER.version).toBe('>= 6.66.0, < 7.0.0');
    const [major] = AWS_PROVIDER_VERSION.split('.').map(Number);
    expect(major).toBeGreaterThanOrEqual(6);
    expect(major).toBeLessThan(7);
    expect(tf.provider).toBeUndefined();
    expect(tf.variable).toBeUndefined();
  });

  it('has stable addresses for every part', () => {
    const addresses = Object.entries(tf.resource as Json).flatMap(([type, byName]) =>
      Object.keys(byName as Json).map((n) => `${type}.${n}`),
    );
    expect(addresses).toEqual([
      'aws_cloudwatch_event_rule.capacity_reservation_interruption',
      'aws_cloudwatch_event_rule.instance_state_change',
      'aws_cloudwatch_event_rule.rebalance_recommendation',
      'aws_cloudwatch_event_rule.scheduled_change',
      'aws_cloudwatch_event_rule.spot_interruption',
      'aws_cloudwatch_event_target.capacity_reservation_interruption',
      'aws_cloudwatch_event_target.instance_state_change',
      'aws_cloudwatch_event_target.rebalance_recommendation',
      'aws_cloudwatch_event_target.scheduled_change',
      'aws_cloudwatch_event_target.spot_interruption',
      'aws_eks_access_entry.node',
      'aws_eks_pod_identity_association.controller',
      'aws_iam_policy.controller_eks_integration',
      'aws_iam_policy.controller_iam_integration',
      'aws_iam_policy.controller_interruption',
      'aws_iam_policy.controller_node_lifecycle',
      'aws_iam_policy.controller_resource_discovery',
      'aws_iam_role.controller',
      'aws_iam_role.node',
      'aws_iam_role_policy_attachment.controller_eks_integration',
      'aws_iam_role_policy_attachment.controller_iam_integration',
      'aws_iam_role_policy_attachment.controller_interruption',
      'aws_iam_role_policy_attachment.controller_node_lifecycle',
      'aws_iam_role_policy_attachment.controller_resource_discovery',
      'aws_iam_role_policy_attachment.node_AmazonEC2ContainerRegistryPullOnly',
      'aws_iam_role_policy_attachment.node_AmazonEKSWorkerNodePolicy',
      'aws_iam_role_policy_attachment.node_AmazonEKS_CNI_Policy',
      'aws_iam_role_policy_attachment.node_AmazonSSMManagedInstanceCore',
      'aws_sqs_queue.interruption',
      'aws_sqs_queue_policy.interruption',
    ]);
  });

  it('wires the parts by reference and tags them with the fleet’s tags plus managed-by', () => {
    expect(tf.resource.aws_eks_access_entry.node).toMatchObject({
      cluster_name: 'ticketing',
      principal_arn: '${aws_iam_role.node.arn}',
      type: 'EC2_LINUX',
    });
    expect(tf.resource.aws_eks_pod_identity_association.controller).toMatchObject({
      role_arn: '${aws_iam_role.controller.arn}',
      namespace: 'kube-system',
      service_account: 'karpenter',
    });
    expect(tf.resource.aws_sqs_queue_policy.interruption.queue_url).toBe('${aws_sqs_queue.interruption.url}');
    expect(tf.resource.aws_cloudwatch_event_target.spot_interruption).toEqual({
      arn: '${aws_sqs_queue.interruption.arn}',
      rule: '${aws_cloudwatch_event_rule.spot_interruption.name}',
      target_id: 'KarpenterInterruptionQueueTarget',
    });
    expect(tf.resource.aws_sqs_queue.interruption.sqs_managed_sse_enabled).toBe(true);
    expect(tf.resource.aws_iam_role.node.tags).toEqual({
      'app.kubernetes.io/managed-by': 'karpenter-gitops',
      'cost-center': '42',
      team: 'platform',
    });
    expect(tf.resource.aws_sqs_queue.interruption.tags).toEqual(tf.resource.aws_iam_role.node.tags);
  });

  it('refuses to plan in another account, region or partition', () => {
    const pre = tf.resource.aws_iam_role.controller.lifecycle.precondition[0];
    expect(pre.condition).toBe(
      `\${data.aws_caller_identity.current.account_id == "${ACCOUNT}" && data.aws_region.current.region == "${REGION}" && data.aws_partition.current.partition == "aws"}`,
    );
    expect(pre.error_message).toContain(`account ${ACCOUNT}, region ${REGION}`);
    expect(Object.keys(tf.data).sort()).toEqual(['aws_caller_identity', 'aws_partition', 'aws_region']);
  });

  it('outputs the role ARNs and names and the queue name', () => {
    expect(Object.keys(tf.output)).toEqual([
      'controller_role_arn',
      'controller_role_name',
      'interruption_queue_arn',
      'interruption_queue_name',
      'node_role_arn',
      'node_role_name',
    ]);
    expect(tf.output.interruption_queue_name.value).toBe('${aws_sqs_queue.interruption.name}');
  });
});

describe('options the fleet asks for', () => {
  const tf = module(fullCluster());

  it('IRSA: no association, the trust names the OIDC provider; the instance profile and Spot role where asked', () => {
    expect(tf.resource.aws_eks_pod_identity_association).toBeUndefined();
    const trust = JSON.parse(tf.resource.aws_iam_role.controller.assume_role_policy);
    expect(trust.Statement[0].Action).toBe('sts:AssumeRoleWithWebIdentity');
    expect(tf.resource.aws_iam_instance_profile?.node?.role).toBe('${aws_iam_role.node.name}');
    expect(tf.output.node_instance_profile_name.value).toBe('${aws_iam_instance_profile.node.name}');
    expect(tf.resource.aws_iam_role_policy_attachment[`node_${ACCOUNT}_NodeExtras`].policy_arn).toBe(
      `arn:aws:iam::${ACCOUNT}:policy/NodeExtras`,
    );
  });

  it('gives two extra node policies whose names read alike distinct, stable addresses', () => {
    const c = clusterModel({
      iam: {
        nodeRoleExtraPolicyArns: [
          `arn:aws:iam::${ACCOUNT}:policy/team/Extra`,
          `arn:aws:iam::${ACCOUNT}:policy/team_Extra`,
        ],
      },
    });
    const attachments = module(c).resource.aws_iam_role_policy_attachment as Json;
    const extra = Object.keys(attachments).filter((k) => k.includes('Extra'));
    expect(extra).toHaveLength(2);
    expect(extra[0]).toBe(`node_${ACCOUNT}_team_Extra`);
    expect(extra[1]).toMatch(new RegExp(`^node_${ACCOUNT}_team_Extra_[0-9a-f]{8}$`));
    expect(Object.keys(module(c).resource.aws_iam_role_policy_attachment as Json)).toEqual(
      Object.keys(attachments),
    );
  });

  it('publishes the key-policy statements of customer keys as outputs', () => {
    const c = clusterModel({
      queueKmsKeyArn: `arn:aws:kms:${REGION}:${ACCOUNT}:key/q`,
      volumeKmsKeyIds: [`arn:aws:kms:${REGION}:${ACCOUNT}:key/v`],
    });
    const t = module(c);
    const side = awsSideModel(c);
    expect(JSON.parse(t.output.interruption_queue_key_policy_statement.value)).toStrictEqual(
      side.keyPolicies.queue?.statement,
    );
    expect(JSON.parse(t.output.volume_key_policy_statements.value)).toStrictEqual(
      side.keyPolicies.volumes?.statements,
    );
  });
});

describe('rendering', () => {
  it('escapes template sequences in literal strings', () => {
    expect(literal('a ${b} %{c} $d')).toBe('a $${b} %%{c} $d');
  });

  it('sorts keys at every level and is deterministic', () => {
    const text = renderModule(terraformModule(fullCluster(), awsSideModel(fullCluster())));
    expect(renderModule(terraformModule(fullCluster(), awsSideModel(fullCluster())))).toBe(text);
    const role = JSON.parse(text).resource.aws_iam_role.node;
    expect(Object.keys(role)).toEqual([...Object.keys(role)].sort());
    expect(Object.keys(JSON.parse(text))).toEqual(['//', 'data', 'output', 'resource', 'terraform']);
  });

  it('passes the pinned provider schema check for every variant and a 20-cluster synthetic fleet', () => {
    const clusters = [...variants(), ...loadFleetFromSources(benchFleetSources(20, 3)).fleet.clusters];
    for (const c of clusters) {
      for (const [path, file] of terraformFiles(c, awsSideModel(c))) {
        if (!path.endsWith('.tf.json')) continue;
        expect(file.value).toStrictEqual(JSON.parse(file.text));
        expect({
          path,
          findings: checkTerraformJson({ display: path, text: file.text, value: file.value }),
        }).toEqual({
          path,
          findings: [],
        });
      }
    }
  });

  it('writes the module and its proof record in dist/<cluster>/terraform/', () => {
    const c = clusterModel({ name: 'shop' });
    const files = terraformFiles(c, awsSideModel(c));
    expect([...files.keys()]).toEqual([
      'shop/terraform/karpenter.tf.json',
      'shop/terraform/policy-proof.txt',
    ]);
    expect(files.get('shop/terraform/policy-proof.txt')?.text).toMatch(
      /^scenarios: \d+ sha256:[0-9a-f]{64}$/m,
    );
  });
});
