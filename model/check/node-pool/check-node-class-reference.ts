/** A node pool's `nodeClass:` must name a node class of the same cluster. */
import { CheckContext } from '../check-context';
import { didYouMean } from '../../shared/did-you-mean';
import { PathSegment } from '../../parse/located';
import { show } from '../../shared/show-value';

export function checkNodeClassReference(
  ctx: CheckContext,
  path: PathSegment[],
  nodeClass: string,
  classNames: readonly string[],
): void {
  if (classNames.includes(nodeClass)) return;
  const guess = didYouMean(nodeClass, classNames);
  const known =
    classNames.length > 0
      ? `this cluster has: ${[...classNames]
          .sort()
          .map((n) => show(n))
          .join(', ')}`
      : 'this cluster has no nodeClasses';
  ctx.error(
    path,
    `node class '${show(nodeClass)}' does not exist (${known})`,
    guess
      ? `Did you mean '${show(guess)}'? Or add a node class '${show(nodeClass)}' under nodeClasses`
      : `Name one of the cluster’s nodeClasses, or add a node class '${show(nodeClass)}' under nodeClasses`,
  );
}
