/**
 * The example fleet in clusters/ (the setups the README promises) through the Karpenter
 * generator: concrete values of the generated manifests.
 */
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { karpenterGenerator } from '../../../charts/karpenter/karpenter-generator';
import { loadFleet } from '../../../io/read-fleet';
import { Json } from './chart-harness';
import { textsOf } from '../../../model';

const ROOT = resolve(__dirname, '..', '..', '..');
const files = textsOf(karpenterGenerator(loadFleet(ROOT).fleet));
const manifest = (path: string): Json => {
  const text = files.get(path);
  if (text === undefined) throw new Error(`no generated file ${path}; have: ${[...files.keys()].join(', ')}`);
  return parse(text);
};
const requirement = (pool: Json, key: string): Json =>
  pool.spec.template.spec.requirements.find((r: Json) => r.key === key);

describe('example fleet: dataops batch pool (arm64 data jobs)', () => {
  const pool = manifest('dataops/karpenter/nodepool-batch.yaml');
  const nodeClass = manifest('dataops/karpenter/ec2nodeclass-batch.yaml');

  test('arm64, t4g.medium/t4g.large, spot and on-demand', () => {
    expect(requirement(pool, 'kubernetes.io/arch')).toEqual({
      key: 'kubernetes.io/arch',
      operator: 'In',
      values: ['arm64'],
    });
    expect(requirement(pool, 'node.kubernetes.io/instance-type').values).toEqual([
      't4g.medium',
      't4g.large',
      't4g.xlarge',
    ]);
    expect(requirement(pool, 'karpenter.sh/capacity-type').values).toEqual(['spot', 'on-demand']);
  });

  test('label role=dataops and taint dedicated=dataops:NoSchedule', () => {
    expect(pool.spec.template.metadata.labels).toEqual({ role: 'dataops' });
    expect(pool.spec.template.spec.taints).toEqual([
      { key: 'dedicated', value: 'dataops', effect: 'NoSchedule' },
    ]);
  });

  test('WhenEmptyOrUnderutilized after 2m, with the default 10% budget', () => {
    expect(pool.spec.disruption).toEqual({
      consolidationPolicy: 'WhenEmptyOrUnderutilized',
      consolidateAfter: '2m',
      budgets: [{ nodes: '10%' }],
    });
  });

  test('its class: pinned AL2023 alias, 20Gi gp3 encrypted root volume, IMDSv2 with hop limit 1', () => {
    expect(pool.spec.template.spec.nodeClassRef).toEqual({
      group: 'karpenter.k8s.aws',
      kind: 'EC2NodeClass',
      name: 'batch',
    });
    expect(nodeClass.spec.amiSelectorTerms).toEqual([{ alias: 'al2023@v20260714' }]);
    expect(nodeClass.spec.blockDeviceMappings[0].ebs).toMatchObject({
      volumeSize: '20Gi',
      volumeType: 'gp3',
      encrypted: true,
    });
    expect(nodeClass.spec.metadataOptions).toMatchObject({
      httpTokens: 'required',
      httpPutResponseHopLimit: 1,
    });
  });
});

describe('example fleet: Bottlerocket arm64 class (edge)', () => {
  const nodeClass = manifest('edge/karpenter/ec2nodeclass-bottlerocket-arm.yaml');

  test('small OS volume xvda; KMS-encrypted 100Gi gp3 data volume xvdb (rootVolume), iops 3000, throughput 125, kept on termination', () => {
    expect(nodeClass.spec.blockDeviceMappings).toEqual([
      {
        deviceName: '/dev/xvda',
        ebs: {
          volumeSize: '4Gi',
          volumeType: 'gp3',
          encrypted: true,
          kmsKeyID: 'arn:aws:kms:us-east-1:777788889999:key/abcd1234-ab12-cd34-ef56-abcdef123456',
          deleteOnTermination: true,
        },
      },
      {
        deviceName: '/dev/xvdb',
        rootVolume: true,
        ebs: {
          volumeSize: '100Gi',
          volumeType: 'gp3',
          iops: 3000,
          throughput: 125,
          encrypted: true,
          kmsKeyID: 'arn:aws:kms:us-east-1:777788889999:key/abcd1234-ab12-cd34-ef56-abcdef123456',
          deleteOnTermination: false,
        },
      },
    ]);
  });

  test('Bottlerocket settings as TOML userData: admin off, control on, kernel lockdown integrity', () => {
    expect(nodeClass.spec.amiSelectorTerms).toEqual([{ alias: 'bottlerocket@v1.39.1' }]);
    const userData: string = nodeClass.spec.userData;
    expect(userData).toContain('[settings.host-containers.admin]\nenabled = false\n');
    expect(userData).toContain('[settings.host-containers.control]\nenabled = true\n');
    expect(userData).toContain('[settings.kernel]\nlockdown = "integrity"\n');
  });

  test('cluster and class tags merged, sorted', () => {
    expect(Object.keys(nodeClass.spec.tags)).toEqual([...Object.keys(nodeClass.spec.tags)].sort());
    expect(nodeClass.spec.tags).toMatchObject({
      os: 'bottlerocket',
      'example.com/purpose': 'edge',
      team: 'edge',
    });
  });

  test('its pool: t4g.micro to t4g.medium, node label node.role=edge', () => {
    const pool = manifest('edge/karpenter/nodepool-arm-small.yaml');
    expect(requirement(pool, 'node.kubernetes.io/instance-type').values).toEqual([
      't4g.micro',
      't4g.small',
      't4g.medium',
    ]);
    expect(pool.spec.template.metadata.labels).toEqual({ 'node.role': 'edge' });
    expect(pool.spec.disruption.budgets).toEqual([{ nodes: '1' }]);
  });
});

describe('example fleet: GPU pool', () => {
  const pool = manifest('dataops/karpenter/nodepool-gpu.yaml');

  test('tainted nvidia.com/gpu=true:NoSchedule with a GPU limit', () => {
    expect(pool.spec.template.spec.taints).toEqual([
      { key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' },
    ]);
    expect(pool.spec.limits['nvidia.com/gpu']).toBe('8');
    expect(pool.spec.weight).toBe(20);
    expect(pool.spec.template.spec.expireAfter).toBe('Never');
  });
});

describe('example fleet: ticketing (three pools on one class)', () => {
  test('on-demand-critical: on-demand only, consolidate after 2m', () => {
    const pool = manifest('ticketing/karpenter/nodepool-on-demand-critical.yaml');
    expect(requirement(pool, 'karpenter.sh/capacity-type').values).toEqual(['on-demand']);
    expect(pool.spec.disruption.consolidateAfter).toBe('2m');
    expect(requirement(pool, 'karpenter.k8s.aws/instance-category')).toEqual({
      key: 'karpenter.k8s.aws/instance-category',
      operator: 'In',
      values: ['c', 'm', 'r'],
      minValues: 2,
    });
  });

  test('mixed-workload: spot, consolidate after 30s', () => {
    const pool = manifest('ticketing/karpenter/nodepool-mixed-workload.yaml');
    expect(requirement(pool, 'karpenter.sh/capacity-type').values).toEqual(['spot']);
    expect(pool.spec.disruption.consolidateAfter).toBe('30s');
  });

  test('loadtest: spot and tainted so only load tests land there', () => {
    const pool = manifest('ticketing/karpenter/nodepool-loadtest.yaml');
    expect(requirement(pool, 'karpenter.sh/capacity-type').values).toEqual(['spot']);
    expect(pool.spec.template.spec.taints).toEqual([
      { key: 'example.com/loadtest', value: 'true', effect: 'NoSchedule' },
    ]);
  });

  test('all three pools reference the one class', () => {
    for (const name of ['on-demand-critical', 'mixed-workload', 'loadtest']) {
      expect(manifest(`ticketing/karpenter/nodepool-${name}.yaml`).spec.template.spec.nodeClassRef.name).toBe(
        'default',
      );
    }
  });
});
