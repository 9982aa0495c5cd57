import { smokeTestDiagnostics } from '../../../charts/cluster-base/smoke-test-check';
import { formatDiagnostic } from '../../../model/shared/diagnostics';
import { NodePoolModel } from '../../../model/shared/fleet-model';
import { clusterFixture, MINIMAL_NODE_CLASS, MINIMAL_NODE_POOL } from '../../support/fleet-fixtures';

const check = (pool: Partial<NodePoolModel>) =>
  smokeTestDiagnostics(
    clusterFixture('ticketing', [MINIMAL_NODE_CLASS], [{ ...MINIMAL_NODE_POOL, smokeTest: true, ...pool }]),
  );

describe('smokeTestDiagnostics', () => {
  it('is silent for a pool the smoke test can use, and for pools without smoke test', () => {
    expect(
      check({ taints: [{ key: 'dedicated', value: 'x', effect: 'NoExecute' }], limits: { cpu: '100' } }),
    ).toEqual([]);
    expect(check({ smokeTest: false, limits: { cpu: '0' } })).toEqual([]);
  });

  it('reports limits that leave no room for one smoke pod, with file and line', () => {
    const [d] = check({ limits: { cpu: '0' } });
    expect(d.severity).toBe('error');
    expect(formatDiagnostic(d)).toBe(
      "clusters/ticketing.yaml:90:5 nodePools.general.limits.cpu: the smoke test needs 100m cpu but the pool's limit is 0, so its pod can never be scheduled. Raise limits.cpu to at least 100m or set smokeTest: false.",
    );
    expect(check({ limits: { memory: '32Mi' } })[0].path).toBe('nodePools.general.limits.memory');
    expect(check({ limits: { memory: '1Gi', cpu: '500m' } })).toEqual([]);
  });

  it('reports a Windows-only pool', () => {
    const [d] = check({ requirements: [{ key: 'kubernetes.io/os', operator: 'In', values: ['windows'] }] });
    expect(d.severity).toBe('error');
    expect(d.message).toContain('only launches Windows nodes');
    expect(
      check({ requirements: [{ key: 'kubernetes.io/os', operator: 'NotIn', values: ['linux'] }] }),
    ).toHaveLength(1);
    expect(
      check({ requirements: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux', 'windows'] }] }),
    ).toEqual([]);
  });

  it('warns about startup taints the smoke pods wait for', () => {
    const [d] = check({ startupTaints: [{ key: 'node.cilium.io/agent-not-ready', effect: 'NoExecute' }] });
    expect(d.severity).toBe('warning');
    expect(d.path).toBe('nodePools.general.startupTaints');
    expect(d.message).toContain('node.cilium.io/agent-not-ready:NoExecute');
  });
});
