/** Requirement shorthand checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);

describe('requirement shorthands', () => {
  it('shorthand maps need exactly one of in / notIn', () => {
    expect(
      pool(
        '    zones: { minValues: 2 }\n    instanceTypes: { in: [m5.large, m5.xlarge, m5.2xlarge], notIn: [c5.large] }\n',
      ),
    ).toEqual([
      'clusters/demo.yaml:13:12 nodePools.p.zones: neither in nor notIn is set. Give exactly one of in: [...] or notIn: [...].',
      'clusters/demo.yaml:14:20 nodePools.p.instanceTypes: in and notIn are both set. Give exactly one of in: [...] or notIn: [...].',
    ]);
  });
});
