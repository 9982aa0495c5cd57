/**
 * Seeded generator of valid Karpenter manifests (a NodePool and the EC2NodeClass it uses) for the
 * round-trip property test: every field the fleet format expresses, odd but valid combinations
 * (empty maps left out, single-value requirements, Gt/Lt/Exists/DoesNotExist, several budgets,
 * several block devices, kubelet reserves), in v1 and, for the fields v1beta1 has, in v1beta1.
 */
import { Prng } from '../reliability/prng';

type Obj = Record<string, unknown>;

export interface GeneratedCase {
  readonly seed: number;
  readonly generation: 'v1' | 'v1beta1';
  /** The manifests as the user would hand them to the converter. */
  readonly yaml: string;
  /** The v1 objects they mean (v1beta1 cases: after Karpenter's own v1beta1 → v1 conversion). */
  readonly expected: readonly Obj[];
}

const maybe = (rng: Prng, p = 0.5): boolean => rng.next() < p;

/** A plain-JSON copy (undefined members dropped). */
const clone = (o: unknown): Obj => JSON.parse(JSON.stringify(o)) as Obj;

const LABEL_VALUES = ['a', 'team-x', 'blue', 'v1.2', 'x_y'];
const ZONES = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'];

function requirements(rng: Prng): Obj[] {
  const out: Obj[] = [];
  const add = (key: string, operator: string, values?: string[], minValues?: number): void => {
    out.push({ key, operator, ...(values ? { values } : {}), ...(minValues ? { minValues } : {}) });
  };
  if (maybe(rng, 0.7))
    add('karpenter.sh/capacity-type', 'In', rng.sample(['spot', 'on-demand'], 1 + rng.int(2)));
  if (maybe(rng)) add('kubernetes.io/arch', 'In', rng.sample(['amd64', 'arm64'], 1 + rng.int(2)));
  if (maybe(rng, 0.3)) add('kubernetes.io/os', 'In', ['linux']);
  if (maybe(rng))
    add('topology.kubernetes.io/zone', maybe(rng) ? 'In' : 'NotIn', rng.sample(ZONES, 1 + rng.int(3)));
  if (maybe(rng, 0.6)) {
    const cats = rng.sample(['c', 'm', 'r'], 1 + rng.int(3));
    add('karpenter.k8s.aws/instance-category', 'In', cats, maybe(rng, 0.3) ? cats.length : undefined);
  }
  if (maybe(rng, 0.4))
    add('karpenter.k8s.aws/instance-family', 'NotIn', rng.sample(['t3', 't3a', 'm5'], 1 + rng.int(2)));
  if (maybe(rng, 0.4)) add('karpenter.k8s.aws/instance-generation', 'Gt', [String(2 + rng.int(4))]);
  if (maybe(rng, 0.3)) add('karpenter.k8s.aws/instance-cpu', 'Lt', [String(16 + 16 * rng.int(4))]);
  if (maybe(rng, 0.3))
    add('karpenter.k8s.aws/instance-size', 'NotIn', rng.sample(['nano', 'micro', 'small'], 1 + rng.int(3)));
  if (maybe(rng, 0.2)) add('example.com/gpu', 'DoesNotExist');
  if (maybe(rng, 0.2)) add('karpenter.k8s.aws/instance-hypervisor', 'Exists');
  if (out.length === 0) add('kubernetes.io/os', 'In', ['linux']);
  return out;
}

function taints(rng: Prng, prefix: string): Obj[] {
  return Array.from({ length: 1 + rng.int(2) }, (_, i) => ({
    key: `${prefix}${i}.example.com/dedicated`,
    ...(maybe(rng) ? { value: rng.pick(LABEL_VALUES) } : {}),
    effect: rng.pick(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
  }));
}

function budgets(rng: Prng): Obj[] {
  return Array.from({ length: 1 + rng.int(3) }, () => {
    const b: Obj = { nodes: maybe(rng) ? `${5 * (1 + rng.int(10))}%` : String(rng.int(5)) };
    if (maybe(rng, 0.4)) {
      b.schedule = rng.pick(['0 9 * * mon-fri', '@daily', '30 2 * * *']);
      b.duration = rng.pick(['8h', '30m', '1h30m']);
    }
    if (maybe(rng, 0.3)) b.reasons = rng.sample(['Underutilized', 'Empty', 'Drifted'], 1 + rng.int(3));
    return b;
  });
}

function kubelet(rng: Prng): Obj {
  const k: Obj = {};
  if (maybe(rng)) k.maxPods = 10 + rng.int(100);
  if (maybe(rng, 0.3)) k.podsPerCore = 1 + rng.int(10);
  if (maybe(rng, 0.4))
    k.systemReserved = { cpu: `${100 + 100 * rng.int(3)}m`, memory: `${100 * (1 + rng.int(5))}Mi` };
  if (maybe(rng, 0.4)) k.kubeReserved = { cpu: '200m', 'ephemeral-storage': '1Gi' };
  if (maybe(rng, 0.3)) {
    k.evictionSoft = { 'memory.available': '500Mi' };
    k.evictionSoftGracePeriod = { 'memory.available': '1m30s' };
  }
  if (maybe(rng, 0.3)) k.evictionHard = { 'memory.available': `${5 + rng.int(5)}%` };
  if (maybe(rng, 0.3)) k.evictionMaxPodGracePeriod = 30 + rng.int(60);
  if (maybe(rng, 0.3)) {
    k.imageGCHighThresholdPercent = 80 + rng.int(10);
    k.imageGCLowThresholdPercent = 50 + rng.int(20);
  }
  if (maybe(rng, 0.3)) k.cpuCFSQuota = maybe(rng);
  if (maybe(rng, 0.2)) k.clusterDNS = ['10.100.0.10'];
  return k;
}

function blockDevices(rng: Prng): Obj[] {
  const root: Obj = {
    deviceName: '/dev/xvda',
    rootVolume: true,
    ebs: { volumeSize: `${20 + 10 * rng.int(10)}Gi` },
  };
  const ebs = root.ebs as Obj;
  // Written out by the fleet format when absent: the test leaves them out sometimes, so the
  // report's [defaulted] lines must account for them.
  if (maybe(rng, 0.7)) ebs.volumeType = rng.pick(['gp3', 'gp2', 'io2']);
  if (ebs.volumeType === 'io2') ebs.iops = 3000 + 1000 * rng.int(5);
  if (ebs.volumeType === 'gp3' && maybe(rng)) {
    ebs.iops = 3000;
    ebs.throughput = 125 + 125 * rng.int(3);
  }
  if (maybe(rng, 0.7)) ebs.encrypted = true;
  if (ebs.encrypted === true && maybe(rng, 0.3))
    ebs.kmsKeyID = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
  if (maybe(rng, 0.7)) ebs.deleteOnTermination = maybe(rng, 0.8);
  if (maybe(rng, 0.2)) ebs.snapshotID = 'snap-0123456789abcdef0';
  const out = [root];
  if (maybe(rng, 0.3))
    out.push({
      deviceName: '/dev/xvdb',
      ebs: { volumeSize: '100Gi', volumeType: 'gp3', encrypted: true, deleteOnTermination: true },
    });
  return out;
}

function nodeClassSpec(rng: Prng, cluster: string, beta: boolean): Obj {
  const spec: Obj = {};
  if (!beta && maybe(rng, 0.8))
    // Releases in the tool's data that published AMIs for Kubernetes 1.30–1.36.
    spec.amiSelectorTerms = [{ alias: `al2023@v2026${rng.pick(['0610', '0625', '0714'])}` }];
  else {
    spec.amiFamily = 'AL2023';
    spec.amiSelectorTerms = [
      maybe(rng) ? { id: 'ami-0123456789abcdef0' } : { tags: { 'example.com/ami': 'nodes' } },
    ];
  }
  spec.role = `KarpenterNodeRole-${cluster}`;
  spec.subnetSelectorTerms = maybe(rng, 0.8)
    ? [{ tags: { 'karpenter.sh/discovery': cluster } }]
    : [{ id: 'subnet-0abc1234' }, { tags: { 'karpenter.sh/discovery': cluster, tier: 'private' } }];
  spec.securityGroupSelectorTerms = maybe(rng, 0.8)
    ? [{ tags: { 'karpenter.sh/discovery': cluster } }]
    : [{ id: 'sg-0abc1234' }, { name: 'nodes-sg' }];
  if (maybe(rng, 0.6)) spec.blockDeviceMappings = blockDevices(rng);
  if (maybe(rng, 0.5))
    spec.metadataOptions = {
      httpEndpoint: 'enabled',
      httpProtocolIPv6: rng.pick(['enabled', 'disabled']),
      httpPutResponseHopLimit: 1 + rng.int(2),
      httpTokens: 'required',
    };
  const k = kubelet(rng);
  if (Object.keys(k).length > 0) spec.kubelet = k;
  if (maybe(rng, 0.5)) spec.tags = { team: rng.pick(LABEL_VALUES), 'cost-center': String(rng.int(1000)) };
  if (maybe(rng, 0.2)) spec.detailedMonitoring = true;
  if (maybe(rng, 0.2)) spec.associatePublicIPAddress = false;
  if (maybe(rng, 0.15)) spec.instanceStorePolicy = 'RAID0';
  if (maybe(rng, 0.2)) spec.userData = '#!/bin/bash\necho "hello from the generator"\n';
  return spec;
}

function nodePoolSpec(rng: Prng, className: string, beta: boolean): Obj {
  const templateSpec: Obj = {
    nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: className },
    requirements: requirements(rng),
  };
  if (maybe(rng, 0.3)) templateSpec.taints = taints(rng, 't');
  if (maybe(rng, 0.2)) templateSpec.startupTaints = taints(rng, 's');
  if (maybe(rng, 0.6)) templateSpec.expireAfter = rng.pick(['720h', '336h', 'Never', '24h']);
  if (!beta && maybe(rng, 0.3)) templateSpec.terminationGracePeriod = rng.pick(['48h', '1h', '30m']);
  const template: Obj = { spec: templateSpec };
  const metadata: Obj = {};
  if (maybe(rng, 0.4)) metadata.labels = { 'example.com/team': rng.pick(LABEL_VALUES) };
  if (maybe(rng, 0.3)) metadata.annotations = { 'example.com/owner': rng.pick(LABEL_VALUES) };
  if (Object.keys(metadata).length > 0) template.metadata = metadata;
  const spec: Obj = { template };
  if (maybe(rng, 0.7)) {
    const d: Obj = {};
    if (maybe(rng)) d.consolidationPolicy = rng.pick(['WhenEmpty', 'WhenEmptyOrUnderutilized']);
    // The v1 CRD requires consolidateAfter in a disruption block. v1beta1 allows it only with
    // WhenEmpty (WhenUnderutilized converts to 0s: toV1beta1 leaves it out) and has no budget reasons.
    const underutilized =
      (d.consolidationPolicy ?? 'WhenEmptyOrUnderutilized') === 'WhenEmptyOrUnderutilized';
    d.consolidateAfter = beta && underutilized ? '0s' : rng.pick(['0s', '30s', '5m', 'Never']);
    if (maybe(rng)) d.budgets = budgets(rng).map((b) => (beta ? { ...b, reasons: undefined } : b));
    spec.disruption = d;
  }
  if (maybe(rng, 0.7))
    spec.limits = { cpu: String(100 * (1 + rng.int(10))), memory: `${100 * (1 + rng.int(10))}Gi` };
  if (maybe(rng, 0.4)) spec.weight = 1 + rng.int(100);
  return spec;
}

/**
 * v1 objects (generated within what v1beta1 can express) → the v1beta1 manifests that mean the
 * same: nodeClassRef by apiVersion, expireAfter under disruption, WhenUnderutilized, kubelet on
 * the NodePool, the hop limit written out (v1beta1 defaulted it to 2, v1 to 1).
 */
function toV1beta1(pool: Obj, cls: Obj): [Obj, Obj] {
  const ps = clone(pool.spec);
  const ts = (ps.template as Obj).spec as Obj;
  const cs = clone(cls.spec);
  ts.nodeClassRef = {
    apiVersion: 'karpenter.k8s.aws/v1beta1',
    kind: 'EC2NodeClass',
    name: (cls.metadata as Obj).name,
  };
  if (ts.expireAfter !== undefined) {
    ps.disruption = { ...((ps.disruption as Obj | undefined) ?? {}), expireAfter: ts.expireAfter };
    delete ts.expireAfter;
  }
  const disruption = ps.disruption as Obj | undefined;
  if (
    disruption &&
    (disruption.consolidationPolicy ?? 'WhenEmptyOrUnderutilized') === 'WhenEmptyOrUnderutilized'
  )
    delete disruption.consolidateAfter;
  if (disruption?.consolidationPolicy === 'WhenEmptyOrUnderutilized')
    disruption.consolidationPolicy = 'WhenUnderutilized';
  if (cs.kubelet !== undefined) {
    ts.kubelet = cs.kubelet;
    delete cs.kubelet;
  }
  cs.metadataOptions ??= {
    httpEndpoint: 'enabled',
    httpProtocolIPv6: 'disabled',
    httpPutResponseHopLimit: 1,
    httpTokens: 'required',
  };
  return [
    { apiVersion: 'karpenter.sh/v1beta1', kind: 'NodePool', metadata: pool.metadata, spec: ps },
    { apiVersion: 'karpenter.k8s.aws/v1beta1', kind: 'EC2NodeClass', metadata: cls.metadata, spec: cs },
  ];
}

/** One case: a pool and its class, as v1 or (when v1beta1 can express it) v1beta1 manifests. */
export function generateCase(
  rng: Prng,
  seed: number,
  cluster: string,
  render: (o: Obj) => string,
): GeneratedCase {
  const beta = maybe(rng, 0.35);
  const className = rng.pick(['default', 'general', 'nodes', 'gpu-a']);
  const poolName = rng.pick(['default', 'web', 'batch', 'system', 'spot-pool']);
  const cls: Obj = {
    apiVersion: 'karpenter.k8s.aws/v1',
    kind: 'EC2NodeClass',
    metadata: { name: className },
    spec: nodeClassSpec(rng, cluster, beta),
  };
  const pool: Obj = {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodePool',
    metadata: { name: poolName },
    spec: nodePoolSpec(rng, className, beta),
  };
  const docs = beta ? toV1beta1(pool, cls) : [pool, cls];
  const expected = [clone(pool), clone(cls)];
  return {
    seed,
    generation: beta ? 'v1beta1' : 'v1',
    yaml: docs.map((d) => render(clone(d))).join('---\n'),
    expected,
  };
}
