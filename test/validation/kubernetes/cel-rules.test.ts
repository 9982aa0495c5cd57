/**
 * Every CEL rule of every imported Karpenter CRD version, compiled and evaluated with a
 * value that satisfies it and one that breaks it (and, for transition rules, with oldSelf).
 * The cases are written per rule below; a rule without a case fails the test, so a new
 * import cannot add an untested rule.
 */
import { join } from 'node:path';
import { KARPENTER_VERSIONS } from '../../../model/facts/versions';
import { ArtifactSet, findProjectRoot } from '../../../validation/kubernetes/artifacts';
import { compileCel } from '../../../validation/kubernetes/cel-environment';
import { CelRuleEntry } from '../../../validation/kubernetes/rule-table';
import { ManifestValidator } from '../../../validation/kubernetes/validate-manifests';

interface Case {
  readonly pass: unknown;
  readonly fail: unknown;
  readonly oldPass?: unknown;
  readonly oldFail?: unknown;
}

const root = findProjectRoot(join(__dirname, '..', '..', '..'));

const EXPLICIT: Record<string, Case> = {
  '(has(self.role) && !has(self.instanceProfile)) || (!has(self.role) && has(self.instanceProfile))': {
    pass: { role: 'r' },
    fail: { role: 'r', instanceProfile: 'p' },
  },
  'self.amiSelectorTerms.exists(x, has(x.alias)) ? true : has(self.amiFamily)': {
    pass: { amiSelectorTerms: [{ id: 'ami-1' }], amiFamily: 'AL2023' },
    fail: { amiSelectorTerms: [{ id: 'ami-1' }] },
  },
  'self.all(x, has(x.tags) || has(x.id) || has(x.name) || has(x.alias) || has(x.ssmParameter))': {
    pass: [{ ssmParameter: '/p' }],
    fail: [{ owner: 'self' }],
  },
  'self.all(x, has(x.tags) || has(x.id) || has(x.name) || has(x.alias))': {
    pass: [{ alias: 'al2023@latest' }],
    fail: [{ owner: 'self' }],
  },
  '!self.exists(x, has(x.id) && (has(x.alias) || has(x.tags) || has(x.name) || has(x.owner)))': {
    pass: [{ id: 'ami-1' }],
    fail: [{ id: 'ami-1', owner: 'self' }],
  },
  '!self.exists(x, has(x.alias) && (has(x.id) || has(x.tags) || has(x.name) || has(x.owner)))': {
    pass: [{ alias: 'al2023@latest' }],
    fail: [{ alias: 'al2023@latest', name: 'n' }],
  },
  '!(self.exists(x, has(x.alias)) && self.size() != 1)': {
    pass: [{ alias: 'al2023@latest' }],
    fail: [{ alias: 'al2023@latest' }, { id: 'ami-1' }],
  },
  "self.matches('^[a-zA-Z0-9]+@.+$')": { pass: 'al2023@v20260714', fail: 'al2023' },
  "self.split('@')[0] in ['al2','al2023','bottlerocket','windows2019','windows2022','windows2025']": {
    pass: 'windows2025@latest',
    fail: 'ubuntu@latest',
  },
  "self.split('@')[0] in ['al2','al2023','bottlerocket','windows2019','windows2022']": {
    pass: 'bottlerocket@latest',
    fail: 'windows2025@latest',
  },
  "self.split('@')[0] in ['windows2019','windows2022','windows2025'] ? self.split('@')[1] == 'latest' : true":
    {
      pass: 'windows2022@latest',
      fail: 'windows2025@v1',
    },
  "self.split('@')[0] in ['windows2019','windows2022'] ? self.split('@')[1] == 'latest' : true": {
    pass: 'al2@v1',
    fail: 'windows2019@v1',
  },
  "self.all(k, k != '' && self[k] != '')": { pass: { team: 'a' }, fail: { team: '' } },
  'self.filter(x, has(x.rootVolume)?x.rootVolume==true:false).size() <= 1': {
    pass: [{ rootVolume: true }, { rootVolume: false }, {}],
    fail: [{ rootVolume: true }, { rootVolume: true }],
  },
  'has(self.snapshotID) || has(self.volumeSize)': { pass: { volumeSize: '20Gi' }, fail: { encrypted: true } },
  "!has(self.volumeInitializationRate) || (has(self.snapshotID) && self.snapshotID != '')": {
    pass: { volumeInitializationRate: 100, snapshotID: 'snap-1' },
    fail: { volumeInitializationRate: 100, snapshotID: '' },
  },
  'self.all(x, has(x.tags) || has(x.id) || has(x.instanceMatchCriteria))': {
    pass: [{ instanceMatchCriteria: 'open' }],
    fail: [{ ownerID: '012345678901' }],
  },
  '!self.all(x, has(x.id) && (has(x.tags) || has(x.ownerID) || has(x.instanceMatchCriteria)))': {
    pass: [{ id: 'cr-1' }],
    fail: [{ id: 'cr-1', ownerID: '012345678901' }],
  },
  'has(self.tcpEstablishedTimeout) || has(self.udpStreamTimeout) || has(self.udpTimeout)': {
    pass: { udpTimeout: '30s' },
    fail: {},
  },
  "self != ''": { pass: 'x', fail: '' },
  'has(self.imageGCHighThresholdPercent) && has(self.imageGCLowThresholdPercent) ?  self.imageGCHighThresholdPercent > self.imageGCLowThresholdPercent  : true':
    {
      pass: { imageGCHighThresholdPercent: 85, imageGCLowThresholdPercent: 80 },
      fail: { imageGCHighThresholdPercent: 80, imageGCLowThresholdPercent: 80 },
    },
  'has(self.evictionSoft) ? self.evictionSoft.all(e, (e in self.evictionSoftGracePeriod)):true': {
    pass: {
      evictionSoft: { 'memory.available': '5%' },
      evictionSoftGracePeriod: { 'memory.available': '1m' },
    },
    fail: {
      evictionSoft: { 'memory.available': '5%' },
      evictionSoftGracePeriod: { 'nodefs.available': '1m' },
    },
  },
  'has(self.evictionSoftGracePeriod) ? self.evictionSoftGracePeriod.all(e, (e in self.evictionSoft)):true': {
    pass: {
      evictionSoft: { 'memory.available': '5%' },
      evictionSoftGracePeriod: { 'memory.available': '1m' },
    },
    fail: {
      evictionSoft: { 'nodefs.available': '5%' },
      evictionSoftGracePeriod: { 'memory.available': '1m' },
    },
  },
  "self.all(x, x in ['memory.available','nodefs.available','nodefs.inodesFree','imagefs.available','imagefs.inodesFree','pid.available'])":
    {
      pass: { 'memory.available': '5%', 'pid.available': '10%' },
      fail: { 'memory.free': '5%' },
    },
  "self.all(x, x=='cpu' || x=='memory' || x=='ephemeral-storage' || x=='pid')": {
    pass: { cpu: '100m', pid: '100' },
    fail: { gpu: '1' },
  },
  "self.all(x, !self[x].startsWith('-'))": { pass: { cpu: '100m' }, fail: { memory: '-1Gi' } },
  "self.size() == 0 || self.exists(x, x.deviceIndex == 0 && x.networkCardIndex == 0 && x.interfaceType == 'interface')":
    {
      pass: [{ deviceIndex: 0, networkCardIndex: 0, interfaceType: 'interface' }],
      fail: [{ deviceIndex: 1, networkCardIndex: 0, interfaceType: 'interface' }],
    },
  "self.all(x, self.filter(y, x.networkCardIndex == y.networkCardIndex && x.deviceIndex == y.deviceIndex).size() == 1 && (x.interfaceType != 'efa-only' || self.filter(y, x.networkCardIndex == y.networkCardIndex && y.interfaceType == 'efa-only').size() == 1))":
    {
      pass: [
        { deviceIndex: 0, networkCardIndex: 0, interfaceType: 'interface' },
        { deviceIndex: 1, networkCardIndex: 0, interfaceType: 'efa-only' },
      ],
      fail: [
        { deviceIndex: 0, networkCardIndex: 0, interfaceType: 'interface' },
        { deviceIndex: 0, networkCardIndex: 0, interfaceType: 'efa-only' },
      ],
    },
  'has(self.name) || has(self.id)': { pass: { name: 'pg' }, fail: {} },
  '!(has(self.name) && has(self.id))': { pass: { id: 'pg-1' }, fail: { name: 'pg', id: 'pg-1' } },
  'self.size() != 0': { pass: [{ id: 'sg-1' }], fail: [] },
  'self.all(x, has(x.tags) || has(x.id) || has(x.name))': { pass: [{ name: 'sg' }], fail: [{}] },
  '!self.all(x, has(x.id) && (has(x.tags) || has(x.name)))': {
    pass: [{ id: 'sg-1' }],
    fail: [{ id: 'sg-1', name: 'n' }],
  },
  '!self.all(x, has(x.name) && (has(x.tags) || has(x.id)))': {
    pass: [{ name: 'n' }],
    fail: [{ name: 'n', tags: { a: 'b' } }],
  },
  'self.all(x, has(x.tags) || has(x.id))': { pass: [{ id: 'subnet-1' }], fail: [{}] },
  '!self.all(x, has(x.id) && has(x.tags))': {
    pass: [{ id: 'subnet-1' }],
    fail: [{ id: 'subnet-1', tags: { a: 'b' } }],
  },
  "self.all(k, k != '')": { pass: { team: 'a' }, fail: { '': 'a' } },
  'self == oldSelf': { pass: { a: 1 }, fail: { a: 2 }, oldPass: { a: 1 }, oldFail: { a: 1 } },
  "self.all(x, x.operator == 'In' ? x.values.size() != 0 : true)": {
    pass: [
      { key: 'k', operator: 'In', values: ['a'] },
      { key: 'k', operator: 'Exists' },
    ],
    fail: [{ key: 'k', operator: 'In', values: [] }],
  },
  "self.all(x, x.operator == 'NotIn' ? x.values.size() != 0 : true)": {
    pass: [{ key: 'k', operator: 'NotIn', values: ['a'] }],
    fail: [{ key: 'k', operator: 'NotIn', values: [] }],
  },
  "self.all(x, (x.operator == 'Gt' || x.operator == 'Lt' || x.operator == 'Gte' || x.operator == 'Lte') ? (x.values.size() == 1 && int(x.values[0]) >= 0) : true)":
    {
      pass: [{ key: 'k', operator: 'Gte', values: ['4'] }],
      fail: [{ key: 'k', operator: 'Lte', values: ['-1'] }],
    },
  "self.all(x, (x.operator == 'Gt' || x.operator == 'Lt') ? (x.values.size() == 1 && int(x.values[0]) >= 0) : true)":
    {
      pass: [{ key: 'k', operator: 'Gt', values: ['2'] }],
      fail: [{ key: 'k', operator: 'Gt', values: ['2', '3'] }],
    },
  "self.all(x, (x.operator == 'In' && has(x.minValues)) ? x.values.size() >= x.minValues : true)": {
    pass: [{ key: 'k', operator: 'In', values: ['a', 'b'], minValues: 2 }],
    fail: [{ key: 'k', operator: 'In', values: ['a'], minValues: 2 }],
  },
  '!has(self.podTemplateRef) || has(self.replicas) || has(self.limits)': {
    pass: { podTemplateRef: { name: 't' }, limits: { cpu: '4' } },
    fail: { podTemplateRef: { name: 't' } },
  },
  '!(has(self.podTemplateRef) && has(self.scalableRef))': {
    pass: { scalableRef: { kind: 'Deployment', name: 'web' }, percentage: 20 },
    fail: { podTemplateRef: { name: 't' }, scalableRef: { kind: 'Deployment', name: 'web' }, replicas: 1 },
  },
  '!has(self.price) || !has(self.priceAdjustment)': {
    pass: { price: '1.0' },
    fail: { price: '1.0', priceAdjustment: '+10%' },
  },
  "self.all(x, !(x in ['cpu', 'memory', 'ephemeral-storage', 'pods']))": {
    pass: { 'example.com/dongle': '1' },
    fail: { pods: '10' },
  },
  'has(self.replicas) == has(oldSelf.replicas)': {
    pass: { replicas: 3 },
    fail: { replicas: 3 },
    oldPass: { replicas: 1 },
    oldFail: {},
  },
  "!has(self.replicas) || (!has(self.limits) || size(self.limits) == 0 || (size(self.limits) == 1 && 'nodes' in self.limits))":
    {
      pass: { replicas: 3, limits: { nodes: '5' } },
      fail: { replicas: 3, limits: { cpu: '10' } },
    },
  '!has(self.replicas) || !has(self.weight)': { pass: { weight: 10 }, fail: { replicas: 3, weight: 10 } },
  'self.all(x, has(x.schedule) == has(x.duration))': {
    pass: [{ nodes: '10%', schedule: '@daily', duration: '10m' }],
    fail: [{ nodes: '0', schedule: '@daily' }],
  },
  'self.group == oldSelf.group': {
    pass: { group: 'karpenter.k8s.aws' },
    fail: { group: 'example.com' },
    oldPass: { group: 'karpenter.k8s.aws' },
    oldFail: { group: 'karpenter.k8s.aws' },
  },
  'self.kind == oldSelf.kind': {
    pass: { kind: 'EC2NodeClass' },
    fail: { kind: 'Other' },
    oldPass: { kind: 'EC2NodeClass' },
    oldFail: { kind: 'EC2NodeClass' },
  },
  '(has(oldSelf.role) && has(self.role)) || (has(oldSelf.instanceProfile) && has(self.instanceProfile))': {
    pass: { role: 'new-role' },
    fail: { role: 'r' },
    oldPass: { role: 'old-role' },
    oldFail: { instanceProfile: 'p' },
  },
  "self.amiFamily == 'Custom' ? self.amiSelectorTerms.size() != 0 : true": {
    pass: { amiFamily: 'Custom', amiSelectorTerms: [{ id: 'ami-1' }] },
    fail: { amiFamily: 'Custom', amiSelectorTerms: [] },
  },
  '!self.all(x, has(x.id) && (has(x.tags) || has(x.name) || has(x.owner)))': {
    pass: [{ id: 'ami-1' }],
    fail: [{ id: 'ami-1', name: 'n' }],
  },
  "has(self.consolidateAfter) ? self.consolidationPolicy != 'WhenUnderutilized' || self.consolidateAfter == 'Never' : true":
    {
      pass: { consolidationPolicy: 'WhenUnderutilized', consolidateAfter: 'Never' },
      fail: { consolidationPolicy: 'WhenUnderutilized', consolidateAfter: '30s' },
    },
  "self.consolidationPolicy == 'WhenEmpty' ? has(self.consolidateAfter) : true": {
    pass: { consolidationPolicy: 'WhenEmpty', consolidateAfter: '30s' },
    fail: { consolidationPolicy: 'WhenEmpty' },
  },
};

/** Rule families whose many variants differ only in a name: cases derived from the message. */
function derivedCase(r: CelRuleEntry): Case | undefined {
  const isMap = r.rule.startsWith('self.all(');
  const wrap = (key: string): unknown => (isMap ? { [key]: 'v' } : key);
  const domain = /^label domain "([^"]+)" is restricted$/.exec(r.message ?? '');
  if (domain) {
    const d = domain[1];
    const allowed: Record<string, string> = {
      'karpenter.sh': 'karpenter.sh/capacity-type',
      'karpenter.k8s.aws': 'karpenter.k8s.aws/instance-family',
      'kubernetes.io': 'topology.kubernetes.io/zone',
      'k8s.io': 'kops.k8s.io/instancegroup',
    };
    return {
      pass: isMap ? { 'example.com/team': 'a', [allowed[d]]: 'v' } : allowed[d],
      fail: wrap(`sub.${d}/not-a-known-label`),
    };
  }
  const label = /^label "([^"]+)" is restricted$/.exec(r.message ?? '');
  if (label) return { pass: wrap('example.com/team'), fail: wrap(label[1]) };
  const tag = /^tag contains a restricted tag matching (.+)$/.exec(r.message ?? '');
  if (tag)
    return { pass: { Name: 'n' }, fail: { [tag[1].endsWith('/') ? `${tag[1]}my-cluster` : tag[1]]: 'v' } };
  const family = /^if set, amiFamily must be '(\w+)' or 'Custom' when using an? \w+ alias$/.exec(
    r.message ?? '',
  );
  if (family) {
    const f = family[1];
    const other = f === 'AL2' ? 'Bottlerocket' : 'AL2';
    const alias = `${f.toLowerCase()}@latest`;
    return {
      pass: { amiFamily: 'Custom', amiSelectorTerms: [{ alias }] },
      fail: { amiFamily: other, amiSelectorTerms: [{ alias }] },
    };
  }
  return undefined;
}

function caseFor(r: CelRuleEntry): Case | undefined {
  return EXPLICIT[r.rule] ?? derivedCase(r);
}

const allRules: { version: string; kind: string; crdVersion: string; rule: CelRuleEntry }[] = [];
for (const version of KARPENTER_VERSIONS) {
  const set = new ArtifactSet(root, 'karpenter', version);
  for (const entry of set.entries) {
    for (const rule of set.rules(entry).rules)
      allRules.push({ version, kind: entry.kind, crdVersion: entry.version, rule });
  }
}

describe('CEL rule tables', () => {
  test('Karpenter 1.14.1 has 94 CEL rules (EC2NodeClass 54, NodePool 20, NodeClaim 10, NodeOverlay 8, CapacityBuffer 2)', () => {
    const v = allRules.filter((r) => r.version === '1.14.1');
    const by = (k: string) => v.filter((r) => r.kind === k).length;
    expect(v).toHaveLength(94);
    expect([
      by('EC2NodeClass'),
      by('NodePool'),
      by('NodeClaim'),
      by('NodeOverlay'),
      by('CapacityBuffer'),
    ]).toEqual([54, 20, 10, 8, 2]);
  });

  test('every rule compiles when a validator is constructed (none skipped)', () => {
    expect(new ManifestValidator('1.14.1', root).compiledRuleCount).toBe(94);
    expect(new ManifestValidator('1.0.14', root).compiledRuleCount).toBe(143);
  });

  test('every rule has a passing and a failing case below', () => {
    const missing = allRules
      .filter((r) => !caseFor(r.rule))
      .map((r) => `${r.version} ${r.kind} ${r.rule.location}: ${r.rule.rule}`);
    expect(missing).toEqual([]);
  });
});

describe.each(
  allRules.map((r) => [
    `${r.version} ${r.kind}.${r.crdVersion} #${r.rule.id} ${r.rule.location}: ${r.rule.message}`,
    r,
  ]),
)('%s', (_name, r) => {
  const c = caseFor(r.rule)!;
  const program = compileCel(r.rule.rule, r.rule.location);
  test('passes', () => {
    expect(program({ self: c.pass, oldSelf: c.oldPass })).toBe(true);
  });
  test('fails', () => {
    let result: unknown;
    try {
      result = program({ self: c.fail, oldSelf: c.oldFail });
    } catch {
      result = 'evaluation error';
    }
    expect(result).not.toBe(true);
  });
});
