/** Disruption foot-guns. `demo.yaml` = MINIMAL (6 lines) + CLASS (3 lines) + the pool (line 11 on). */
import { formatDiagnostic } from '../../../../model/shared/diagnostics';
import { MIN_EXPIRE_AFTER_SECONDS } from '../../../../model/check/node-pool/check-disruption';
import { loadCluster, MINIMAL } from '../../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const warnings = (body: string) =>
  loadCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`).warnings.map(
    formatDiagnostic,
  );
const budgets = (...lines: string[]) => `    disruption:\n      budgets:\n${lines.join('')}`;

describe('disruption foot-guns', () => {
  it('the threshold for expireAfter is one hour, defined once', () => {
    expect(MIN_EXPIRE_AFTER_SECONDS).toBe(3600);
    expect(warnings('    expireAfter: 59m\n')).toEqual([
      'clusters/demo.yaml:13:18 warning: nodePools.p.expireAfter: expireAfter 59m is under 1h: Karpenter replaces every node of this pool 59m after it launches, whatever the disruption budgets say, so nodes churn constantly. Use at least 1h (e.g. 720h for 30 days), or Never.',
    ]);
    expect(warnings('    expireAfter: 1h\n')).toEqual([]);
    expect(warnings('    expireAfter: Never\n')).toEqual([]);
  });

  it('a zero budget restricted to reasons other than Drifted lets drift roll out', () => {
    expect(warnings(budgets('        - nodes: "0"\n          reasons: [Underutilized, Empty]\n'))).toEqual(
      [],
    );
  });

  it('a zero budget for Drifted only, or 0%, blocks drift', () => {
    expect(warnings(budgets('        - nodes: "0%"\n          reasons: [Drifted]\n'))).toEqual([
      'clusters/demo.yaml:15:18 warning: nodePools.p.disruption.budgets[0].nodes: this budget allows 0 nodes at all times (no schedule) for Drifted: Karpenter never replaces drifted nodes, so AMI updates and node class changes never roll out to running nodes. Give the budget a schedule and duration (a maintenance window), restrict it with reasons: [Underutilized, Empty], or allow some nodes (e.g. nodes: "10%").',
    ]);
  });

  it('a zero budget with a maintenance window leaves drift to the other hours', () => {
    expect(
      warnings(
        budgets('        - nodes: "0"\n          schedule: "0 9 * * mon-fri"\n          duration: 8h\n'),
      ),
    ).toEqual([]);
  });

  it('a duration covering the gap between starts makes the budget always active (and blocks drift)', () => {
    expect(
      warnings(
        budgets('        - nodes: "0"\n          schedule: "0 9 * * mon-fri"\n          duration: 72h\n'),
      ),
    ).toEqual([
      'clusters/demo.yaml:15:18 warning: nodePools.p.disruption.budgets[0].nodes: this budget allows 0 nodes at all times (see its schedule) for every reason: Karpenter never replaces drifted nodes, so AMI updates and node class changes never roll out to running nodes. Give the budget a schedule and duration (a maintenance window), restrict it with reasons: [Underutilized, Empty], or allow some nodes (e.g. nodes: "10%").',
      "clusters/demo.yaml:17:21 warning: nodePools.p.disruption.budgets[0].duration: duration 72h is at least the longest gap between the schedule's starts (72h), so Karpenter treats this budget as active at all times. Use a duration shorter than 72h, or remove schedule and duration if the budget is meant to apply at all times.",
    ]);
  });

  it('a schedule that never fires makes the budget always active', () => {
    expect(
      warnings(budgets('        - nodes: "5"\n          schedule: "0 0 30 2 *"\n          duration: 1h\n')),
    ).toEqual([
      "clusters/demo.yaml:16:21 warning: nodePools.p.disruption.budgets[0].schedule: '0 0 30 2 *' never fires (no date matches it), so Karpenter treats this budget as active at all times. Correct the schedule, or remove schedule and duration if the budget is meant to apply at all times.",
    ]);
  });
});
