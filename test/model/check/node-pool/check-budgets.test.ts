/** Disruption budget checks. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool, so the pool key is line 11. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);

describe('disruption budgets', () => {
  it('a budget schedule without a duration', () => {
    expect(
      pool('    disruption:\n      budgets:\n        - nodes: "0"\n          schedule: "0 9 * * mon-fri"\n'),
    ).toEqual([
      'clusters/demo.yaml:16:11 nodePools.p.disruption.budgets[0].schedule: a budget with a schedule needs a duration. Add duration (e.g. 8h): how long the budget applies after each scheduled start.',
    ]);
  });

  it('budget nodes, cron and duration units', () => {
    expect(
      pool(
        '    disruption:\n      budgets:\n        - nodes: "110%"\n          schedule: "daily"\n          duration: 90s\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:15:18 nodePools.p.disruption.budgets[0].nodes: '110%' is not a node count or percentage. Write a whole number (e.g. 0 or 5) or a percentage (e.g. 10%).",
      "clusters/demo.yaml:16:21 nodePools.p.disruption.budgets[0].schedule: 'daily' does not match the NodePool CRD's pattern for schedule, so the API server refuses the NodePool (it matches the pattern with Go's regexp, where \\s is only an ASCII space, tab or line break and nothing may come before a descriptor). Write five fields separated by ASCII spaces, e.g. \"0 9 * * mon-fri\", or one of @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly, with nothing before it.",
      "clusters/demo.yaml:17:21 nodePools.p.disruption.budgets[0].duration: '90s' is not a duration Karpenter accepts. Write whole numbers with h and m units, e.g. 8h or 30m.",
    ]);
  });
});
