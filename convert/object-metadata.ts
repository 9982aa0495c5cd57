/**
 * The parts of an input object outside `spec`: metadata the API server or other tools
 * wrote (reported once and left out), metadata the user wrote on the object itself (the
 * fleet format has no place for it: reported), and `status`.
 */
import { DocumentContext } from './document-context';

/** Metadata fields the API server sets. */
const SERVER_METADATA = [
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
  'finalizers',
  'ownerReferences',
];

/** Annotation key prefixes written by Karpenter, kubectl, Helm or Argo CD rather than by the user. */
const TOOL_ANNOTATION_PREFIXES = [
  'kubectl.kubernetes.io/last-applied-configuration',
  'karpenter.sh/nodepool-hash',
  'karpenter.k8s.aws/ec2nodeclass-hash',
  'compatibility.karpenter.k8s.aws/',
  'meta.helm.sh/',
  'argocd.argoproj.io/',
];

/** Annotations handled by the converter itself (not reported as dropped here). */
export const KUBELET_COMPATIBILITY_ANNOTATION = 'compatibility.karpenter.sh/v1beta1-kubelet-conversion';

/** The user's own labels and annotations on an object, for the draft's `metadata`. */
export interface KeptMetadata {
  readonly labels: Record<string, string>;
  readonly annotations: Record<string, string>;
}

/**
 * Reports what outside `spec` cannot be carried over. With `keepMetadata` the user's own labels
 * and annotations on the object (not Karpenter's, kubectl's, Helm's or Argo CD's) are returned
 * for the draft's `metadata` instead of being reported as dropped.
 */
export function reportObjectExtras(ctx: DocumentContext, target: string, keepMetadata = false): KeptMetadata {
  const kept: KeptMetadata = { labels: {}, annotations: {} };
  ctx.dropUnknownKeys(
    [],
    ['apiVersion', 'kind', 'metadata', 'spec', 'status'],
    'Not part of a Kubernetes object of this kind',
  );
  if (!ctx.doc.name) {
    ctx.error(['metadata'], 'has no name', 'Set metadata.name');
  }
  const metadata = ctx.map(['metadata']) ?? {};
  const server = Object.keys(metadata).filter((k) => SERVER_METADATA.includes(k));
  if (server.length > 0) {
    ctx.report(
      'info',
      'dropped',
      ['metadata', server[0]],
      '',
      `${server.join(', ')} left out`,
      'The API server and controllers set these; they are not configuration',
    );
  }
  if (metadata.namespace !== undefined) {
    ctx.report(
      'info',
      'dropped',
      ['metadata', 'namespace'],
      '',
      'namespace left out',
      'NodePools and EC2NodeClasses are cluster-scoped',
    );
  }
  ctx.dropUnknownKeys(
    ['metadata'],
    ['name', 'namespace', 'labels', 'annotations', ...SERVER_METADATA],
    'Not object metadata the fleet format can express',
  );
  for (const part of ['labels', 'annotations'] as const) {
    const map = ctx.stringMap(['metadata', part]) ?? {};
    const toolKeys: string[] = [];
    for (const key of Object.keys(map)) {
      if (key === KUBELET_COMPATIBILITY_ANNOTATION) continue;
      if (part === 'annotations' && TOOL_ANNOTATION_PREFIXES.some((p) => key.startsWith(p))) {
        toolKeys.push(key);
        continue;
      }
      if (
        part === 'labels' &&
        (key === 'app.kubernetes.io/managed-by' ||
          key.startsWith('helm.sh/') ||
          key.startsWith('argocd.argoproj.io/'))
      ) {
        toolKeys.push(key);
        continue;
      }
      if (keepMetadata) {
        kept[part][key] = map[key];
        continue;
      }
      ctx.report(
        'warning',
        'dropped',
        ['metadata', part, key],
        '',
        `${part === 'labels' ? 'label' : 'annotation'} ${key} on the ${ctx.doc.kind} object itself was left out`,
        `The fleet format has no ${part} for the object itself (${target} describes the nodes); generated objects carry the tool's own labels`,
      );
    }
    if (toolKeys.length > 0) {
      ctx.report(
        'info',
        'dropped',
        ['metadata', part, toolKeys[0]],
        '',
        `${toolKeys.join(', ')} left out`,
        'Written by Karpenter, kubectl, Helm or Argo CD, not by you; they are recomputed',
      );
    }
  }
  if (ctx.has(['status'])) {
    ctx.report(
      'info',
      'dropped',
      ['status'],
      '',
      'status left out',
      'Karpenter writes status; it is not configuration',
    );
  }
  return kept;
}

/** Puts kept object labels and annotations on a draft (left unset when there are none). */
export function keepMetadata(
  draft: { objectAnnotations?: Record<string, string>; objectLabels?: Record<string, string> },
  kept: KeptMetadata,
): void {
  if (Object.keys(kept.annotations).length > 0) draft.objectAnnotations = kept.annotations;
  if (Object.keys(kept.labels).length > 0) draft.objectLabels = kept.labels;
}
