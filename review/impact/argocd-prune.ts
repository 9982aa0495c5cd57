/**
 * Does Argo CD delete a NodePool whose file is removed from dist/? Only when the Application that
 * syncs the cluster's karpenter/ folder prunes automatically (`spec.syncPolicy.automated.prune`);
 * otherwise the object, and so its nodes, stay until someone syncs with pruning.
 */
import { distPaths } from '../../model';
import { get } from './classify-resource';
import { DistResource } from '../dist-resources';
import { isPlainObject } from './field-diff';

/**
 * @returns true/false from the Application that syncs `<cluster>/karpenter`; undefined when dist/
 *   holds no such Application (e.g. the user syncs dist/ another way).
 */
export function prunesNodePools(cluster: string, resources: Iterable<DistResource>): boolean | undefined {
  const dir = distPaths.karpenterDir(cluster);
  for (const r of resources) {
    if (r.kind !== 'Application') continue;
    const spec = get(r.body, ['spec']);
    const single = get(spec, ['source']);
    const many = get(spec, ['sources']);
    const sources = [single, ...(Array.isArray(many) ? many : [])].filter(isPlainObject);
    const syncsDir = sources.some(
      (s) => typeof s.path === 'string' && (s.path === dir || s.path.endsWith(`/${dir}`)),
    );
    if (!syncsDir) continue;
    return get(spec, ['syncPolicy', 'automated', 'prune']) === true;
  }
  return undefined;
}
