/**
 * An oracle for the drift property test, written apart from review/impact/ and kept small: does
 * Karpenter v1.14.1 drift no node, every node, or some nodes, for one edit of a NodePool or
 * EC2NodeClass? It decides from first principles, by brute force where it can:
 *
 * - Static drift: the values hashstructure sees (core pkg/apis/v1/nodepool.go NodePool.Hash over
 *   spec.template; provider pkg/apis/v1/ec2nodeclass.go EC2NodeClass.Hash over spec + AMIFamily()),
 *   with its options SlicesAsSets (list elements XOR-ed: order ignored, a pair of equal elements
 *   cancels), fields tagged `hash:"ignore"` left out, durations as nanoseconds, `Never` as nil,
 *   volumeSize as its value and format (`hash:"string"`: Quantity.String()), CRD defaults filled in.
 * - Requirement drift (core pkg/controllers/nodeclaim/disruption/drift.go areRequirementsDrifted,
 *   pkg/scheduling/requirements.go Compatible): every label state a node of the OLD pool may be in,
 *   drawn from a finite set of candidate values per key (every value either side mentions, its
 *   integer neighbours, a fresh value, no label), is tested against the new requirement on that key.
 * - Selector drift (provider pkg/cloudprovider/drift.go): every possible AWS resource made of the
 *   ids and tag values the terms mention (plus "other") is resolved with the old and the new terms;
 *   subnets and capacity reservations drift a node only if one the old terms select is lost,
 *   security groups if the selected set changes at all.
 *
 * Limits (the property test generates nothing outside them): one requirement per key; no unknown
 * fields; no AMI selection other than a pinned alias.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface OracleVerdict {
  /** No node drifts. */
  readonly none: boolean;
  /** Every node drifts. */
  readonly every: boolean;
  readonly why: string;
}

// ---- static: what hashstructure sees ----

const UNIT: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  ms: 1000000n,
  s: 10n ** 9n,
  m: 60n * 10n ** 9n,
  h: 3600n * 10n ** 9n,
};

function nanos(text: string): string {
  if (!/^([0-9]+(ns|us|ms|s|m|h))+$/.test(text)) throw new Error(`oracle: no duration '${text}'`);
  let n = 0n;
  for (const m of text.matchAll(/([0-9]+)(ns|us|ms|s|m|h)/g)) n += BigInt(m[1]) * UNIT[m[2]];
  return `${n}ns`;
}

/** Value (as an exact fraction) and the format String() prints it in (binary only for whole ≥ 1Ki). */
function quantity(text: string): string {
  const m = /^([0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/.exec(text);
  if (!m) throw new Error(`oracle: no quantity '${text}'`);
  const bin = ['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'].indexOf(m[2] ?? '');
  const dec = ['k', 'M', 'G', 'T', 'P', 'E'].indexOf(m[2] ?? '');
  const value = BigInt(m[1]) * (bin >= 0 ? 1024n ** BigInt(bin + 1) : 1000n ** BigInt(dec + 1));
  return `${bin >= 0 && value >= 1024n ? 'binary' : 'decimal'}:${value}`;
}

function hashed(v: unknown): unknown {
  if (Array.isArray(v)) {
    const counts = new Map<string, number>();
    for (const e of v.map((x) => JSON.stringify(hashed(x)))) counts.set(e, (counts.get(e) ?? 0) + 1);
    return [...counts]
      .filter(([, n]) => n % 2 === 1)
      .map(([e]) => e)
      .sort();
  }
  if (isObj(v))
    return Object.fromEntries(
      Object.keys(v)
        .filter((k) => v[k] !== undefined)
        .sort()
        .map((k) => [k, hashed(v[k])]),
    );
  return v;
}

/**
 * Go's zero value for a field that is not a pointer is what an absent field unmarshals to, and
 * IgnoreZeroValue skips it: corev1.Taint.Value, BlockDeviceMapping.RootVolume (provider
 * pkg/apis/v1/ec2nodeclass.go), the only such fields the property test's edits write.
 */
function dropZero(list: unknown, field: string): void {
  if (!Array.isArray(list)) return;
  for (const e of list) if (isObj(e) && (e[field] === '' || e[field] === false)) delete e[field];
}

function poolHash(pool: Obj): string {
  const t = structuredClone(((pool.spec as Obj).template ?? {}) as Obj);
  const spec = (t.spec ?? {}) as Obj;
  spec.expireAfter ??= '720h';
  delete spec.requirements;
  spec.expireAfter = spec.expireAfter === 'Never' ? undefined : nanos(String(spec.expireAfter));
  if (spec.terminationGracePeriod !== undefined)
    spec.terminationGracePeriod = nanos(String(spec.terminationGracePeriod));
  dropZero(spec.taints, 'value');
  t.spec = spec;
  return JSON.stringify(hashed(t));
}

const CLASS_IGNORED = [
  'subnetSelectorTerms',
  'securityGroupSelectorTerms',
  'capacityReservationSelectorTerms',
  'ipPrefixCount',
  'amiSelectorTerms',
  'amiFamily',
];

function classHash(klass: Obj): string {
  const spec = structuredClone(klass.spec as Obj);
  for (const f of CLASS_IGNORED) delete spec[f];
  spec.metadataOptions = {
    httpEndpoint: 'enabled',
    httpProtocolIPv6: 'disabled',
    httpPutResponseHopLimit: 1,
    httpTokens: 'required',
    ...((spec.metadataOptions as Obj) ?? {}),
  };
  dropZero(spec.blockDeviceMappings, 'rootVolume');
  for (const b of (spec.blockDeviceMappings ?? []) as Obj[])
    if (isObj(b.ebs) && typeof b.ebs.volumeSize === 'string') b.ebs.volumeSize = quantity(b.ebs.volumeSize);
  const kubelet = spec.kubelet as Obj | undefined;
  if (isObj(kubelet?.evictionSoftGracePeriod))
    for (const [k, d] of Object.entries(kubelet.evictionSoftGracePeriod))
      kubelet.evictionSoftGracePeriod[k] = nanos(String(d));
  return JSON.stringify([hashed(spec), amiFamily(klass)]);
}

function alias(klass: Obj): string | undefined {
  const terms = (klass.spec as Obj).amiSelectorTerms as Obj[] | undefined;
  const a = terms?.find((t) => typeof t.alias === 'string')?.alias;
  return typeof a === 'string' ? a : undefined;
}

/** EC2NodeClass.AMIFamily(): the field, else the alias' family. */
function amiFamily(klass: Obj): string {
  const f = (klass.spec as Obj).amiFamily;
  return (typeof f === 'string' ? f : (alias(klass)?.split('@')[0] ?? 'Custom')).toLowerCase();
}

// ---- requirement drift ----

interface Req {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

/**
 * Where each label of a launched AWS node comes from, read off the upstream code rather than off
 * review/impact/: `set` says whether every node gets a value.
 * - provider pkg/providers/instancetype/types.go, computeRequirements: requirements created `In` from
 *   a DescribeInstanceTypes field EC2 always returns are set on every type; the ones created
 *   DoesNotExist get a value only when a later branch inserts one, so they count as set only when that
 *   branch runs for every EC2 name (the split at the name's one dot; the `-flex` test, which inserts
 *   true or false). Branches behind an optional field (ProcessorInfo, GpuInfo, ...) or a name regex
 *   are not counted.
 * - createOfferings in the same file: the launched offering's zone and capacity type.
 * - core pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go, NewNodeClaimTemplate: the
 *   pool's name and the node class name.
 * The launch copies the single values onto the NodeClaim (core pkg/cloudprovider, the NodeClaim's
 * labels from the chosen instance type and offering).
 */
const AWS_NODE_LABEL_ORIGINS: readonly {
  readonly key: string;
  readonly origin: string;
  readonly set: boolean;
}[] = [
  { key: 'kubernetes.io/arch', origin: 'getArchitecture(ProcessorInfo.SupportedArchitectures)', set: true },
  { key: 'kubernetes.io/os', origin: 'getOS(AMI family)', set: true },
  { key: 'node.kubernetes.io/instance-type', origin: 'InstanceType', set: true },
  { key: 'node.kubernetes.io/windows-build', origin: 'Windows AMI families only', set: false },
  { key: 'topology.kubernetes.io/region', origin: 'the provider region', set: true },
  { key: 'topology.kubernetes.io/zone', origin: 'offering', set: true },
  { key: 'topology.k8s.aws/zone-id', origin: 'subnet zone info, when known', set: false },
  { key: 'karpenter.sh/capacity-type', origin: 'offering', set: true },
  { key: 'karpenter.sh/nodepool', origin: 'NewNodeClaimTemplate', set: true },
  { key: 'karpenter.k8s.aws/ec2nodeclass', origin: 'NewNodeClaimTemplate (node class reference)', set: true },
  { key: 'karpenter.k8s.aws/instance-cpu', origin: 'VCpuInfo.DefaultVCpus', set: true },
  { key: 'karpenter.k8s.aws/instance-memory', origin: 'MemoryInfo.SizeInMiB', set: true },
  { key: 'karpenter.k8s.aws/instance-hypervisor', origin: 'Hypervisor ("" when EC2 gives none)', set: true },
  {
    key: 'karpenter.k8s.aws/instance-encryption-in-transit-supported',
    origin: 'NetworkInfo.EncryptionInTransitSupported',
    set: true,
  },
  { key: 'karpenter.k8s.aws/instance-family', origin: 'name before the dot', set: true },
  { key: 'karpenter.k8s.aws/instance-size', origin: 'name after the dot', set: true },
  {
    key: 'karpenter.k8s.aws/instance-capability-flex',
    origin: 'family contains "-flex": true, else false',
    set: true,
  },
  { key: 'karpenter.k8s.aws/instance-category', origin: 'instanceTypeScheme regex match', set: false },
  { key: 'karpenter.k8s.aws/instance-generation', origin: 'instanceTypeScheme regex match', set: false },
  { key: 'karpenter.k8s.aws/instance-cpu-manufacturer', origin: 'ProcessorInfo, when returned', set: false },
  { key: 'karpenter.k8s.aws/instance-local-nvme', origin: 'InstanceStorageInfo with NVMe', set: false },
  { key: 'karpenter.k8s.aws/instance-network-bandwidth', origin: 'bandwidth table entry', set: false },
  { key: 'karpenter.k8s.aws/instance-ebs-bandwidth', origin: 'EBS-optimized by default', set: false },
  { key: 'karpenter.k8s.aws/instance-gpu-name', origin: 'exactly one GpuInfo entry', set: false },
];
const ON_EVERY_AWS_NODE = new Set(AWS_NODE_LABEL_ORIGINS.filter((o) => o.set).map((o) => o.key));
const wellKnown = (key: string) =>
  /^(karpenter\.sh|karpenter\.k8s\.aws|[a-z.]*kubernetes\.io|topology\.k8s\.aws)\//.test(key);
const ABSENT = Symbol('absent');
type State = string | typeof ABSENT;

/** One label state against one requirement (a missing label passes only NotIn and DoesNotExist). */
function passes(state: State, r: Req): boolean {
  const values = r.values ?? [];
  const int = (s: string) => (/^-?[0-9]+$/.test(s) ? Number(s) : undefined);
  if (state === ABSENT) return r.operator === 'NotIn' || r.operator === 'DoesNotExist';
  const n = int(state);
  const bound = int(values[0] ?? '') ?? 0;
  switch (r.operator) {
    case 'In':
      return values.includes(state);
    case 'NotIn':
      return !values.includes(state);
    case 'Exists':
      return true;
    case 'DoesNotExist':
      return false;
    case 'Gt':
      return n !== undefined && n > bound;
    case 'Gte':
      return n !== undefined && n >= bound;
    case 'Lt':
      return n !== undefined && n < bound;
    case 'Lte':
      return n !== undefined && n <= bound;
    default:
      throw new Error(`oracle: operator ${r.operator}`);
  }
}

function requirementsOf(pool: Obj): Req[] {
  return ((((pool.spec as Obj).template as Obj).spec as Obj).requirements ?? []) as Req[];
}

function labelsOf(pool: Obj): Record<string, string> {
  return ((((pool.spec as Obj).template as Obj).metadata as Obj | undefined)?.labels ?? {}) as Record<
    string,
    string
  >;
}

/** The states a node of the old pool may have for `key`. */
function oldStates(key: string, oldPool: Obj, candidates: readonly string[]): State[] {
  const label = labelsOf(oldPool)[key];
  if (label !== undefined) return [label];
  const req = requirementsOf(oldPool).find((r) => r.key === key);
  const all: State[] = [ABSENT, ...candidates];
  if (!req) {
    if (ON_EVERY_AWS_NODE.has(key)) return [...candidates];
    return wellKnown(key) ? all : [ABSENT];
  }
  const allowed = all.filter((s) => passes(s, req));
  // A custom key the pool requires gets a value on every node (resolveCustomLabelsFromRequirements),
  // and so does a label every AWS node carries.
  return (!wellKnown(key) || ON_EVERY_AWS_NODE.has(key)) && req.operator !== 'DoesNotExist'
    ? allowed.filter((s) => s !== ABSENT)
    : allowed;
}

function requirementVerdict(oldPool: Obj, newPool: Obj): { none: boolean; every: boolean } {
  const newReqs = requirementsOf(newPool);
  let none = true;
  let every = false;
  for (const r of newReqs) {
    const mentioned = [...requirementsOf(oldPool), ...newReqs]
      .filter((x) => x.key === r.key)
      .flatMap((x) => x.values ?? []);
    const label = labelsOf(oldPool)[r.key];
    const numbers = mentioned
      .filter((v) => /^[0-9]+$/.test(v))
      .flatMap((v) => [Number(v) - 1, Number(v) + 1].map(String));
    const candidates = [
      ...new Set([...mentioned, ...numbers, ...(label ? [label] : []), 'fresh-value', '7']),
    ];
    const states = oldStates(r.key, oldPool, candidates);
    const failing = states.filter((s) => !passes(s, r));
    if (failing.length > 0) none = false;
    if (states.length > 0 && failing.length === states.length) every = true;
  }
  return { none, every };
}

// ---- selector drift ----

type Term = Obj;

function selects(term: Term, resource: Obj): boolean {
  for (const f of ['id', 'name', 'ownerID', 'instanceMatchCriteria'])
    if (term[f] !== undefined && term[f] !== resource[f]) return false;
  for (const [k, v] of Object.entries((term.tags ?? {}) as Obj)) {
    const has = ((resource.tags ?? {}) as Obj)[k];
    if (has === undefined || (v !== '*' && has !== v)) return false;
  }
  return true;
}

/** Every resource built from what the terms mention, plus "other" for each attribute. */
function universe(terms: readonly Term[]): Obj[] {
  const attrs = ['id', 'name', 'ownerID', 'instanceMatchCriteria'].map(
    (f) =>
      [f, [undefined, 'other', ...new Set(terms.map((t) => t[f]).filter((x) => x !== undefined))]] as const,
  );
  const tagKeys = [...new Set(terms.flatMap((t) => Object.keys((t.tags ?? {}) as Obj)))];
  const tagValues = tagKeys.map(
    (k) =>
      [
        k,
        [
          undefined,
          'other',
          ...new Set(
            terms.map((t) => ((t.tags ?? {}) as Obj)[k]).filter((x) => x !== undefined && x !== '*'),
          ),
        ],
      ] as const,
  );
  let out: Obj[] = [{ tags: {} }];
  for (const [f, vals] of attrs)
    out = out.flatMap((r) => vals.map((v) => (v === undefined ? r : { ...r, [f]: v })));
  for (const [k, vals] of tagValues)
    out = out.flatMap((r) =>
      vals.map((v) => (v === undefined ? r : { ...r, tags: { ...(r.tags as Obj), [k]: v } })),
    );
  return out;
}

function selectorVerdict(kind: 'subnet' | 'sg' | 'cr', before: Term[], after: Term[]): boolean {
  for (const r of universe([...before, ...after])) {
    const was = before.some((t) => selects(t, r));
    const is = after.some((t) => selects(t, r));
    if (was && !is) return false;
    if (kind === 'sg' && is && !was) return false;
  }
  return true;
}

// ---- the verdict ----

export function oracle(kind: 'NodePool' | 'EC2NodeClass', before: Obj, after: Obj): OracleVerdict {
  if (kind === 'NodePool') {
    if (poolHash(before) !== poolHash(after)) return { none: false, every: true, why: 'NodePool.Hash' };
    const r = requirementVerdict(before, after);
    return { ...r, why: 'areRequirementsDrifted' };
  }
  if (classHash(before) !== classHash(after)) return { none: false, every: true, why: 'EC2NodeClass.Hash' };
  const a = alias(before);
  const b = alias(after);
  if (a !== b) return { none: false, every: true, why: 'isAMIDrifted (pinned alias)' };
  const terms = (o: Obj, f: string) => ((o.spec as Obj)[f] ?? []) as Term[];
  const ok =
    selectorVerdict('subnet', terms(before, 'subnetSelectorTerms'), terms(after, 'subnetSelectorTerms')) &&
    selectorVerdict(
      'sg',
      terms(before, 'securityGroupSelectorTerms'),
      terms(after, 'securityGroupSelectorTerms'),
    ) &&
    selectorVerdict(
      'cr',
      terms(before, 'capacityReservationSelectorTerms'),
      terms(after, 'capacityReservationSelectorTerms'),
    );
  return { none: ok, every: false, why: 'selector drift' };
}
