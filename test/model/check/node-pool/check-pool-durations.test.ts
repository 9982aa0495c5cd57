/** Node pool duration checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);

describe('node pool durations', () => {
  it('a bad duration: 30d says to use 720h', () => {
    expect(pool('    disruption:\n      consolidateAfter: 30d\n')).toEqual([
      "clusters/demo.yaml:14:25 nodePools.p.disruption.consolidateAfter: '30d' is not a duration Karpenter accepts (only s, m and h units). Use 720h.",
    ]);
  });

  it('durations that cannot be converted name the accepted units', () => {
    expect(pool('    expireAfter: 1.5h\n    terminationGracePeriod: Never\n')).toEqual([
      "clusters/demo.yaml:13:18 nodePools.p.expireAfter: '1.5h' is not a duration Karpenter accepts. Write whole numbers with s, m and h units, or Never, e.g. 30s, 2m or 720h.",
      "clusters/demo.yaml:14:29 nodePools.p.terminationGracePeriod: 'Never' is not a duration Karpenter accepts. Write whole numbers with s, m and h units, e.g. 30s, 2m or 720h.",
    ]);
  });
});
