import { convertFixtures, convertText, entries, nodeClass, pool } from '../convert-helpers';

describe('v1alpha5 Provisioner + AWSNodeTemplate', () => {
  const result = convertFixtures(['v1alpha5/web-arm.yaml', 'v1alpha5/batch-inline-provider.yaml']);

  test('converts without errors', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });

  test('requirements become shorthands, the mistaken capacity-type key is corrected and the v1alpha5 OS default written out', () => {
    const p = pool(result, 'web-arm');
    expect(p.nodeClass).toBe('web-arm');
    expect(p.capacityTypes).toEqual(['on-demand']);
    expect(p.architectures).toEqual(['arm64']);
    expect(p.operatingSystems).toEqual(['linux']);
    expect(p.zones).toEqual(['ap-northeast-2a', 'ap-northeast-2b', 'ap-northeast-2c']);
    expect(p.instanceTypes).toEqual(['t4g.medium']);
    expect(p.requirements).toBeUndefined();
    // no instance-shape default: the Provisioner pinned an instance type
    expect(p.instanceCategories).toBeUndefined();
    expect(p.instanceGenerationGreaterThan).toBeUndefined();
    const renamed = entries(result, 'Provisioner/web-arm spec.requirements[2].key');
    expect(renamed).toHaveLength(1);
    expect(renamed[0]).toMatchObject({
      level: 'warning',
      action: 'renamed',
      line: 16,
      message: 'key karpenter.k8s.aws/capacity-type became karpenter.sh/capacity-type',
    });
  });

  test('labels, limits.resources and ttlSecondsAfterEmpty', () => {
    const p = pool(result, 'web-arm');
    expect(p.labels).toEqual({ team: 'ticketing', tier: 'web' });
    expect(p.limits).toEqual({ cpu: '10', memory: '20Gi' });
    expect(p.disruption).toEqual({ consolidationPolicy: 'WhenEmpty', consolidateAfter: '30s' });
    expect(p.expireAfter).toBe('Never');
    const ttl = entries(result, 'Provisioner/web-arm spec.ttlSecondsAfterEmpty')[0];
    expect(ttl.action).toBe('converted');
    expect(ttl.target).toBe('nodePools.web-arm.disruption');
    expect(ttl.message).toBe(
      'ttlSecondsAfterEmpty: 30 became consolidationPolicy WhenEmpty, consolidateAfter 30s',
    );
    expect(entries(result, 'Provisioner/web-arm spec.limits.resources')[0].action).toBe('moved');
    expect(entries(result, 'Provisioner/web-arm spec.labels')[0].target).toBe('nodePools.web-arm.labels');
  });

  test('AWSNodeTemplate: selectors by tag become terms, instanceProfile kept, AL2 pinned with a warning, removed tag dropped', () => {
    const c = nodeClass(result, 'web-arm');
    expect(c.subnetSelectorTerms).toEqual([{ tags: { 'karpenter.sh/discovery': 'ticketing' } }]);
    expect(c.securityGroupSelectorTerms).toEqual([{ tags: { 'karpenter.sh/discovery': 'ticketing' } }]);
    expect(c.instanceProfile).toBe('KarpenterNodeInstanceProfile-ticketing');
    expect(c.role).toBeUndefined();
    expect(c.alias).toBe('al2@v20240807');
    expect(c.tags).toEqual({ team: 'ticketing' });
    const alias = entries(result, 'AWSNodeTemplate/web-arm spec').find(
      (e) => e.target === 'nodeClasses.web-arm.alias',
    );
    expect(alias?.level).toBe('warning');
    expect(alias?.reason).toContain('CHOOSE THE VERSION');
    expect(alias?.reason).toContain('no EKS-optimized AL2 AMIs for Kubernetes 1.33');
    const tag = entries(result, 'AWSNodeTemplate/web-arm spec.tags.karpenter.sh/managed-by')[0];
    expect(tag).toMatchObject({ level: 'warning', action: 'dropped' });
    expect(result.yaml).toContain(
      '#   nodeClasses.web-arm.alias - pinned to an example version: choose the AMI version you run',
    );
  });

  test('inline provider becomes a class named after the Provisioner; comma-separated and aws::ids IDs become id terms', () => {
    const c = nodeClass(result, 'batch');
    expect(c.subnetSelectorTerms).toEqual([
      { id: 'subnet-0a1b2c3d4e5f60001' },
      { id: 'subnet-0a1b2c3d4e5f60002' },
    ]);
    expect(c.securityGroupSelectorTerms).toEqual([{ id: 'sg-0123456789abcdef0' }]);
    expect(c.alias).toBe('bottlerocket@v1.20.4');
    expect(c.blockDeviceMappings).toEqual([
      { deviceName: '/dev/xvdb', ebs: { volumeSize: '100Gi', volumeType: 'gp3', encrypted: true } },
    ]);
    expect(c.metadataOptions).toEqual({ httpPutResponseHopLimit: 2, httpTokens: 'required' });
    expect(c.detailedMonitoring).toBe(true);
    expect(c.tags).toEqual({ team: 'data' });
    const moved = result.entries.find(
      (e) => e.source === 'Provisioner/batch spec.provider' && e.action === 'moved',
    );
    expect(moved?.target).toBe('nodeClasses.batch');
  });

  test('instanceProfile comes from karpenter-global-settings when the template names none', () => {
    expect(nodeClass(result, 'batch').instanceProfile).toBe('KarpenterNodeInstanceProfile-ticketing');
    const skipped = result.entries.find(
      (e) => e.action === 'skipped' && e.source.includes('ConfigMap/karpenter-global-settings'),
    );
    expect(skipped?.reason).toContain('aws.defaultInstanceProfile is used');
  });

  test('consolidation.enabled, ttlSecondsUntilExpired, weight, taints, kubeletConfiguration', () => {
    const p = pool(result, 'batch');
    expect(p.disruption).toEqual({ consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '0s' });
    expect(p.expireAfter).toBe('168h');
    expect(p.weight).toBe(20);
    expect(p.taints).toEqual([{ key: 'workload', value: 'batch', effect: 'NoSchedule' }]);
    expect(p.startupTaints).toEqual([
      { key: 'node.cilium.io/agent-not-ready', value: 'true', effect: 'NoExecute' },
    ]);
    expect(p.capacityTypes).toEqual(['spot', 'on-demand']);
    expect(p.instanceFamilies).toEqual(['c6i', 'c7i']);
    // v1alpha5 defaults for os and arch written out, no instance-shape default (instance-family was set)
    expect(p.operatingSystems).toEqual(['linux']);
    expect(p.architectures).toEqual(['amd64']);
    expect(p.instanceCategories).toBeUndefined();
    expect(nodeClass(result, 'batch').kubelet).toEqual({
      maxPods: 58,
      evictionHard: { 'memory.available': '5%' },
    });
    const runtime = entries(result, 'Provisioner/batch spec.kubeletConfiguration.containerRuntime')[0];
    expect(runtime).toMatchObject({ action: 'dropped', message: 'containerRuntime was left out' });
    const expire = entries(result, 'Provisioner/batch spec.ttlSecondsUntilExpired')[0];
    expect(expire).toMatchObject({ action: 'moved', target: 'nodePools.batch.expireAfter' });
  });

  test('the cluster name is inferred from the discovery tag', () => {
    expect(result.clusterName).toBe('ticketing');
    expect(result.entries.some((e) => e.action === 'inferred' && e.message.includes("'ticketing'"))).toBe(
      true,
    );
  });
});

describe('v1alpha5 details', () => {
  const template = (spec: string) => `apiVersion: karpenter.k8s.aws/v1alpha1
kind: AWSNodeTemplate
metadata:
  name: t
spec:
${spec}`;
  const provisioner = (spec: string) => `apiVersion: karpenter.sh/v1alpha5
kind: Provisioner
metadata:
  name: p
spec:
  providerRef:
    name: t
${spec}
---
`;
  const selectors = `  subnetSelector:
    karpenter.sh/discovery: c1
  securityGroupSelector:
    karpenter.sh/discovery: c1
`;

  test('a Provisioner without TTLs or consolidation never removed nodes: WhenEmpty + Never, and all v1alpha5 defaults', () => {
    const r = convertText(provisioner('') + template(selectors));
    const p = pool(r, 'p');
    expect(p.disruption).toEqual({ consolidationPolicy: 'WhenEmpty', consolidateAfter: 'Never' });
    expect(p.expireAfter).toBe('Never');
    expect(p.capacityTypes).toEqual(['on-demand']);
    expect(p.operatingSystems).toEqual(['linux']);
    expect(p.architectures).toEqual(['amd64']);
    expect(p.instanceCategories).toEqual(['c', 'm', 'r']);
    expect(p.instanceGenerationGreaterThan).toBe(2);
  });

  test('ttlSecondsAfterEmpty 120 → 2m; ttlSecondsUntilExpired 2592000 → 720h', () => {
    const r = convertText(
      provisioner('  ttlSecondsAfterEmpty: 120\n  ttlSecondsUntilExpired: 2592000') + template(selectors),
    );
    expect(pool(r, 'p').disruption).toEqual({ consolidationPolicy: 'WhenEmpty', consolidateAfter: '2m' });
    expect(pool(r, 'p').expireAfter).toBe('720h');
  });

  test('ttlSecondsAfterEmpty together with consolidation is an error with file, line and field', () => {
    const r = convertText(
      provisioner('  ttlSecondsAfterEmpty: 30\n  consolidation:\n    enabled: true') + template(selectors),
    );
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]).toMatchObject({
      file: 'input.yaml',
      line: 8,
      path: 'document 1 Provisioner/p spec.ttlSecondsAfterEmpty',
    });
  });

  test('an unknown field is reported, never silently dropped', () => {
    const r = convertText(provisioner('  ttlSecondsAfterEmtpy: 30') + template(selectors));
    const e = entries(r, 'Provisioner/p spec.ttlSecondsAfterEmtpy')[0];
    expect(e).toMatchObject({
      level: 'warning',
      action: 'dropped',
      line: 8,
      reason: 'Provisioner v1alpha5 has no such field',
    });
  });

  test('a providerRef to a template that is not in the input is an error naming the field', () => {
    const r = convertText(provisioner(''));
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0].path).toBe('document 1 Provisioner/p spec.providerRef.name');
    expect(r.diagnostics[0].message).toBe("names node class 't', which none of the input files define");
  });

  test('EKS managed node group capacity label and values are corrected', () => {
    const r = convertText(
      provisioner(`  requirements:
    - key: eks.amazonaws.com/capacityType
      operator: In
      values: [SPOT]`) + template(selectors),
    );
    expect(pool(r, 'p').capacityTypes).toEqual(['spot']);
  });
});
