/** Node pool label and annotation checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);

describe('node pool labels and annotations', () => {
  it('annotations over the 256 KiB Kubernetes limit', () => {
    expect(pool(`    annotations:\n      example.com/big: ${'a'.repeat(300000)}\n`)).toEqual([
      'clusters/demo.yaml:13:5 nodePools.p.annotations: annotations total 300015 bytes, more than the 262144 Kubernetes accepts. Keep annotations short; store bulk data elsewhere.',
    ]);
  });
});
