/** The gate's progress and verdict lines. */
import { formatProblem } from '../../promote/gate-problem';
import { progressLine, verdictLines } from '../../promote/gate-report';
import { ClusterLanded } from '../../promote/landed-gate';

const sha = '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';

describe('gate report', () => {
  it('shows what has landed per cluster, and unknown parts of an unreadable cluster', () => {
    const full: ClusterLanded = {
      cluster: 'staging-eu',
      context: 'staging-eu',
      landed: false,
      applications: { ready: 4, total: 5 },
      nodeClasses: { ready: 1, total: 1 },
      nodePools: { ready: 2, total: 3 },
      nodes: { total: 12, drifted: 4, launching: 0 },
      problems: [
        { cluster: 'staging-eu', kind: 'NodePool', name: 'general', message: '4 of 12 nodes still drifted' },
      ],
    };
    expect(progressLine(full)).toBe(
      'staging-eu: not landed; Applications 4/5 landed, EC2NodeClasses 1/1 Ready, NodePools 2/3 Ready, nodes 12 (4 drifted, 0 launching)',
    );
    const unreadable: ClusterLanded = { cluster: 'b', context: 'ctx-b', landed: false, problems: [] };
    expect(progressLine(unreadable)).toBe(
      'b: not landed; Applications unknown (Argo CD unreadable), Karpenter unknown (context ctx-b unreadable)',
    );
    expect(
      verdictLines({ ring: 'staging', commit: sha, landed: false, fatal: false, clusters: [full] }, true),
    ).toEqual([
      'Ring staging has not landed 9f8e7d6c5b4a before the time ran out: 1 problem on staging-eu; nothing is pushed',
      '  staging-eu NodePool general: 4 of 12 nodes still drifted',
    ]);
    expect(
      formatProblem({ cluster: 'b', kind: 'context', name: 'ctx-b', message: 'context ctx-b: forbidden' }),
    ).toBe('b: context ctx-b: forbidden');
  });
});
