/** Node class reference checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';

describe('node class reference', () => {
  it('a node class that does not exist, with did-you-mean', () => {
    expect(errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: defualt\n`)).toEqual([
      "clusters/demo.yaml:12:16 nodePools.p.nodeClass: node class 'defualt' does not exist (this cluster has: default). Did you mean 'default'? Or add a node class 'defualt' under nodeClasses.",
    ]);
  });
});
