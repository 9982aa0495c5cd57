/**
 * Issue 36's cases and one case per drift rule, each with the Karpenter v1.14.1 function whose
 * decision it follows (kubernetes-sigs/karpenter: pkg/apis/v1/nodepool.go NodePool.Hash,
 * pkg/controllers/nodeclaim/disruption/drift.go areStaticFieldsDrifted / areRequirementsDrifted,
 * pkg/scheduling/requirements.go Requirements.Compatible; aws/karpenter-provider-aws:
 * pkg/apis/v1/ec2nodeclass.go EC2NodeClass.Hash, pkg/cloudprovider/drift.go isAMIDrifted,
 * isSubnetDrifted, areSecurityGroupsDrifted, isCapacityReservationDrifted, isPlacementGroupDrifted).
 */
import { classifyResource } from '../../../review/impact/classify-resource';
import { DriftRule, findRule, NODE_CLASS_RULES, NODE_POOL_RULES } from '../../../review/impact/drift-rules';
import { diffFields } from '../../../review/impact/field-diff';
import { NodeImpact } from '../../../review/impact/node-impact';
import { withApiDefaults } from '../../../review/impact/api-defaults';
import { clone, nodeClass, nodePool, Obj, setPath } from '../dist-fixtures';

interface Case {
  readonly name: string;
  readonly kind: 'NodePool' | 'EC2NodeClass';
  /** Dotted path and new value (undefined deletes the field). */
  readonly set: readonly [string, unknown];
  /** Changes the base before the edit, e.g. a template label the case needs. */
  readonly base?: readonly [string, unknown];
  readonly impact: NodeImpact;
  /** `requirements` for a requirement yes (RequirementsDrifted), as the reports show it. */
  readonly cause?: 'requirements';
  /** A part of the decisive field's reason; '' when the two sides are equal once defaulted. */
  readonly reason: string;
  /** The Karpenter function (file) whose decision this follows. */
  readonly follows: string;
}

const POOL_HASH = 'NodePool.Hash (core pkg/apis/v1/nodepool.go) + areStaticFieldsDrifted';
const CLASS_HASH = 'EC2NodeClass.Hash (provider pkg/apis/v1/ec2nodeclass.go) + areStaticFieldsDrifted';
const REQS =
  'areRequirementsDrifted (core disruption/drift.go) → Requirements.Compatible (pkg/scheduling/requirements.go)';
const CT = 'karpenter.sh/capacity-type';
const REQ = 'spec.template.spec.requirements';

const ISSUE_CASES: readonly Case[] = [
  {
    name: 'expireAfter 336h → 20160m: the same duration',
    kind: 'NodePool',
    base: ['spec.template.spec.expireAfter', '336h'],
    set: ['spec.template.spec.expireAfter', '20160m'],
    impact: 'none',
    reason: 'NillableDuration.Raw) is hash:"ignore"',
    follows: `${POOL_HASH}; NillableDuration (core pkg/apis/v1/duration.go)`,
  },
  {
    name: 'terminationGracePeriod 48h → 2880m: a metav1.Duration is hashed as its number',
    kind: 'NodePool',
    base: ['spec.template.spec.terminationGracePeriod', '48h'],
    set: ['spec.template.spec.terminationGracePeriod', '2880m'],
    impact: 'none',
    reason: 'metav1.Duration is hashed as its number',
    follows: POOL_HASH,
  },
  {
    name: 'capacityTypes [spot] → [on-demand]: every node is spot, so every node drifts',
    kind: 'NodePool',
    set: [
      REQ,
      [
        { key: CT, operator: 'In', values: ['on-demand'] },
        { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
      ],
    ],
    impact: 'replaces',
    cause: 'requirements',
    reason: `${CT}: every existing node fails the new requirements (In [spot] → In [on-demand])`,
    follows: REQS,
  },
  {
    name: 'new In [gold, silver] on a custom key the template never set: every node lacks it',
    kind: 'NodePool',
    set: [`${REQ}`, 'append:{"key":"tier","operator":"In","values":["gold","silver"]}'],
    impact: 'replaces',
    cause: 'requirements',
    reason: 'no node carries tier',
    follows: `${REQS}: a missing key fails In`,
  },
  {
    name: 'new NotIn [bronze] on a custom key: a missing key passes NotIn',
    kind: 'NodePool',
    set: [`${REQ}`, 'append:{"key":"tier","operator":"NotIn","values":["bronze"]}'],
    impact: 'none',
    reason: 'tier: no existing node fails it',
    follows: `${REQS}: a missing key passes NotIn`,
  },
  {
    name: 'new workload In [loadtest, perf] where the template sets workload: loadtest',
    kind: 'NodePool',
    base: ['spec.template.metadata.labels.workload', 'loadtest'],
    set: [`${REQ}`, 'append:{"key":"workload","operator":"In","values":["loadtest","perf"]}'],
    impact: 'none',
    reason: 'every node carries workload=loadtest (a template label)',
    follows: `${REQS}; NewNodeClaimTemplate puts the template labels on every NodeClaim`,
  },
  {
    name: 'new instance-hypervisor Exists: every AWS node carries that label',
    kind: 'NodePool',
    set: [`${REQ}`, 'append:{"key":"karpenter.k8s.aws/instance-hypervisor","operator":"Exists"}'],
    impact: 'none',
    reason: 'every AWS node carries karpenter.k8s.aws/instance-hypervisor',
    follows: `${REQS}; computeRequirements (provider pkg/providers/instancetype/types.go)`,
  },
  {
    name: 'one more subnet selector term can only add subnets',
    kind: 'EC2NodeClass',
    set: [
      'spec.subnetSelectorTerms',
      [{ tags: { 'karpenter.sh/discovery': 'test' } }, { id: 'subnet-0123456789abcdef0' }],
    ],
    impact: 'none',
    reason: 'subnet terms only add subnets',
    follows: 'isSubnetDrifted (provider pkg/cloudprovider/drift.go)',
  },
  // The subtle ones the issue lists as already agreed.
  {
    name: 'a pinned alias bump',
    kind: 'EC2NodeClass',
    set: ['spec.amiSelectorTerms', [{ alias: 'al2023@v20260625' }]],
    impact: 'replaces',
    reason: 'AMI alias al2023@v20260714 → al2023@v20260625',
    follows: 'isAMIDrifted (provider pkg/cloudprovider/drift.go)',
  },
  {
    name: '@latest',
    kind: 'EC2NodeClass',
    set: ['spec.amiSelectorTerms', [{ alias: 'al2023@latest' }]],
    impact: 'may-replace',
    reason: '@latest resolves to a different release',
    follows: 'isAMIDrifted (provider pkg/cloudprovider/drift.go)',
  },
  {
    name: 'a reordered list',
    kind: 'NodePool',
    set: [
      REQ,
      [
        { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
        { key: CT, operator: 'In', values: ['spot'] },
      ],
    ],
    impact: 'none',
    reason: 'order only',
    follows: `${POOL_HASH} (SlicesAsSets); Requirements are keyed by label`,
  },
  {
    name: 'a pointer-to-false field is hashed',
    kind: 'EC2NodeClass',
    set: ['spec.associatePublicIPAddress', false],
    impact: 'replaces',
    reason: 'NodeClassDrift',
    follows: `${CLASS_HASH} (IgnoreZeroValue skips a nil pointer, not a pointer to false)`,
  },
  {
    name: 'a default written out',
    kind: 'NodePool',
    set: ['spec.template.spec.expireAfter', undefined],
    impact: 'none',
    reason: '',
    follows: `${POOL_HASH}; +kubebuilder:default 720h on ExpireAfter`,
  },
  {
    name: 'rootVolume: false written out: a non-pointer bool at its zero value',
    kind: 'EC2NodeClass',
    base: ['spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { volumeSize: '20Gi' } }]],
    set: [
      'spec.blockDeviceMappings',
      [{ deviceName: '/dev/xvda', rootVolume: false, ebs: { volumeSize: '20Gi' } }],
    ],
    impact: 'none',
    reason: 'IgnoreZeroValue leaves it out of the hash',
    follows: `${CLASS_HASH} (IgnoreZeroValue; BlockDeviceMapping.RootVolume is a bool, not a pointer)`,
  },
  {
    name: 'volumeSize 1024Gi → 1Ti: one quantity',
    kind: 'EC2NodeClass',
    base: ['spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { volumeSize: '1024Gi' } }]],
    set: ['spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { volumeSize: '1Ti' } }]],
    impact: 'none',
    reason: 'Quantity.String() (hash:"string")',
    follows: `${CLASS_HASH}; BlockDevice.VolumeSize hash:"string"`,
  },
];

/** One case per row of the drift tables (the first matching rule decides). */
const RULE_CASES: readonly Case[] = [
  {
    name: 'NodePool metadata',
    kind: 'NodePool',
    set: ['metadata.labels.team', 'x'],
    impact: 'none',
    reason: 'NodePool object metadata',
    follows: `${POOL_HASH}: only spec.template is hashed`,
  },
  {
    name: 'requirements narrowed',
    kind: 'NodePool',
    set: [
      REQ,
      [
        { key: CT, operator: 'In', values: ['spot'] },
        { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
        { key: 'karpenter.k8s.aws/instance-family', operator: 'NotIn', values: ['t3'] },
      ],
    ],
    impact: 'may-replace',
    reason: 'nodes with value t3 drift (RequirementsDrifted)',
    follows: REQS,
  },
  {
    name: 'template label',
    kind: 'NodePool',
    set: ['spec.template.metadata.labels.role', 'x'],
    impact: 'replaces',
    reason: 'NodePoolDrifted',
    follows: POOL_HASH,
  },
  {
    name: 'nodeClassRef',
    kind: 'NodePool',
    set: ['spec.template.spec.nodeClassRef.name', 'other'],
    impact: 'replaces',
    reason: 'nodeClassRef is in the NodePool template hash',
    follows: POOL_HASH,
  },
  {
    name: 'expireAfter to another duration',
    kind: 'NodePool',
    set: ['spec.template.spec.expireAfter', '168h'],
    impact: 'replaces',
    reason: 'expireAfter is in the NodePool template hash',
    follows: POOL_HASH,
  },
  {
    name: 'terminationGracePeriod added',
    kind: 'NodePool',
    set: ['spec.template.spec.terminationGracePeriod', '48h'],
    impact: 'replaces',
    reason: 'terminationGracePeriod is in the NodePool template hash',
    follows: POOL_HASH,
  },
  {
    name: 'taints',
    kind: 'NodePool',
    set: ['spec.template.spec.taints', [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }]],
    impact: 'replaces',
    reason: 'NodePoolDrifted',
    follows: POOL_HASH,
  },
  ...(
    [
      ['limits', 'spec.limits.cpu', '1000', 'behavioural'],
      ['weight', 'spec.weight', 50, 'behavioural'],
      ['consolidation', 'spec.disruption.consolidateAfter', '30s', 'disruption settings'],
      ['replicas', 'spec.replicas', 3, 'static NodePool'],
    ] as const
  ).map(([name, path, value, reason]): Case => ({
    name,
    kind: 'NodePool',
    set: [path, value],
    impact: 'none',
    reason,
    // The first two path segments name the field: spec.limits, spec.disruption, ...
    follows: `${POOL_HASH}: ${path.split('.').slice(0, 2).join('.')} is outside spec.template`,
  })),
  {
    name: 'budgets',
    kind: 'NodePool',
    set: ['spec.disruption.budgets', [{ nodes: '0' }]],
    impact: 'none',
    reason: 'hash:"ignore"',
    follows: `${POOL_HASH}: Disruption.Budgets hash:"ignore"`,
  },
  {
    name: 'unknown NodePool field',
    kind: 'NodePool',
    set: ['kind2', 'x'],
    impact: 'may-replace',
    reason: 'not in the drift table',
    follows: 'none: review by hand',
  },
  {
    name: 'EC2NodeClass metadata',
    kind: 'EC2NodeClass',
    set: ['metadata.labels.a', 'b'],
    impact: 'none',
    reason: 'not hashed',
    follows: `${CLASS_HASH}: only spec is hashed`,
  },
  {
    name: 'amiFamily resolved to the same family',
    kind: 'EC2NodeClass',
    set: ['spec.amiFamily', 'AL2023'],
    impact: 'none',
    reason: 'resolved AMI family unchanged',
    follows: `${CLASS_HASH}: AMIFamily() hashed, the field hash:"ignore"`,
  },
  {
    name: 'security group term added',
    kind: 'EC2NodeClass',
    set: [
      'spec.securityGroupSelectorTerms',
      [{ tags: { 'karpenter.sh/discovery': 'test' } }, { id: 'sg-1' }],
    ],
    impact: 'may-replace',
    reason: 'areSecurityGroupsDrifted compares the sets for equality',
    follows: 'areSecurityGroupsDrifted (provider pkg/cloudprovider/drift.go)',
  },
  {
    name: 'capacity reservation term added',
    kind: 'EC2NodeClass',
    set: ['spec.capacityReservationSelectorTerms', [{ id: 'cr-1' }]],
    impact: 'none',
    reason: 'only add reservations',
    follows: 'isCapacityReservationDrifted (provider pkg/cloudprovider/drift.go)',
  },
  {
    name: 'ipPrefixCount',
    kind: 'EC2NodeClass',
    set: ['spec.ipPrefixCount', 2],
    impact: 'none',
    reason: 'ipPrefixCount is hash:"ignore"',
    follows: `${CLASS_HASH}: IPPrefixCount hash:"ignore"`,
  },
  ...(
    [
      ['spec.role', 'OtherRole', 'new instance profile'],
      ['spec.instanceProfile', 'profile', 'instanceProfile'],
      ['spec.userData', 'echo hi', 'userData'],
      [
        'spec.blockDeviceMappings',
        [{ deviceName: '/dev/xvda', ebs: { volumeSize: '100Gi' } }],
        'block devices',
      ],
      ['spec.instanceStorePolicy', 'RAID0', 'instanceStorePolicy'],
      ['spec.kubelet', { maxPods: 110 }, 'kubelet'],
      ['spec.tags.team', 'other', 'tags'],
      ['spec.metadataOptions.httpPutResponseHopLimit', 2, 'metadataOptions'],
      ['spec.placementGroupSelector', { name: 'pg' }, 'PlacementGroupDrift'],
      [
        'spec.networkInterfaces',
        [{ networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' }],
        'network interfaces',
      ],
      ['spec.cpuOptions', { nestedVirtualization: 'enabled' }, 'cpuOptions'],
      ['spec.connectionTracking', { udpTimeout: 30 }, 'connection tracking'],
      ['spec.context', 'c-1', 'EC2 Fleet context'],
      ['spec.detailedMonitoring', true, 'NodeClassDrift'],
    ] as const
  ).map(([path, value, reason]): Case => ({
    name: path,
    kind: 'EC2NodeClass',
    set: [path, value],
    impact: 'replaces',
    reason,
    follows: CLASS_HASH,
  })),
  {
    name: 'unknown EC2NodeClass field',
    kind: 'EC2NodeClass',
    set: ['kind2', 'x'],
    impact: 'may-replace',
    reason: 'not in the drift table',
    follows: 'none: review by hand',
  },
];

function apply(o: Obj, [path, value]: readonly [string, unknown]): void {
  if (typeof value === 'string' && value.startsWith('append:')) {
    const list = path.split('.').reduce<unknown>((cur, k) => (cur as Obj)[k], o) as unknown[];
    list.push(JSON.parse(value.slice('append:'.length)));
    return;
  }
  if (value === undefined) {
    const keys = path.split('.');
    const parent = keys.slice(0, -1).reduce<unknown>((cur, k) => (cur as Obj)[k], o) as Obj;
    delete parent[keys[keys.length - 1]];
    return;
  }
  setPath(o, path, value);
}

function run(c: Case) {
  const before =
    c.kind === 'NodePool' ? nodePool('p', 'default', ['spot']) : nodeClass('c', 'al2023@v20260714');
  if (c.base) apply(before, c.base);
  const after = clone(before);
  apply(after, c.set);
  return { before, after, result: classifyResource(c.kind, before, after) };
}

describe.each([
  ['issue 36 cases', ISSUE_CASES],
  ['one case per drift rule', RULE_CASES],
])('%s', (_title, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    // Each case cites the Karpenter function that decides it (a hash or a drift check), or says none does.
    expect(c.follows).toMatch(
      /\b(NodePool|EC2NodeClass)\.Hash\b|\b(is|are)[A-Z][A-Za-z]*Drifted\b|^none: review by hand$/,
    );
    const { result } = run(c);
    expect(result.impact).toBe(c.impact);
    // An empty reason: the API server's default makes both sides equal, so there is no change at all.
    if (c.reason === '') {
      expect(result.changes).toEqual([]);
      return;
    }
    const decisive = result.changes.filter((x) => x.impact === result.impact);
    expect(decisive.length).toBeGreaterThan(0);
    expect(decisive.map((x) => x.reason).join(' | ')).toContain(c.reason);
    if (c.impact === 'replaces') expect(decisive.some((x) => x.cause === c.cause)).toBe(true);
  });
});

describe('the cases cover the drift tables', () => {
  it('every rule of both tables decides at least one case', () => {
    const used = new Set<DriftRule>();
    for (const c of [...ISSUE_CASES, ...RULE_CASES]) {
      const { before, after } = run(c);
      const rules = c.kind === 'NodePool' ? NODE_POOL_RULES : NODE_CLASS_RULES;
      for (const change of diffFields(withApiDefaults(c.kind, before), withApiDefaults(c.kind, after)))
        if (change.kind !== 'reordered') used.add(findRule(rules, change));
    }
    const missing = [...NODE_POOL_RULES, ...NODE_CLASS_RULES]
      .filter((r) => !used.has(r))
      .map((r) => r.prefix.join('.') || '(catch-all)');
    expect(missing).toEqual([]);
  });
});
