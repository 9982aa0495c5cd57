/**
 * Annotations and labels the user puts on a generated Karpenter object (`metadata` of a node
 * pool or node class): valid keys and values, within the Kubernetes size limit, and none of the
 * keys the tool writes itself (its Argo CD sync annotations, its managed-by label).
 */
import { CheckContext } from './check-context';
import { labelKeyProblem, labelValueProblem } from './check-labels';
import { ARGOCD_ANNOTATIONS, TAGS } from '../facts/constants';
import { PathSegment } from '../parse/located';
import { show } from '../shared/show-value';

/** Kubernetes limit on the total size of an object's annotations. */
const MAX_ANNOTATION_BYTES = 256 * 1024;
const TOOL_KEYS: readonly string[] = [ARGOCD_ANNOTATIONS.syncWave, ARGOCD_ANNOTATIONS.syncOptions];

export function checkObjectAnnotations(
  ctx: CheckContext,
  path: PathSegment[],
  annotations: Readonly<Record<string, string>> | undefined,
): void {
  if (annotations === undefined) return;
  let bytes = 0;
  for (const [key, value] of Object.entries(annotations)) {
    bytes += Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
    const problem = labelKeyProblem(key);
    if (problem) {
      ctx.error(
        [...path, key],
        problem.replace('label key', 'annotation key'),
        'Use a valid annotation key',
        'key',
      );
    } else if (TOOL_KEYS.includes(key)) {
      ctx.error(
        [...path, key],
        `annotation '${show(key)}' is set by the tool (Argo CD sync order and options)`,
        'Remove it: the tool orders node classes before node pools itself',
        'key',
      );
    }
  }
  if (bytes > MAX_ANNOTATION_BYTES) {
    ctx.error(
      path,
      `annotations total ${bytes} bytes, more than the ${MAX_ANNOTATION_BYTES} Kubernetes accepts`,
      'Keep annotations short; store bulk data elsewhere',
      'key',
    );
  }
}

/** Labels the user puts on a generated Karpenter object: valid keys and values, not the tool's managed-by. */
export function checkObjectLabels(
  ctx: CheckContext,
  path: PathSegment[],
  labels: Readonly<Record<string, string>> | undefined,
): void {
  if (labels === undefined) return;
  for (const [key, value] of Object.entries(labels)) {
    const keyProblem = labelKeyProblem(key);
    if (keyProblem) {
      ctx.error(
        [...path, key],
        keyProblem,
        'Use a valid label key (prefix/name, name at most 63 characters)',
        'key',
      );
    } else if (key === TAGS.managedBy) {
      ctx.error(
        [...path, key],
        `label '${show(key)}' is set by the tool (it marks the objects it manages)`,
        'Remove it; use a label of your own',
        'key',
      );
    } else {
      const valueProblem = labelValueProblem(value);
      if (valueProblem)
        ctx.error([...path, key], valueProblem, 'Use a valid label value (at most 63 characters)');
    }
  }
}
