/** A node pool's `taints:` and `startupTaints:`. */
import { CheckContext } from '../check-context';
import { labelKeyProblem } from '../check-labels';
import { PathSegment } from '../../parse/located';
import { RawTaint } from '../../parse/raw-fleet';

export function checkTaints(
  ctx: CheckContext,
  path: PathSegment[],
  taints: readonly RawTaint[] | undefined,
): void {
  (taints ?? []).forEach((t, i) => {
    const keyProblem = labelKeyProblem(t.key);
    if (keyProblem)
      ctx.error(
        [...path, i, 'key'],
        keyProblem.replace('label key', 'taint key'),
        'Use a valid taint key such as example.com/dedicated',
      );
    if (t.value !== undefined) {
      // Karpenter's NodePool schema wants a non-empty qualified name as a taint value.
      const valueProblem = t.value === '' ? 'an empty taint value is not accepted' : labelKeyProblem(t.value);
      if (valueProblem)
        ctx.error(
          [...path, i, 'value'],
          valueProblem.replace('label key', 'taint value'),
          t.value === ''
            ? 'Remove value (a taint may have only a key and an effect)'
            : 'Use a short value without spaces',
        );
    }
  });
}
