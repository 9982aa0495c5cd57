import { classifyResource } from '../../../review/impact/classify-resource';
import { findRule, NODE_CLASS_RULES, NODE_POOL_RULES } from '../../../review/impact/drift-rules';
import { FieldChange } from '../../../review/impact/field-diff';
import { formatPath } from '../../../review/impact/field-path';
import { NodeImpact } from '../../../review/impact/node-impact';
import { clone, nodeClass, nodePool, Obj, setPath } from '../dist-fixtures';

/** Classifies one edit of a fixture: [impact, reason] of the resource. */
function pool(path: string, value: unknown): { impact: NodeImpact; reason: string; paths: string[] } {
  const before = nodePool('p', 'default', ['spot']);
  const after = clone(before);
  setPath(after, path, value);
  const c = classifyResource('NodePool', before, after);
  return {
    impact: c.impact,
    reason: c.changes.map((x) => x.reason).join(' | '),
    paths: c.changes.map((x) => formatPath(x.path)),
  };
}

function klass(
  path: string,
  value: unknown,
  base: Obj = nodeClass('c', 'al2023@v20260714'),
): { impact: NodeImpact; reason: string } {
  const after = clone(base);
  setPath(after, path, value);
  const c = classifyResource('EC2NodeClass', base, after);
  expect(c.changes.length).toBeGreaterThan(0);
  return { impact: c.impact, reason: c.changes.map((x) => x.reason).join(' | ') };
}

describe('NodePool drift rules', () => {
  it.each([
    ['spec.template.metadata.labels.role', 'x', 'replaces', 'NodePoolDrifted'],
    ['spec.template.metadata.annotations', { a: 'b' }, 'replaces', 'NodePoolDrifted'],
    [
      'spec.template.spec.taints',
      [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }],
      'replaces',
      'NodePoolDrifted',
    ],
    [
      'spec.template.spec.startupTaints',
      [{ key: 'init', effect: 'NoSchedule' }],
      'replaces',
      'NodePoolDrifted',
    ],
    ['spec.template.spec.nodeClassRef.name', 'other', 'replaces', 'nodeClassRef'],
    ['spec.template.spec.expireAfter', '168h', 'replaces', 'expireAfter'],
    ['spec.template.spec.terminationGracePeriod', '48h', 'replaces', 'terminationGracePeriod'],
    ['spec.template.spec.kubelet', { maxPods: 10 }, 'replaces', 'template hash'],
    ['spec.limits.cpu', '1000', 'none', 'limits: behavioural'],
    ['spec.weight', 50, 'none', 'weight: behavioural'],
    ['spec.disruption.consolidateAfter', '30s', 'none', 'disruption settings: behavioural'],
    ['spec.disruption.consolidationPolicy', 'WhenEmpty', 'none', 'disruption settings'],
    ['spec.disruption.budgets', [{ nodes: '0' }], 'none', 'budgets'],
    ['spec.replicas', 3, 'none', 'static NodePool'],
    ['spec.disruption.consolidationPolicy', 'Balanced', 'none', 'disruption settings'],
    ['metadata.annotations', { 'kubernetes.io/description': 'GPU pool' }, 'none', 'object metadata'],
    ['metadata.labels', { team: 'x' }, 'none', 'object metadata'],
    ['metadata.annotations', { 'argocd.argoproj.io/sync-wave': '2' }, 'none', 'object metadata'],
    ['spec.somethingNew', true, 'may-replace', 'not in the drift table'],
  ])('%s → %s', (path, value, impact, reason) => {
    const r = pool(path, value);
    expect(r.impact).toBe(impact);
    expect(r.reason).toContain(reason);
  });

  it('widening requirements replaces nothing', () => {
    const r = pool('spec.template.spec.requirements', [
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
    ]);
    expect(r.impact).toBe('none');
    expect(r.reason).toContain('karpenter.sh/capacity-type: widened');
    expect(r.reason).toContain('kubernetes.io/arch: widened');
  });

  it('narrowing requirements may replace the nodes outside the new set', () => {
    const r = pool('spec.template.spec.requirements', [
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
      { key: 'karpenter.k8s.aws/instance-family', operator: 'NotIn', values: ['t3'] },
    ]);
    expect(r.impact).toBe('may-replace');
    expect(r.reason).toContain('karpenter.k8s.aws/instance-family: narrowed');
    expect(r.reason).toContain('RequirementsDrifted');
    expect(r.paths).toEqual(['spec.template.spec.requirements[karpenter.k8s.aws/instance-family]']);
  });

  it('a reordered list is never drift', () => {
    const before = nodePool('p', 'default', ['spot']);
    const after = clone(before);
    const reqs = (after.spec as Obj).template as Obj;
    const spec = reqs.spec as { requirements: unknown[] };
    spec.requirements.reverse();
    const c = classifyResource('NodePool', before, after);
    expect(c.impact).toBe('none');
    expect(c.changes).toHaveLength(1);
    expect(c.changes[0].kind).toBe('reordered');
  });
});

describe('EC2NodeClass drift rules', () => {
  it.each([
    ['spec.userData', 'echo hi', 'replaces', 'userData is in the EC2NodeClass hash'],
    ['spec.role', 'OtherRole', 'replaces', 'new instance profile'],
    ['spec.instanceProfile', 'profile', 'replaces', 'instanceProfile'],
    [
      'spec.blockDeviceMappings',
      [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: { volumeSize: '100Gi', volumeType: 'gp3', encrypted: true },
        },
      ],
      'replaces',
      'block devices',
    ],
    ['spec.kubelet', { maxPods: 110 }, 'replaces', 'kubelet'],
    ['spec.tags.team', 'other', 'replaces', 'tags'],
    ['spec.metadataOptions.httpPutResponseHopLimit', 2, 'replaces', 'metadataOptions'],
    ['spec.detailedMonitoring', true, 'replaces', 'NodeClassDrift'],
    ['spec.associatePublicIPAddress', false, 'replaces', 'NodeClassDrift'],
    ['spec.instanceStorePolicy', 'RAID0', 'replaces', 'NodeClassDrift'],
    ['spec.placementGroupSelector', { name: 'pg' }, 'replaces', 'PlacementGroupDrift'],
    ['spec.subnetSelectorTerms', [{ id: 'subnet-123' }], 'may-replace', 'SubnetDrift'],
    ['spec.securityGroupSelectorTerms', [{ id: 'sg-123' }], 'may-replace', 'SecurityGroupDrift'],
    // No reservation selected before: a new term can only add reservations (isCapacityReservationDrifted).
    ['spec.capacityReservationSelectorTerms', [{ id: 'cr-123' }], 'none', 'CapacityReservationDrift'],
    ['spec.ipPrefixCount', 2, 'none', 'ipPrefixCount'],
    [
      'spec.networkInterfaces',
      [{ networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' }],
      'replaces',
      'network interfaces (EFA) are in the EC2NodeClass hash',
    ],
    [
      'spec.cpuOptions',
      { nestedVirtualization: 'enabled' },
      'replaces',
      'cpuOptions are in the EC2NodeClass hash',
    ],
    ['spec.connectionTracking', { udpTimeout: 30 }, 'replaces', 'connection tracking'],
    ['spec.context', 'c-1', 'replaces', 'EC2 Fleet context'],
    [
      'spec.blockDeviceMappings',
      [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: { volumeSize: '100Gi', snapshotID: 'snap-1', volumeInitializationRate: 200 },
        },
      ],
      'replaces',
      'block devices',
    ],
    ['metadata.annotations', { 'kubernetes.io/description': 'x' }, 'none', 'metadata'],
    ['metadata.labels', { a: 'b' }, 'none', 'metadata'],
    ['kind2', 'x', 'may-replace', 'not in the drift table'],
  ])('%s → %s', (path, value, impact, reason) => {
    const r = klass(path, value);
    expect(r.impact).toBe(impact);
    expect(r.reason).toContain(reason);
  });

  it('a pinned alias version change replaces every node (AMI drift)', () => {
    const r = klass('spec.amiSelectorTerms', [{ alias: 'al2023@v20260625' }]);
    expect(r).toEqual({
      impact: 'replaces',
      reason: expect.stringContaining('AMI alias al2023@v20260714 → al2023@v20260625') as unknown as string,
    });
  });

  it('a family change through the alias replaces every node', () => {
    expect(klass('spec.amiSelectorTerms', [{ alias: 'bottlerocket@v1.39.0' }]).impact).toBe('replaces');
  });

  it('moving to or from @latest may replace nodes', () => {
    const r = klass('spec.amiSelectorTerms', [{ alias: 'al2023@latest' }]);
    expect(r.impact).toBe('may-replace');
    expect(r.reason).toContain('@latest');
  });

  it('changing AMI selection by tags may replace nodes whose AMI is no longer selected', () => {
    const base = nodeClass('c', 'x', { amiSelectorTerms: [{ tags: { release: 'a' } }], amiFamily: 'AL2023' });
    const r = klass('spec.amiSelectorTerms', [{ tags: { release: 'b' } }], base);
    expect(r.impact).toBe('may-replace');
    expect(r.reason).toContain('AMIDrift');
  });

  it('amiFamily is compared by its resolved value', () => {
    // Setting it to the alias' own family resolves to the same value: no drift.
    expect(klass('spec.amiFamily', 'AL2023').impact).toBe('none');
    const custom = klass('spec.amiFamily', 'Custom');
    expect(custom.impact).toBe('replaces');
    expect(custom.reason).toContain('al2023 → Custom');
  });
});

describe('drift tables', () => {
  it('end with a catch-all rule', () => {
    const change: FieldChange = { path: [{ key: 'zzz' }], kind: 'added', after: 1 };
    expect(findRule(NODE_POOL_RULES, change).impact).toBe('may-replace');
    expect(findRule(NODE_CLASS_RULES, change).impact).toBe('may-replace');
  });
});
