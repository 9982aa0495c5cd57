import { distPaths } from '../../../model/shared/dist-layout';
import { computeImpact } from '../../../review/impact/compute-impact';
import { IMPACT_JSON_SCHEMA_VERSION, renderJson } from '../../../review/impact/render-json';
import { clone, exampleObjects, Obj, setPath, toDistFiles } from '../dist-fixtures';

describe('renderJson', () => {
  it('renders the report with string paths, raw values and classifications', () => {
    const before = exampleObjects();
    const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
    setPath(
      after.get(distPaths.nodePool('ticketing', 'loadtest')) as Obj,
      'spec.template.spec.expireAfter',
      '24h',
    );
    const json = JSON.parse(
      renderJson(
        computeImpact({ label: 'a', files: toDistFiles(before) }, { label: 'b', files: toDistFiles(after) }),
      ),
    );
    expect(json.schemaVersion).toBe(IMPACT_JSON_SCHEMA_VERSION);
    expect(json.clusters).toHaveLength(1);
    expect(json.clusters[0].pools).toEqual([
      {
        pool: 'loadtest',
        impact: 'replaces',
        reasons: [
          'NodePool: expireAfter is in the NodePool template hash: every node of the pool drifts (NodePoolDrifted)',
        ],
        driftBudget: '10%',
        driftStart: 'the disruption budgets let drift start at any time',
      },
    ]);
    expect(json.clusters[0].resources[0].fields).toEqual([
      {
        path: 'spec.template.spec.expireAfter',
        change: 'changed',
        before: '720h',
        after: '24h',
        impact: 'replaces',
        reason:
          'expireAfter is in the NodePool template hash: every node of the pool drifts (NodePoolDrifted)',
      },
    ]);
    expect(json.clusters[0].cloudFormation).toBeNull();
  });
});
