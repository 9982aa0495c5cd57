/**
 * `convert --to eks-auto-mode CLUSTER_FILE`: a self-managed cluster's fleet description turned
 * into its EKS Auto Mode description (docs/eks-auto-mode.md), comments kept. Each field is:
 *
 * - carried over, possibly under its Auto Mode name (`karpenter.k8s.aws/` requirement keys to
 *   `eks.amazonaws.com/`, the root volume's size, IOPS, throughput and key to `ephemeralStorage`,
 *   `associatePublicIPAddress` to `advancedNetworking`);
 * - taken over by EKS (`alias`, AMI selection, IMDSv2 options, the controller, its queue and
 *   identity): removed, and said so;
 * - or not carried over: something the cluster relies on that Auto Mode cannot do (user data,
 *   kubelet settings, data volumes, NodeOverlays, a lifetime above 21 days, ...). Each is named
 *   with its line and why; the conversion then fails (exit 1) and nothing is written.
 * Pure: text in, text and findings out.
 */
import { Document, isMap, isSeq, LineCounter, parseDocument, YAMLMap, YAMLSeq } from 'yaml';
import {
  AUTO_MODE_ABSENT_CLASS_FIELDS,
  AUTO_MODE_ABSENT_CLUSTER_FIELDS,
  AUTO_MODE_INSTANCES,
  AUTO_MODE_LABEL_MAP,
  AUTO_MODE_UNSUPPORTED_LABELS,
  EKS_AUTO_MODE,
  KarpenterAwsLabel,
} from '../model';

export interface AutoModeFinding {
  readonly line: number;
  readonly path: string;
  /** `taken-over`: EKS does it, removed; `renamed`: carried under another name; `lost`: cannot carry over. */
  readonly kind: 'taken-over' | 'renamed' | 'lost';
  readonly message: string;
}

export interface AutoModeConversion {
  readonly text: string;
  readonly findings: readonly AutoModeFinding[];
  /** True when no field was lost: the output describes the same cluster in Auto Mode. */
  readonly complete: boolean;
}

/** Class fields EKS takes over (removed, not lost); the other absent fields are lost. */
const TAKEN_OVER_CLASS_FIELDS = new Set(['alias', 'amiSelectorTerms', 'amiFamily', 'allowLatestAmi']);

type Path = (string | number)[];

class Converter {
  readonly findings: AutoModeFinding[] = [];
  constructor(
    readonly doc: Document,
    readonly lines: LineCounter,
  ) {}

  lineOf(path: Path): number {
    const node = this.doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
    const parent = path.length > 1 ? (this.doc.getIn(path.slice(0, -1), true) as unknown) : this.doc.contents;
    let offset = node?.range?.[0];
    if (isMap(parent)) {
      const pair = parent.items.find(
        (p) => (p.key as { value?: unknown } | null)?.value === path[path.length - 1],
      );
      const key = pair?.key as { range?: [number, number, number] } | undefined;
      offset = key?.range?.[0] ?? offset;
    }
    return offset === undefined ? 0 : this.lines.linePos(offset).line;
  }

  note(path: Path, kind: AutoModeFinding['kind'], message: string): void {
    this.findings.push({ line: this.lineOf(path), path: path.join('.'), kind, message });
  }

  remove(path: Path, kind: 'taken-over' | 'lost', message: string): void {
    if (!this.doc.hasIn(path)) return;
    this.note(path, kind, message);
    this.doc.deleteIn(path);
  }
}

export function convertToAutoMode(text: string): AutoModeConversion {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0 || !isMap(doc.contents)) {
    const line = doc.errors[0] ? lines.linePos(doc.errors[0].pos[0]).line : 1;
    return {
      text,
      findings: [{ line, path: '', kind: 'lost', message: 'the file is not a YAML mapping: fix it first' }],
      complete: false,
    };
  }
  const c = new Converter(doc, lines);
  if (doc.getIn(['karpenter', 'mode']) === 'eks-auto-mode') {
    c.note(['karpenter', 'mode'], 'lost', 'the cluster is already in EKS Auto Mode');
    return { text, findings: c.findings, complete: false };
  }
  for (const [path, instead] of AUTO_MODE_ABSENT_CLUSTER_FIELDS) {
    const lost = path[0] === 'nodeOverlays' || path[0] === 'capacityBuffers' || path[0] === 'podTemplates';
    c.remove(path, lost ? 'lost' : 'taken-over', instead);
  }
  if (doc.hasIn(['karpenter'])) doc.setIn(['karpenter', 'mode'], 'eks-auto-mode');
  else doc.set('karpenter', doc.createNode({ mode: 'eks-auto-mode' }));
  const classes = doc.get('nodeClasses');
  if (isMap(classes)) for (const pair of classes.items) convertClass(c, String(pairKey(pair)));
  const pools = doc.get('nodePools');
  if (isMap(pools)) for (const pair of pools.items) convertPool(c, String(pairKey(pair)));
  const findings = [...c.findings].sort((a, b) => a.line - b.line || a.path.localeCompare(b.path));
  return { text: String(doc), findings, complete: !findings.some((f) => f.kind === 'lost') };
}

function pairKey(pair: { key: unknown }): unknown {
  const key = pair.key as { value?: unknown } | string;
  return typeof key === 'object' && key !== null && 'value' in key ? key.value : key;
}

function convertClass(c: Converter, name: string): void {
  const at = (...rest: Path): Path => ['nodeClasses', name, ...rest];
  if ((EKS_AUTO_MODE.reservedNodeClassNames as readonly string[]).includes(name))
    c.note(
      at(),
      'lost',
      `the name '${name}' is taken by an Auto Mode built-in: rename the class and its pools' nodeClass`,
    );
  carryRootVolume(c, at);
  const publicIp = c.doc.getIn(at('associatePublicIPAddress'));
  if (publicIp !== undefined) {
    c.note(
      at('associatePublicIPAddress'),
      'renamed',
      'carried over as advancedNetworking.associatePublicIPAddress',
    );
    c.doc.deleteIn(at('associatePublicIPAddress'));
    c.doc.setIn(at('advancedNetworking', 'associatePublicIPAddress'), publicIp);
  }
  if (c.doc.getIn(at('metadataOptions', 'httpTokens')) === 'optional')
    c.note(
      at('metadataOptions', 'httpTokens'),
      'lost',
      'Auto Mode enforces IMDSv2: IMDSv1 (httpTokens: optional) is gone',
    );
  for (const [field, instead] of Object.entries(AUTO_MODE_ABSENT_CLASS_FIELDS)) {
    if (field === 'associatePublicIPAddress') continue;
    const takenOver = TAKEN_OVER_CLASS_FIELDS.has(field) || field === 'metadataOptions';
    c.remove(at(field), takenOver ? 'taken-over' : 'lost', instead);
  }
  const terms = c.doc.getIn(at('capacityReservationSelectorTerms'));
  if (isSeq(terms))
    terms.items.forEach((_, i) =>
      c.remove(
        at('capacityReservationSelectorTerms', i, 'instanceMatchCriteria'),
        'lost',
        'an Auto Mode reservation term selects by id, or by tags and owner: no match criteria',
      ),
    );
}

/** The root volume (rootVolume: true, else the only mapping) becomes ephemeralStorage. */
function carryRootVolume(c: Converter, at: (...rest: Path) => Path): void {
  const mappings = c.doc.getIn(at('blockDeviceMappings'));
  if (!isSeq(mappings)) return;
  const items = mappings.items as YAMLMap[];
  const rootIndex = items.length === 1 ? 0 : items.findIndex((m) => isMap(m) && m.get('rootVolume') === true);
  if (rootIndex < 0) return;
  const ebs = items[rootIndex].get('ebs');
  if (!isMap(ebs)) return;
  const storage: Record<string, unknown> = {};
  for (const [from, to] of [
    ['volumeSize', 'size'],
    ['iops', 'iops'],
    ['throughput', 'throughput'],
    ['kmsKeyID', 'kmsKeyID'],
  ] as const) {
    const v = ebs.get(from);
    if (v !== undefined) storage[to] = v;
  }
  c.note(
    at('blockDeviceMappings', rootIndex),
    'renamed',
    `the root volume is carried over as ephemeralStorage (${Object.keys(storage).join(', ') || 'EKS defaults'})`,
  );
  if (Object.keys(storage).length > 0) c.doc.setIn(at('ephemeralStorage'), c.doc.createNode(storage));
  if (items.length === 1) {
    c.doc.deleteIn(at('blockDeviceMappings'));
    return;
  }
  (mappings as YAMLSeq).delete(rootIndex);
}

function convertPool(c: Converter, name: string): void {
  const at = (...rest: Path): Path => ['nodePools', name, ...rest];
  if ((EKS_AUTO_MODE.builtInNodePools as readonly string[]).includes(name))
    c.note(at(), 'lost', `the name '${name}' is an Auto Mode built-in pool: rename the pool`);
  const expire = c.doc.getIn(at('expireAfter'));
  if (typeof expire === 'string') {
    const hours = /^(\d+)h$/.exec(expire);
    if (expire === 'Never' || (hours !== null && Number(hours[1]) > EKS_AUTO_MODE.maxNodeLifetimeHours))
      c.note(
        at('expireAfter'),
        'lost',
        `Auto Mode nodes live at most 21 days (504h): ${expire} cannot carry over`,
      );
  }
  const os = c.doc.getIn(at('operatingSystems'));
  const osValues = isSeq(os) ? os.toJSON() : isMap(os) ? ((os.toJSON() as { in?: string[] }).in ?? []) : [];
  if (os !== undefined)
    c.remove(
      at('operatingSystems'),
      (osValues as string[]).every((v) => v === 'linux') ? 'taken-over' : 'lost',
      'Auto Mode runs Linux nodes only',
    );
  c.remove(at('replicas'), 'lost', 'a static pool needs a feature gate Auto Mode does not expose');
  const families = c.doc.getIn(at('instanceFamilies'));
  const offered = new Set(AUTO_MODE_INSTANCES.families);
  if (isSeq(families))
    families.items.forEach((item, i) => {
      const v = String((item as { value?: unknown }).value ?? item);
      if (!offered.has(v))
        c.note(at('instanceFamilies', i), 'lost', `Auto Mode does not launch the family ${v}`);
    });
  const reqs = c.doc.getIn(at('requirements'));
  if (!isSeq(reqs)) return;
  reqs.items.forEach((item, i) => {
    if (!isMap(item)) return;
    const key = String(item.get('key'));
    if ((AUTO_MODE_UNSUPPORTED_LABELS as readonly string[]).includes(key)) {
      c.note(at('requirements', i, 'key'), 'lost', `Auto Mode runs Linux only and does not support ${key}`);
      return;
    }
    if (!key.startsWith('karpenter.k8s.aws/')) return;
    const mapped = AUTO_MODE_LABEL_MAP[key as KarpenterAwsLabel] as string | undefined;
    if (mapped === undefined) {
      c.note(at('requirements', i, 'key'), 'lost', `${key} has no Auto Mode label`);
      return;
    }
    c.note(at('requirements', i, 'key'), 'renamed', `${key} is carried over as ${mapped}`);
    item.set('key', mapped);
  });
}
