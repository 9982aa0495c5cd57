/**
 * Semantic checks of one cluster description (after the schema passed): what JSON Schema
 * cannot say well, each with its own wording and fix. Node classes and pools are checked
 * in check-node-class.ts / check-node-pool.ts.
 */
import { checkAwsTags, TOOL_TAG_COUNT } from './check-aws-tags';
import { CheckContext } from './check-context';
import { TAGS } from '../facts/constants';
import { labelKeyProblem, labelValueProblem } from './check-labels';
import { clusterNameProblem, isDns1123Label, isDns1123Subdomain, suggestDnsName } from './check-names';
import { checkNodeClass, checkNodeClassTags } from './node-class/check-node-class';
import { checkCapacityBuffers } from './check-capacity-buffer';
import { checkDisruption } from './node-pool/check-disruption';
import { checkInstanceCatalogue } from './node-pool/check-instance-catalogue';
import { checkKarpenterFeatures } from './check-karpenter-features';
import { checkKarpenterVersion } from './check-karpenter-version';
import { checkNodeOverlays } from './check-node-overlay';
import { checkNodePool } from './node-pool/check-node-pool';
import { checkPoolArchitectures } from './node-pool/check-pool-architectures';
import { checkRegion } from './check-region';
import { checkUserDataDownloads } from './node-class/check-user-data-downloads';
import { checkZones } from './node-pool/check-zones';
import { didYouMean } from '../shared/did-you-mean';
import { KNOWN_FEATURE_GATES } from '../facts/feature-gates';
import { checkControllerIdentity } from './check-controller-identity';
import { checkAwsManagedBy } from './check-aws-managed-by';
import { checkHelmValues } from './helm-values-check';
import { PathSegment } from '../parse/located';
import { RawCluster } from '../parse/raw-fleet';
import { show } from '../shared/show-value';

const ACCOUNT_ID = /^[0-9]{12}$/;
const KMS_KEY_ARN = /^arn:(aws|aws-cn|aws-us-gov):kms:[a-z0-9-]+:[0-9]{12}:(key|alias)\/[A-Za-z0-9/_-]+$/;

export function checkClusterSemantics(ctx: CheckContext): void {
  checkClusterName(ctx);
  checkAwsAccountAndRegion(ctx);
  checkControllerIdentity(ctx);
  checkAwsManagedBy(ctx);
  checkKarpenterVersion(ctx);
  checkKarpenterSettings(ctx);
  checkKubernetesNames(ctx);
  checkAwsTags(ctx, ['tags'], ctx.raw.tags, TOOL_TAG_COUNT);
  checkNodeClassTags(ctx, ['tags'], ctx.raw.tags);
  checkCounts(ctx);
  if ((ctx.raw.gitops as RawCluster['gitops'] | undefined) !== undefined) checkGitOps(ctx);
  checkNodeClassesAndPools(ctx);
  checkKarpenterFeatures(ctx);
  checkNodeOverlays(ctx);
  checkCapacityBuffers(ctx);
  checkInstanceCatalogue(ctx);
}

/** The cluster's name, written or taken from the file name. */
function checkClusterName(ctx: CheckContext): void {
  const raw = ctx.raw;
  const name = raw.name ?? ctx.stem;
  const nameProblem = clusterNameProblem(name);
  if (nameProblem) {
    if (raw.name !== undefined) ctx.error(['name'], nameProblem.message, nameProblem.fix);
    else ctx.error([], `${nameProblem.message} (taken from the file name)`, nameProblem.fix);
  }
}

/**
 * AWS account and region.
 * aws and gitops are absent only when a schema error removed them: the rest is checked anyway.
 */
function checkAwsAccountAndRegion(ctx: CheckContext): void {
  const aws: RawCluster['aws'] | undefined = ctx.raw.aws;
  if (aws !== undefined && !ACCOUNT_ID.test(aws.accountId)) {
    ctx.error(
      ['aws', 'accountId'],
      `'${show(aws.accountId)}' is not a 12-digit AWS account ID`,
      'Write the 12 digits in quotes, e.g. "111122223333"',
    );
  }
  if (aws !== undefined) checkRegion(ctx);
}

/** Karpenter: endpoint, interruption queue key, controller tolerations, feature gates, Helm values. */
function checkKarpenterSettings(ctx: CheckContext): void {
  const k = ctx.raw.karpenter ?? {};
  if (k.clusterEndpoint !== undefined && !/^https:\/\/[^\s/]+/.test(k.clusterEndpoint)) {
    ctx.error(
      ['karpenter', 'clusterEndpoint'],
      `'${show(k.clusterEndpoint)}' is not an https:// URL`,
      'Write the API server endpoint, e.g. https://ABC.gr7.eu-west-1.eks.amazonaws.com, or remove it',
    );
  }
  const kms = k.interruptionQueue?.kmsKeyArn;
  if (kms !== undefined && !KMS_KEY_ARN.test(kms)) {
    ctx.error(
      ['karpenter', 'interruptionQueue', 'kmsKeyArn'],
      `'${show(kms)}' is not a KMS key ARN`,
      'Write arn:aws:kms:<region>:<account>:key/<id>, or remove it to use SSE-SQS',
    );
  }
  (k.controller?.tolerations ?? []).forEach((t, i) => {
    if (t.operator === 'Exists' && t.value !== undefined) {
      ctx.error(
        ['karpenter', 'controller', 'tolerations', i, 'value'],
        'operator Exists takes no value',
        'Remove value, or use operator: Equal',
      );
    }
  });
  for (const gate of Object.keys(k.featureGates ?? {})) {
    if ((KNOWN_FEATURE_GATES as readonly string[]).includes(gate)) continue;
    const guess = didYouMean(gate, KNOWN_FEATURE_GATES);
    ctx.error(
      ['karpenter', 'featureGates', gate],
      `unknown feature gate '${show(gate)}'`,
      `${guess ? `Did you mean '${guess}'? ` : ''}Known gates: ${KNOWN_FEATURE_GATES.join(', ')}`,
      'key',
    );
  }
  if (k.helmValues !== undefined) {
    // An imported chart's own keys when its values.yaml was imported (karpenter-gitops import).
    const imported = ctx.importedKarpenter;
    const chart = imported?.valuesKeys
      ? { version: imported.version, keys: new Map(Object.entries(imported.valuesKeys)) }
      : undefined;
    for (const problem of checkHelmValues(k.helmValues, chart)) {
      ctx.error(['karpenter', 'helmValues', ...problem.path], problem.message, problem.fix, 'key');
    }
  }
}

/** Each node class, then each node pool with the checks about it. */
function checkNodeClassesAndPools(ctx: CheckContext): void {
  const raw = ctx.raw;
  const aws: RawCluster['aws'] | undefined = raw.aws;
  const classNames = ctx.classNames;
  for (const [className, nc] of Object.entries(raw.nodeClasses ?? {})) {
    checkNodeClass(ctx, className, nc);
    checkUserDataDownloads(ctx, className, nc);
  }
  for (const [poolName, pool] of Object.entries(raw.nodePools ?? {})) {
    checkNodePool(ctx, poolName, pool, classNames);
    checkDisruption(ctx, poolName, pool);
    if (ctx.applies('instance catalogue')) checkPoolArchitectures(ctx, poolName, pool);
    checkZones(ctx, poolName, pool, aws?.region);
  }
}

function checkGitOps(ctx: CheckContext): void {
  const g = ctx.raw.gitops;
  const dest = g.destination;
  if ((dest.name === undefined) === (dest.server === undefined)) {
    ctx.error(
      ['gitops', 'destination'],
      dest.name === undefined ? 'destination names no cluster' : 'destination has both name and server',
      'Give exactly one: { name: <cluster as registered in Argo CD> } or { server: <API server URL> }',
    );
  }
  if (dest.server !== undefined && !/^https:\/\/[^\s/]+/.test(dest.server)) {
    ctx.error(
      ['gitops', 'destination', 'server'],
      `'${show(dest.server)}' is not an https:// API server URL`,
      'Write e.g. https://kubernetes.default.svc or the cluster endpoint',
    );
  }
  if (!/^(https:\/\/|ssh:\/\/|git@)[^\s]+$/.test(g.repoURL)) {
    ctx.error(
      ['gitops', 'repoURL'],
      `'${show(g.repoURL)}' is not a Git repository URL`,
      'Write https://github.com/<org>/<repo>.git or git@github.com:<org>/<repo>.git',
    );
  }
  if (g.distPath !== undefined && (g.distPath.startsWith('/') || g.distPath.split('/').includes('..'))) {
    ctx.error(
      ['gitops', 'distPath'],
      `'${show(g.distPath)}' is not a path inside the repository`,
      'Write a relative path such as dist',
    );
  }
  if (g.project !== undefined && !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(g.project)) {
    ctx.error(
      ['gitops', 'project'],
      `'${show(g.project)}' is not a valid AppProject name`,
      'Use lower-case letters, digits and -',
    );
  }
  checkLabels(ctx, ['gitops', 'clusterLabels'], g.clusterLabels);
  if (g.clusterLabels !== undefined && TAGS.managedBy in g.clusterLabels) {
    ctx.error(
      ['gitops', 'clusterLabels', TAGS.managedBy],
      `'${TAGS.managedBy}' is set by the tool on every generated object`,
      'Remove it from gitops.clusterLabels, or use another key',
      'key',
    );
  }
}

/** Names that become Kubernetes object names or namespaces in the generated manifests. */
function checkKubernetesNames(ctx: CheckContext): void {
  const k = ctx.raw.karpenter ?? {};
  const g: Partial<RawCluster['gitops']> = ctx.raw.gitops ?? {};
  const names: [PathSegment[], string | undefined, 'namespace' | 'name'][] = [
    [['karpenter', 'namespace'], k.namespace, 'namespace'],
    [['gitops', 'argocdNamespace'], g.argocdNamespace, 'namespace'],
    [['karpenter', 'serviceAccount'], k.serviceAccount, 'name'],
    [['karpenter', 'controller', 'priorityClassName'], k.controller?.priorityClassName, 'name'],
  ];
  for (const [path, value, kind] of names) {
    if (value === undefined) continue;
    const ok = kind === 'namespace' ? isDns1123Label(value) : isDns1123Subdomain(value);
    if (!ok) {
      ctx.error(
        path,
        `'${show(value)}' is not a valid Kubernetes ${kind} (${kind === 'namespace' ? 'DNS-1123 label' : 'DNS-1123 subdomain'}: lower-case letters, digits and '-'${kind === 'name' ? ", '.'" : ''})`,
        `Use e.g. '${show(suggestDnsName(value))}'`,
      );
    }
  }
  const text: [PathSegment[], string | undefined][] = [
    [['gitops', 'targetRevision'], g.targetRevision],
    [['gitops', 'destination', 'name'], g.destination?.name],
  ];
  for (const [path, value] of text) {
    if (value !== undefined && (value.trim() === '' || hasSpaceOrControl(value))) {
      ctx.error(
        path,
        `'${show(value)}' cannot contain spaces or control characters`,
        'Write the name as Argo CD and Git know it',
      );
    }
  }
}

function hasSpaceOrControl(value: string): boolean {
  return [...value].some((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code <= 0x20 || code === 0x7f || /\s/u.test(ch);
  });
}

/** Kubernetes labels (Argo CD cluster labels). */
function checkLabels(
  ctx: CheckContext,
  path: PathSegment[],
  map: Readonly<Record<string, string>> | undefined,
): void {
  for (const [key, value] of Object.entries(map ?? {})) {
    const kp = labelKeyProblem(key);
    if (kp) ctx.error([...path, key], kp, 'Use a valid label key', 'key');
    const vp = labelValueProblem(value);
    if (vp) ctx.error([...path, key], vp, 'Use a valid label value');
  }
}

/** Most node classes and node pools one cluster may describe (a guard against runaway files). */
export const MAX_NODE_CLASSES = 100;
export const MAX_NODE_POOLS = 100;

function checkCounts(ctx: CheckContext): void {
  const classes = Object.keys(ctx.raw.nodeClasses ?? {}).length;
  const pools = Object.keys(ctx.raw.nodePools ?? {}).length;
  if (classes > MAX_NODE_CLASSES) {
    ctx.error(
      ['nodeClasses'],
      `${classes} node classes, more than the ${MAX_NODE_CLASSES} a cluster may have`,
      'Share node classes between pools',
      'key',
    );
  }
  if (pools > MAX_NODE_POOLS) {
    ctx.error(
      ['nodePools'],
      `${pools} node pools, more than the ${MAX_NODE_POOLS} a cluster may have`,
      'Merge pools that differ only in requirements',
      'key',
    );
  }
}
