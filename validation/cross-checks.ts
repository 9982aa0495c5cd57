/**
 * Checks across the artifacts of ONE cluster (dist/<cluster>/...): references resolve and
 * the names the Kubernetes side uses match what the AWS side (CloudFormation or Terraform) creates. Everything here is
 * linear in the cluster's size except the pool-overlap pairs, which stay inside a cluster.
 */
import { KARPENTER_CHART, KARPENTER_CRD_CHART } from '../model';
import { AwsSideFacts } from './aws-side-facts';
import { Finding, formatPath } from './finding';
import { ManifestDocument } from './manifest-source';
import { overlappingPools, PoolShape, Requirement } from './pool-overlap';
import { PathSegment } from '../model';

export interface ClusterArtifacts {
  readonly cluster: string;
  /** The version the cluster declares (fleet model) or the CLI was given; schemas of this version were used. */
  /** Shipped or imported. */
  readonly karpenterVersion: string;
  /** Kubernetes objects of the cluster (node classes, node pools, Argo CD objects...). */
  readonly manifests: readonly ManifestDocument[];
  /** dist/<cluster>/values/karpenter.yaml, when present. */
  readonly values?: ManifestDocument;
  /**
   * What the cluster's AWS-side file creates (dist/<cluster>/cloudformation/karpenter.json or
   * dist/<cluster>/terraform/karpenter.tf.json, validation/aws-side-facts.ts), when present.
   */
  readonly awsSide?: AwsSideFacts;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function get(v: unknown, path: readonly PathSegment[]): unknown {
  let n = v;
  for (const s of path)
    n = isRecord(n) || Array.isArray(n) ? (n as Record<string | number, unknown>)[s] : undefined;
  return n;
}

const stripV = (v: string) => v.replace(/^v/, '');

function poolShape(name: string, value: unknown): PoolShape {
  const spec = get(value, ['spec', 'template', 'spec']);
  const reqs = get(spec, ['requirements']);
  const taints = get(spec, ['taints']);
  const labels = get(value, ['spec', 'template', 'metadata', 'labels']);
  const weight = get(value, ['spec', 'weight']);
  return {
    name,
    weight: typeof weight === 'number' ? weight : 0,
    requirements: Array.isArray(reqs)
      ? reqs.filter(isRecord).map(
          (r) =>
            ({
              key: String(r.key),
              operator: String(r.operator),
              ...(Array.isArray(r.values) ? { values: r.values.map(String) } : {}),
            }) as Requirement,
        )
      : [],
    labels: isRecord(labels)
      ? Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)]))
      : {},
    taints: Array.isArray(taints)
      ? taints.filter(isRecord).map((t) => ({
          key: String(t.key),
          ...(t.value !== undefined ? { value: String(t.value) } : {}),
          effect: String(t.effect),
        }))
      : [],
  };
}

/** Records one finding at `path` of `doc`; `check` is prefixed with `cross/`. */
type Report = (
  doc: ManifestDocument,
  object: string | undefined,
  check: string,
  path: PathSegment[],
  message: string,
  fix?: string,
  severity?: 'error' | 'warning',
) => void;

interface Manifest {
  readonly doc: ManifestDocument;
  readonly value: Record<string, unknown>;
}
interface NamedManifest extends Manifest {
  readonly name: string;
}

/** The objects the cross-checks compare, by kind. */
interface ClusterObjects {
  readonly nodeClasses: Map<string, Manifest>;
  readonly pools: NamedManifest[];
  readonly applications: NamedManifest[];
}

export function crossCheckCluster(c: ClusterArtifacts): Finding[] {
  const out: Finding[] = [];
  const report = findingReporter(out);
  const objects = collectObjects(c.manifests);
  for (const p of objects.pools) {
    checkNodeClassRef(c, p, objects.nodeClasses, report);
    checkPoolLimits(p, report);
  }
  checkPoolOverlap(objects.pools, report);
  for (const app of objects.applications) checkChartVersions(c, app, report);
  const facts = c.awsSide;
  if (c.values) checkHelmValues(c, c.values, facts, report);
  if (facts) checkNodeClassIam(objects.nodeClasses, facts, report);
  return out;
}

function findingReporter(out: Finding[]): Report {
  return (doc, object, check, path, message, fix, severity = 'error') => {
    const pos = doc.locate(path);
    out.push({
      file: doc.file,
      document: doc.index,
      ...(object ? { object } : {}),
      severity,
      line: pos.line,
      col: pos.col,
      path: formatPath(path),
      message,
      check: `cross/${check}`,
      ...(fix ? { fix } : {}),
    });
  };
}

function collectObjects(manifests: readonly ManifestDocument[]): ClusterObjects {
  const nodeClasses = new Map<string, Manifest>();
  const pools: NamedManifest[] = [];
  const applications: NamedManifest[] = [];
  for (const doc of manifests) {
    const v = doc.value;
    if (!isRecord(v)) continue;
    const name = String(get(v, ['metadata', 'name']) ?? '');
    if (v.kind === 'EC2NodeClass' && String(v.apiVersion).startsWith('karpenter.k8s.aws/'))
      nodeClasses.set(name, { doc, value: v });
    else if (v.kind === 'NodePool' && String(v.apiVersion).startsWith('karpenter.sh/'))
      pools.push({ doc, value: v, name });
    else if (v.kind === 'Application' && String(v.apiVersion).startsWith('argoproj.io/'))
      applications.push({ doc, value: v, name });
  }
  return { nodeClasses, pools, applications };
}

/** nodeClassRef resolves to an EC2NodeClass of the cluster. */
function checkNodeClassRef(
  c: ClusterArtifacts,
  p: NamedManifest,
  nodeClasses: ReadonlyMap<string, Manifest>,
  report: Report,
): void {
  const object = `NodePool/${p.name}`;
  const ref = get(p.value, ['spec', 'template', 'spec', 'nodeClassRef']);
  const refPath = ['spec', 'template', 'spec', 'nodeClassRef'];
  if (!isRecord(ref)) return;
  const refName = String(ref.name ?? '');
  if (ref.group !== 'karpenter.k8s.aws' || ref.kind !== 'EC2NodeClass') {
    report(
      p.doc,
      object,
      'node-class-ref',
      refPath,
      `nodeClassRef points at ${String(ref.group)}/${String(ref.kind)}, not karpenter.k8s.aws/EC2NodeClass`,
      'Use group karpenter.k8s.aws and kind EC2NodeClass',
    );
  } else if (!nodeClasses.has(refName)) {
    const known = [...nodeClasses.keys()].sort();
    report(
      p.doc,
      object,
      'node-class-ref',
      [...refPath, 'name'],
      `nodeClassRef names EC2NodeClass '${refName}', which cluster ${c.cluster} does not define`,
      known.length ? `Use one of: ${known.join(', ')}` : 'Add the EC2NodeClass to the cluster',
    );
  }
}

/** A dynamic pool has limits. */
function checkPoolLimits(p: NamedManifest, report: Report): void {
  const limits = get(p.value, ['spec', 'limits']);
  if (
    get(p.value, ['spec', 'replicas']) === undefined &&
    (!isRecord(limits) || Object.keys(limits).length === 0)
  ) {
    report(
      p.doc,
      `NodePool/${p.name}`,
      'no-limits',
      ['spec'],
      `NodePool '${p.name}' has no limits: Karpenter may launch nodes without bound`,
      'Set spec.limits, e.g. cpu: "1000" and memory: 1000Gi',
      'warning',
    );
  }
}

/** Two pools with equal weight that can serve the same pod (who wins: equalWeightOrder). */
function checkPoolOverlap(pools: readonly NamedManifest[], report: Report): void {
  const dynamicPools = pools.filter((p) => get(p.value, ['spec', 'replicas']) === undefined);
  const byName = new Map(dynamicPools.map((p) => [p.name, p]));
  for (const [a, b] of overlappingPools(dynamicPools.map((p) => poolShape(p.name, p.value)))) {
    const pb = byName.get(b.name)!;
    const [first, second] = equalWeightOrder(a.name, b.name);
    report(
      pb.doc,
      `NodePool/${b.name}`,
      'pool-overlap',
      ['spec'],
      `NodePools '${a.name}' and '${b.name}' can match the same pods (compatible requirements, same taints) with equal weight ${a.weight}: Karpenter orders equal weights by name, last name first, so '${first}' gets these pods whenever it can launch a node for them and '${second}' only when it cannot`,
      'If that is not what you want, give the pool that should win a higher spec.weight, or make their requirements or taints disjoint',
      'warning',
    );
  }
}

/** Chart and CRD versions agree with the declared version (whose schemas were used). */
function checkChartVersions(c: ClusterArtifacts, app: NamedManifest, report: Report): void {
  const sources = [
    get(app.value, ['spec', 'source']),
    ...((get(app.value, ['spec', 'sources']) as unknown[] | undefined) ?? []),
  ];
  sources.forEach((s, i) => {
    if (
      !isRecord(s) ||
      (s.chart !== KARPENTER_CHART && s.chart !== KARPENTER_CRD_CHART) ||
      typeof s.targetRevision !== 'string'
    )
      return;
    if (stripV(s.targetRevision) === c.karpenterVersion) return;
    const path =
      i === 0 ? ['spec', 'source', 'targetRevision'] : ['spec', 'sources', i - 1, 'targetRevision'];
    report(
      app.doc,
      `Application/${app.name}`,
      'versions',
      path,
      `chart ${String(s.chart)} is at ${s.targetRevision} but cluster ${c.cluster} declares Karpenter ${c.karpenterVersion} (whose CRD schemas validated its objects)`,
      'Chart, CRD chart and schemas must use one Karpenter version: regenerate with karpenter-gitops synth',
    );
  });
}

/** Helm values vs the AWS side: cluster name, then interruption queue. */
function checkHelmValues(
  c: ClusterArtifacts,
  values: ManifestDocument,
  facts: AwsSideFacts | undefined,
  report: Report,
): void {
  const settings = get(values.value, ['settings']);
  checkClusterName(c, values, get(settings, ['clusterName']), facts, report);
  if (facts && facts.queueNames.size > 0)
    checkInterruptionQueue(values, get(settings, ['interruptionQueue']), facts, report);
}

function checkClusterName(
  c: ClusterArtifacts,
  values: ManifestDocument,
  clusterName: unknown,
  facts: AwsSideFacts | undefined,
  report: Report,
): void {
  if (clusterName !== c.cluster) {
    report(
      values,
      undefined,
      'cluster-name',
      ['settings', 'clusterName'],
      `settings.clusterName is '${String(clusterName ?? '')}' but the cluster is '${c.cluster}'`,
      `Set settings.clusterName to ${c.cluster}`,
    );
  } else if (facts && facts.clusterNames.size > 0 && !facts.clusterNames.has(clusterName)) {
    report(
      values,
      undefined,
      'cluster-name',
      ['settings', 'clusterName'],
      `settings.clusterName '${clusterName}' differs from the cluster ${facts.title} grants access to (${[...facts.clusterNames].sort().join(', ')})`,
    );
  }
}

function checkInterruptionQueue(
  values: ManifestDocument,
  queue: unknown,
  facts: AwsSideFacts,
  report: Report,
): void {
  if (typeof queue !== 'string' || queue === '') {
    report(
      values,
      undefined,
      'interruption-queue',
      ['settings'],
      `settings.interruptionQueue is not set although ${facts.title} creates queue ${[...facts.queueNames].sort().join(', ')}: Karpenter would ignore interruptions`,
      'Set settings.interruptionQueue to the queue name',
    );
  } else if (!facts.queueNames.has(queue)) {
    report(
      values,
      undefined,
      'interruption-queue',
      ['settings', 'interruptionQueue'],
      `settings.interruptionQueue '${queue}' is not the queue ${facts.title} creates (${[...facts.queueNames].sort().join(', ')})`,
      'Use the same queue name in both',
    );
  }
}

/** EC2NodeClass role / instance profile vs the AWS side. */
function checkNodeClassIam(
  nodeClasses: ReadonlyMap<string, Manifest>,
  facts: AwsSideFacts,
  report: Report,
): void {
  for (const [name, nc] of nodeClasses) {
    const role = get(nc.value, ['spec', 'role']);
    const profile = get(nc.value, ['spec', 'instanceProfile']);
    if (typeof role === 'string' && facts.nodeRoleNames.size > 0) {
      const roleName = role.includes('/') ? role.slice(role.lastIndexOf('/') + 1) : role;
      if (!facts.nodeRoleNames.has(roleName)) {
        report(
          nc.doc,
          `EC2NodeClass/${name}`,
          'node-role',
          ['spec', 'role'],
          `role '${role}' is not the node role ${facts.title} creates (${[...facts.nodeRoleNames].sort().join(', ')})`,
          `Nodes would fail to join: use the node role name from the cluster's ${facts.title}`,
        );
      }
    }
    if (
      typeof profile === 'string' &&
      facts.instanceProfileNames.size > 0 &&
      !facts.instanceProfileNames.has(profile)
    ) {
      report(
        nc.doc,
        `EC2NodeClass/${name}`,
        'instance-profile',
        ['spec', 'instanceProfile'],
        `instanceProfile '${profile}' is not an instance profile ${facts.title} creates (${[...facts.instanceProfileNames].sort().join(', ')})`,
      );
    }
  }
}

/**
 * The order Karpenter tries two NodePools of equal weight in: by name, descending
 * (OrderByWeight, kubernetes-sigs/karpenter v1.14.1 pkg/utils/nodepool/nodepool.go).
 */
export function equalWeightOrder(a: string, b: string): [string, string] {
  return a > b ? [a, b] : [b, a];
}
