/** Taint checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);

describe('taints', () => {
  it('an empty taint value', () => {
    expect(pool('    taints:\n      - key: a\n        value: ""\n        effect: NoSchedule\n')).toEqual([
      'clusters/demo.yaml:15:16 nodePools.p.taints[0].value: an empty taint value is not accepted. Remove value (a taint may have only a key and an effect).',
    ]);
  });
});
