/** Node pool limit checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);

describe('node pool limits', () => {
  it('limits must be quantities', () => {
    expect(pool('    limits:\n      cpu: lots\n')).toEqual([
      "clusters/demo.yaml:14:12 nodePools.p.limits.cpu: 'lots' is not a Kubernetes quantity. Write e.g. 100, 500m or 400Gi.",
    ]);
  });

  it('limits accept every Kubernetes quantity form', () => {
    expect(() =>
      loadCluster(
        `${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n    limits: { cpu: 1e3, memory: 1.5Ti, x.com/y: 500m }\n`,
      ),
    ).not.toThrow();
  });
});
