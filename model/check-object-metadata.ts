/**
 * Annotations the user puts on a generated Karpenter object (`metadata.annotations` of a node
 * pool or node class): valid keys, within the Kubernetes size limit, and none of the keys the
 * tool writes itself (its Argo CD sync annotations).
 */
import { CheckContext } from './check-context';
import { labelKeyProblem } from './check-labels';
import { ARGOCD_ANNOTATIONS } from './constants';
import { PathSegment } from './located';
import { show } from './show-value';

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
