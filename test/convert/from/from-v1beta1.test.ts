import { convertFixtures, convertText, entries, nodeClass, pool } from '../convert-helpers';

describe('v1beta1 NodePool + EC2NodeClass', () => {
  const result = convertFixtures(['v1beta1/general.yaml'], { cluster: 'ticketing' });

  test('converts without errors', () => {
    expect(result.diagnostics).toEqual([]);
  });

  test('WhenUnderutilized becomes WhenEmptyOrUnderutilized with consolidateAfter 0s', () => {
    expect(pool(result, 'general').disruption).toEqual({
      consolidationPolicy: 'WhenEmptyOrUnderutilized',
      consolidateAfter: '0s',
    });
    const e = entries(result, 'NodePool/general spec.disruption.consolidationPolicy')[0];
    expect(e).toMatchObject({
      action: 'renamed',
      line: 36,
      target: 'nodePools.general.disruption.consolidationPolicy',
    });
  });

  test('expireAfter moves into the template', () => {
    expect(pool(result, 'general').expireAfter).toBe('720h');
    expect(entries(result, 'NodePool/general spec.disruption.expireAfter')[0]).toMatchObject({
      action: 'moved',
      target: 'nodePools.general.expireAfter',
      message: 'disruption.expireAfter moved to template.spec.expireAfter',
    });
  });

  test('kubelet moves from the pool to its class', () => {
    expect(nodeClass(result, 'default').kubelet).toEqual({
      maxPods: 110,
      systemReserved: { cpu: '100m', 'ephemeral-storage': '1Gi', memory: '100Mi' },
    });
    expect(pool(result, 'general')).not.toHaveProperty('kubelet');
    expect(entries(result, 'NodePool/general spec.template.spec.kubelet')[0]).toMatchObject({
      action: 'moved',
      target: 'nodeClasses.default.kubelet',
    });
  });

  test('nodeClassRef.apiVersion becomes group (reported), the pool names its class', () => {
    expect(pool(result, 'general').nodeClass).toBe('default');
    expect(entries(result, 'NodePool/general spec.template.spec.nodeClassRef.apiVersion')[0].message).toBe(
      'apiVersion karpenter.k8s.aws/v1beta1 became group karpenter.k8s.aws',
    );
  });

  test('requirements, labels and limits carry over', () => {
    const p = pool(result, 'general');
    expect(p.capacityTypes).toEqual(['spot', 'on-demand']);
    expect(p.instanceCategories).toEqual(['c', 'm', 'r']);
    expect(p.instanceGenerationGreaterThan).toBe(2);
    expect(p.labels).toEqual({ team: 'platform' });
    expect(p.limits).toEqual({ cpu: '1000', memory: '1000Gi' });
  });

  test('AL2 without AMI selector terms becomes a pinned alias with a warning; the hop limit change is reported', () => {
    const c = nodeClass(result, 'default');
    expect(c.alias).toBe('al2@v20240807');
    expect(c.amiFamily).toBeUndefined();
    expect(c.role).toBeUndefined(); // the cluster's default node role, iam.nodeRoleName
    expect(c.subnetSelectorTerms).toEqual([{ tags: { 'karpenter.sh/discovery': 'ticketing' } }]);
    expect(c.tags).toEqual({ team: 'platform' });
    const alias = entries(result, 'EC2NodeClass/default spec.amiFamily')[0];
    expect(alias).toMatchObject({
      level: 'warning',
      action: 'converted',
      target: 'nodeClasses.default.alias',
    });
    const hop = result.entries.find(
      (e) => e.target === 'nodeClasses.default.metadataOptions.httpPutResponseHopLimit',
    );
    expect(hop?.level).toBe('warning');
  });
});

describe('v1beta1 kubelet split', () => {
  const result = convertFixtures(['v1beta1/kubelet-split.yaml'], { cluster: 'ticketing' });

  test('pools sharing a class with different kubelet settings get <class>-<pool> variants', () => {
    expect(Object.keys(result.description!.nodeClasses as object)).toEqual([
      'shared-big-pods',
      'shared-small-pods',
    ]);
    expect(pool(result, 'small-pods').nodeClass).toBe('shared-small-pods');
    expect(pool(result, 'big-pods').nodeClass).toBe('shared-big-pods');
    expect(nodeClass(result, 'shared-small-pods').kubelet).toEqual({ maxPods: 20 });
    expect(nodeClass(result, 'shared-big-pods').kubelet).toEqual({ maxPods: 110 });
    // everything else is copied
    expect(nodeClass(result, 'shared-small-pods').tags).toEqual(nodeClass(result, 'shared-big-pods').tags);
    const splits = result.entries.filter((e) => e.action === 'split');
    expect(splits.map((e) => e.source)).toEqual([
      'NodePool/small-pods spec.template.spec.kubelet',
      'NodePool/big-pods spec.template.spec.kubelet',
      'EC2NodeClass/shared',
    ]);
    expect(splits.every((e) => e.level === 'warning')).toBe(true);
    expect(splits[0].reason).toContain('replaces this pool');
  });

  test('an EKS-optimized AMI name becomes the alias of that release', () => {
    expect(nodeClass(result, 'shared-small-pods').alias).toBe('al2023@v20240807');
    expect(nodeClass(result, 'shared-small-pods').amiSelectorTerms).toBeUndefined();
  });

  test('WhenEmpty with consolidateAfter is kept as written', () => {
    expect(pool(result, 'small-pods').disruption).toEqual({
      consolidationPolicy: 'WhenEmpty',
      consolidateAfter: '5m',
    });
  });
});

describe('v1beta1 details', () => {
  const doc = (disruption: string, extra = '') => `apiVersion: karpenter.sh/v1beta1
kind: NodePool
metadata:
  name: p
spec:
  template:
    spec:
      nodeClassRef:
        name: c
${extra}
  disruption:
${disruption}
---
apiVersion: karpenter.k8s.aws/v1beta1
kind: EC2NodeClass
metadata:
  name: c
spec:
  amiFamily: Bottlerocket
  role: r
  subnetSelectorTerms: [{ tags: { karpenter.sh/discovery: c1 } }]
  securityGroupSelectorTerms: [{ tags: { karpenter.sh/discovery: c1 } }]
`;

  test('kubectl-style durations are simplified and budgets carried over', () => {
    const r = convertText(
      doc(
        '    consolidationPolicy: WhenEmpty\n    consolidateAfter: 30s\n    expireAfter: 720h0m0s\n    budgets: [{ nodes: "5" }]',
      ),
    );
    expect(pool(r, 'p').expireAfter).toBe('720h');
    expect(pool(r, 'p').disruption).toEqual({
      consolidationPolicy: 'WhenEmpty',
      consolidateAfter: '30s',
      budgets: [{ nodes: '5' }],
    });
  });

  test('template resources (never used) are dropped with a reason', () => {
    const r = convertText(
      doc('    consolidationPolicy: WhenEmpty', '      resources:\n        requests: { cpu: "1" }'),
    );
    expect(entries(r, 'NodePool/p spec.template.spec.resources')[0]).toMatchObject({ action: 'dropped' });
  });

  test('a consolidateAfter that v1beta1 ignored under WhenUnderutilized is reported', () => {
    const r = convertText(doc('    consolidationPolicy: WhenUnderutilized\n    consolidateAfter: 1m'));
    expect(pool(r, 'p').disruption).toEqual({
      consolidationPolicy: 'WhenEmptyOrUnderutilized',
      consolidateAfter: '0s',
    });
    expect(entries(r, 'NodePool/p spec.disruption.consolidateAfter')[0]).toMatchObject({
      level: 'warning',
      action: 'dropped',
    });
  });

  test('a duration Karpenter refuses is an error at its line', () => {
    const r = convertText(doc('    consolidationPolicy: WhenEmpty\n    consolidateAfter: 30d'));
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]).toMatchObject({
      line: 13,
      path: 'document 1 NodePool/p spec.disruption.consolidateAfter',
    });
    expect(r.diagnostics[0].message).toBe("'30d' is not a duration Karpenter accepts");
  });

  test('Bottlerocket becomes a pinned bottlerocket alias', () => {
    const r = convertText(doc('    consolidationPolicy: WhenEmpty'));
    expect(nodeClass(r, 'c').alias).toBe('bottlerocket@v1.20.4');
  });
});
