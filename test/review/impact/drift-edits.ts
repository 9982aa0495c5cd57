/**
 * Single-field edits of NodePool and EC2NodeClass manifests for the drift property test: each edit
 * changes one thing (a duration, a label, one requirement, one selector term, a volume size ...)
 * in place and says what it did, or returns undefined when it does not apply to the resource.
 */
import { Prng } from '../../reliability/prng';

type Obj = Record<string, unknown>;

const tspec = (o: Obj) => ((o.spec as Obj).template as Obj).spec as Obj;
const tmeta = (o: Obj) => {
  const t = (o.spec as Obj).template as Obj;
  t.metadata ??= {};
  return t.metadata as Obj;
};
const reqs = (o: Obj) => {
  const s = tspec(o);
  s.requirements ??= [];
  return s.requirements as Obj[];
};

/** The same duration in other units, or another duration. */
function otherDuration(rng: Prng, text: string | undefined): string {
  const hours = text && /^[0-9]+h$/.test(text) ? Number(text.slice(0, -1)) : 720;
  return rng.pick([`${hours * 60}m`, `${hours * 3600}s`, `${hours}h`, `${hours + 1}h`, `${hours * 60 - 1}m`]);
}

const REQ_KEYS: readonly { key: string; values: readonly string[] }[] = [
  { key: 'karpenter.sh/capacity-type', values: ['spot', 'on-demand', 'reserved'] },
  { key: 'kubernetes.io/arch', values: ['amd64', 'arm64'] },
  { key: 'karpenter.k8s.aws/instance-family', values: ['m5', 'c5', 't3', 'r6i'] },
  { key: 'karpenter.k8s.aws/instance-generation', values: ['4', '5', '6'] },
  { key: 'karpenter.k8s.aws/instance-gpu-count', values: ['1', '2'] },
  { key: 'karpenter.k8s.aws/instance-hypervisor', values: ['nitro', 'xen'] },
  { key: 'tier', values: ['gold', 'silver', 'bronze'] },
  { key: 'workload', values: ['loadtest', 'perf', 'batch'] },
];
const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'] as const;

function randomRequirement(rng: Prng, key: string, values: readonly string[]): Obj {
  const operator = rng.pick(OPERATORS);
  if (operator === 'Exists' || operator === 'DoesNotExist') return { key, operator };
  if (operator === 'Gt' || operator === 'Lt')
    return { key, operator, values: [rng.pick(['3', '4', '5', '6'])] };
  return { key, operator, values: rng.sample(values, 1 + rng.int(values.length)) };
}

export type Edit = (o: Obj, rng: Prng) => string | undefined;

export const POOL_EDITS: readonly Edit[] = [
  (o, rng) => {
    const s = tspec(o);
    s.expireAfter = rng.int(6) === 0 ? 'Never' : otherDuration(rng, s.expireAfter as string | undefined);
    return `expireAfter ${String(s.expireAfter)}`;
  },
  (o, rng) => {
    const s = tspec(o);
    const had = s.terminationGracePeriod as string | undefined;
    s.terminationGracePeriod = otherDuration(rng, had ?? '48h');
    return `terminationGracePeriod ${had ?? '-'} → ${String(s.terminationGracePeriod)}`;
  },
  (o, rng) => {
    const labels = (tmeta(o).labels ??= {}) as Obj;
    const key = rng.pick(['workload', 'team', 'tier']);
    labels[key] = rng.pick(['loadtest', 'perf', 'gold']);
    return `template label ${key}=${String(labels[key])}`;
  },
  (o, rng) => {
    const list = reqs(o);
    if (list.length === 0) return undefined;
    const r = rng.pick(list);
    const known = REQ_KEYS.find((k) => k.key === r.key)?.values ??
      (r.values as string[] | undefined) ?? ['x'];
    const next = randomRequirement(rng, String(r.key), [
      ...new Set([...known, ...((r.values as string[]) ?? [])]),
    ]);
    list[list.indexOf(r)] = next;
    return `requirement ${String(r.key)} → ${JSON.stringify(next)}`;
  },
  (o, rng) => {
    const list = reqs(o);
    if (list.length === 0) return undefined;
    const r = list.splice(rng.int(list.length), 1)[0];
    return `requirement ${String(r.key)} removed`;
  },
  (o, rng) => {
    const list = reqs(o);
    const k = rng.pick(REQ_KEYS);
    if (list.some((r) => r.key === k.key)) return undefined;
    const next = randomRequirement(rng, k.key, k.values);
    list.push(next);
    return `requirement added ${JSON.stringify(next)}`;
  },
  (o, rng) => {
    // A requirement on a key the template labels: every node carries that label.
    const labels = (tmeta(o).labels ?? {}) as Record<string, string>;
    const keys = Object.keys(labels).filter((k) => !reqs(o).some((r) => r.key === k));
    if (keys.length === 0) return undefined;
    const key = rng.pick(keys);
    const next = randomRequirement(rng, key, [labels[key], 'other']);
    reqs(o).push(next);
    return `requirement on template label added ${JSON.stringify(next)}`;
  },
  (o, rng) => {
    const r = reqs(o).find((x) => x.operator === 'In');
    if (!r) return undefined;
    r.minValues = 1 + rng.int((r.values as string[]).length);
    return `minValues ${String(r.minValues)}`;
  },
  (o) => {
    reqs(o).reverse();
    return 'requirements reordered';
  },
  (o, rng) => {
    const s = tspec(o);
    const value = rng.pick(['a', 'b', '', undefined]);
    s.taints = [{ key: 'dedicated', ...(value === undefined ? {} : { value }), effect: 'NoSchedule' }];
    return `taint value ${JSON.stringify(value)}`;
  },
  (o, rng) => {
    (o.spec as Obj).weight = 1 + rng.int(100);
    return 'weight';
  },
];

const classSpec = (o: Obj) => o.spec as Obj;

function termEdit(field: string): Edit {
  return (o, rng) => {
    const spec = classSpec(o);
    const terms = ((spec[field] ?? []) as Obj[]).map((t) => structuredClone(t));
    const choice = rng.int(5);
    if (choice === 0) terms.push({ id: `${field.slice(0, 2)}-0000000${rng.int(9)}` });
    else if (choice === 1 && terms.length > 0) terms.splice(rng.int(terms.length), 1);
    else if (choice === 2)
      terms.push({ tags: { 'karpenter.sh/discovery': rng.pick(['shop', 'dataops', '*']) } });
    else if (terms.length > 0) {
      const t = rng.pick(terms);
      if (choice === 3) t.tags = { ...((t.tags ?? {}) as Obj), 'example.com/extra': 'x' };
      else if (t.tags) {
        const tags = t.tags as Obj;
        const k = rng.pick(Object.keys(tags));
        tags[k] = rng.pick(['*', 'other']);
      } else return undefined;
    } else return undefined;
    if (terms.length === 0 && field !== 'capacityReservationSelectorTerms') return undefined;
    spec[field] = terms;
    return `${field} → ${JSON.stringify(terms)}`;
  };
}

export const CLASS_EDITS: readonly Edit[] = [
  termEdit('subnetSelectorTerms'),
  termEdit('securityGroupSelectorTerms'),
  termEdit('capacityReservationSelectorTerms'),
  (o, rng) => {
    const b = ((classSpec(o).blockDeviceMappings ?? []) as Obj[]).find(
      (x) => typeof (x.ebs as Obj | undefined)?.volumeSize === 'string',
    );
    if (!b) return undefined;
    const ebs = b.ebs as Obj;
    const m = /^([0-9]+)Gi$/.exec(String(ebs.volumeSize));
    if (!m) return undefined;
    const gi = Number(m[1]);
    // The same value in Mi (Quantity.String() prints it back as Gi), or another value or format.
    ebs.volumeSize = rng.pick([`${gi * 1024}Mi`, `${gi + 1}Gi`, `${gi}G`, `${gi * 1024}Gi`]);
    return `volumeSize ${m[0]} → ${String(ebs.volumeSize)}`;
  },
  (o, rng) => {
    const k = (classSpec(o).kubelet ??= {}) as Obj;
    const grace = (k.evictionSoftGracePeriod ?? undefined) as Obj | undefined;
    if (!grace) return undefined;
    const key = Object.keys(grace)[0];
    grace[key] = rng.pick(['60s', '1m', '2m', '1m30s']);
    return `evictionSoftGracePeriod ${String(grace[key])}`;
  },
  (o, rng) => {
    const b = ((classSpec(o).blockDeviceMappings ?? []) as Obj[])[0];
    if (!b) return undefined;
    const v = rng.pick([false, true, undefined]);
    if (v === undefined) delete b.rootVolume;
    else b.rootVolume = v;
    return `rootVolume ${String(v)}`;
  },
  (o, rng) => {
    const tags = (classSpec(o).tags ??= {}) as Obj;
    tags[rng.pick(['team', 'owner'])] = rng.pick(['a', 'b']);
    return 'tags';
  },
  (o, rng) => {
    classSpec(o).ipPrefixCount = rng.int(4);
    return 'ipPrefixCount';
  },
  (o, rng) => {
    const m = (classSpec(o).metadataOptions ??= {}) as Obj;
    m.httpPutResponseHopLimit = 1 + rng.int(2);
    return `hop limit ${String(m.httpPutResponseHopLimit)}`;
  },
  (o, rng) => {
    const terms = classSpec(o).amiSelectorTerms as Obj[];
    const a = terms.find((t) => typeof t.alias === 'string');
    if (!a) return undefined;
    const family = String(a.alias).split('@')[0];
    a.alias = rng.pick([`${family}@v20260625`, String(a.alias)]);
    return `alias ${String(a.alias)}`;
  },
];
