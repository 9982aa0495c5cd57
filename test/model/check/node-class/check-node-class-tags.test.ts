/** Node class tag checks. `demo.yaml` = MINIMAL (6 lines) + `nodeClasses:` (line 7) + `  d:` (line 8) + the body. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  d:\n${body}`;

describe('node class tags', () => {
  it('tags Karpenter sets itself, on the class or the cluster', () => {
    expect(
      errorsOfCluster(nodeClass('    alias: al2023@v20260714\n    tags:\n      karpenter.sh/nodepool: x\n')),
    ).toEqual([
      "clusters/demo.yaml:11:7 nodeClasses.d.tags.karpenter.sh/nodepool: tag 'karpenter.sh/nodepool' is set by Karpenter itself. Remove it (Karpenter tags every instance with the cluster, node pool, node claim and node class).",
    ]);
    expect(errorsOfCluster(MINIMAL + 'tags:\n  kubernetes.io/cluster/demo: owned\n')).toEqual([
      "clusters/demo.yaml:8:3 tags.kubernetes.io/cluster/demo: tag 'kubernetes.io/cluster/demo' is set by Karpenter itself. Remove it (Karpenter tags every instance with the cluster, node pool, node claim and node class).",
    ]);
  });
});
