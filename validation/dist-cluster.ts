/**
 * Where a file of dist/ belongs: the cluster folder of a path (`<cluster>/<sub>/<file>`, with
 * `<sub>` one of the folders the layout gives a cluster), or none (dist/fleet/, anything else).
 * Kept apart from the validator (validation/validate-tree.ts) so that `check`'s git worker can
 * group the base's files without loading it.
 */
import { TARGET_DIRS } from '../policies/targets/target-dirs';
import { VALIDATED_EXTENSIONS } from './validated-extensions';

export { VALIDATED_EXTENSIONS };

/**
 * Sub-folders of a cluster in dist/ (model/shared/dist-layout.ts): the Kubernetes side's, and the
 * folder of every AWS-side target (policies/targets/target-dirs.ts, without loading the targets).
 */
const DIST_SUBDIRS: readonly string[] = [
  'karpenter',
  'argocd',
  'values',
  'base',
  ...Object.values(TARGET_DIRS),
];

/** The cluster folder of a dist/-relative path, or undefined outside the layout. */
export function distCluster(rel: string): { cluster: string; sub: string } | undefined {
  const segs = rel.split('/');
  if (segs.length !== 3 || !DIST_SUBDIRS.includes(segs[1])) return undefined;
  return { cluster: segs[0], sub: segs[1] };
}
