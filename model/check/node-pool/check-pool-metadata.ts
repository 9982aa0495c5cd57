/** A node pool's template `labels:` and `annotations:`. */
import { CheckContext } from '../check-context';
import { labelKeyProblem, labelValueProblem, restrictedLabelProblem } from '../check-labels';
import { PathSegment } from '../../parse/located';

/** Kubernetes limit on the total size of an object's annotations. */
export const MAX_ANNOTATION_BYTES = 256 * 1024;

export function checkPoolLabels(
  ctx: CheckContext,
  path: PathSegment[],
  labels: Readonly<Record<string, string>> | undefined,
): void {
  for (const [key, value] of Object.entries(labels ?? {})) {
    const keyProblem = labelKeyProblem(key);
    if (keyProblem) ctx.error([...path, key], keyProblem, 'Use a valid label key', 'key');
    else {
      const restricted = restrictedLabelProblem(key);
      if (restricted) ctx.error([...path, key], restricted.message, restricted.fix, 'key');
    }
    const valueProblem = labelValueProblem(value);
    if (valueProblem)
      ctx.error([...path, key], valueProblem, 'Use a shorter value without spaces or special characters');
  }
}

/** Their total size first, then each key. */
export function checkPoolAnnotations(
  ctx: CheckContext,
  path: PathSegment[],
  annotations: Readonly<Record<string, string>> | undefined,
): void {
  const annotationBytes = Object.entries(annotations ?? {}).reduce(
    (sum, [k, v]) => sum + Buffer.byteLength(k, 'utf8') + Buffer.byteLength(v, 'utf8'),
    0,
  );
  if (annotationBytes > MAX_ANNOTATION_BYTES) {
    ctx.error(
      path,
      `annotations total ${annotationBytes} bytes, more than the ${MAX_ANNOTATION_BYTES} Kubernetes accepts`,
      'Keep annotations short; store bulk data elsewhere',
      'key',
    );
  }
  for (const key of Object.keys(annotations ?? {})) {
    const keyProblem = labelKeyProblem(key);
    if (keyProblem)
      ctx.error(
        [...path, key],
        keyProblem.replace('label key', 'annotation key'),
        'Use a valid annotation key',
        'key',
      );
  }
}
