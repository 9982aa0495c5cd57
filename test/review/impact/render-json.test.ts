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

  it('marks a requirement yes with cause requirements, and nothing else', () => {
    const before = exampleObjects();
    const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
    const pool = after.get(distPaths.nodePool('ticketing', 'loadtest')) as Obj;
    setPath(pool, 'spec.template.spec.requirements', [
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
    ]);
    setPath(pool, 'spec.weight', 3);
    const json = JSON.parse(
      renderJson(
        computeImpact({ label: 'a', files: toDistFiles(before) }, { label: 'b', files: toDistFiles(after) }),
      ),
    );
    expect(json.totals.poolsReplaced).toBe(1);
    const fields = json.clusters[0].resources[0].fields as Record<string, unknown>[];
    expect(fields.map((f) => [f.path, f.impact, f.cause])).toEqual([
      ['spec.template.spec.requirements[karpenter.sh/capacity-type].values[0]', 'replaces', 'requirements'],
      ['spec.weight', 'none', undefined],
    ]);
    expect('cause' in fields[1]).toBe(false);
  });
});
