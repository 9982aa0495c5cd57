/** Tags Karpenter sets itself, which a node class (or its cluster) may not set. */
import { CheckContext } from '../check-context';
import { TAGS } from '../../facts/constants';
import { PathSegment } from '../../parse/located';
import { show } from '../../shared/show-value';

/** Tags Karpenter sets itself: an EC2NodeClass may not set them. */
const RESERVED_TAG_KEYS: readonly string[] = [TAGS.eksCluster, TAGS.nodePool, TAGS.nodeClaim, TAGS.nodeClass];
const RESERVED_TAG_PREFIX = 'kubernetes.io/cluster/';

/** Node class tags (cluster tags are merged under them, so they are checked here too). */
export function checkNodeClassTags(
  ctx: CheckContext,
  path: PathSegment[],
  tags: Readonly<Record<string, string>> | undefined,
): void {
  for (const key of Object.keys(tags ?? {})) {
    if (key === '') {
      ctx.error([...path, key], 'empty tag keys are not supported', 'Give the tag a key', 'key');
    } else if (RESERVED_TAG_KEYS.includes(key) || key.startsWith(RESERVED_TAG_PREFIX)) {
      ctx.error(
        [...path, key],
        `tag '${show(key)}' is set by Karpenter itself`,
        'Remove it (Karpenter tags every instance with the cluster, node pool, node claim and node class)',
        'key',
      );
    }
  }
}
