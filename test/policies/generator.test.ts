import { distPaths } from '../../model/shared/dist-layout';
import { cloudFormationGenerator } from '../../policies/generator';
import { clusterModel } from './fixtures';
import { exampleFleet } from './example-fleet';
import { textsOf } from '../../model';

describe('cloudFormationGenerator', () => {
  it('writes one template and one proof record per cluster at the dist layout paths', () => {
    const files = textsOf(
      cloudFormationGenerator({
        clusters: [clusterModel({ name: 'a' }), clusterModel({ name: 'b' })],
      }),
    );
    expect([...files.keys()]).toEqual([
      distPaths.cloudFormation('a'),
      distPaths.policyProof('a'),
      distPaths.cloudFormation('b'),
      distPaths.policyProof('b'),
    ]);
    expect(files.get(distPaths.policyProof('a'))).toMatch(/^template: sha256:[0-9a-f]{64}$/m);
    expect(
      JSON.parse(files.get('a/cloudformation/karpenter.json') as string).Resources.KarpenterNodeRole
        .Properties.RoleName,
    ).toBe('KarpenterNodeRole-a');
  });

  it('generates the example fleet deterministically, queue names matching the model', () => {
    const fleet = exampleFleet();
    expect(fleet.clusters.length).toBeGreaterThan(0);
    const first = textsOf(cloudFormationGenerator(fleet));
    const second = textsOf(cloudFormationGenerator(fleet));
    expect([...first.entries()]).toEqual([...second.entries()]);
    for (const c of fleet.clusters) {
      const t = JSON.parse(first.get(distPaths.cloudFormation(c.name)) as string);
      expect(t.Resources.KarpenterInterruptionQueue.Properties.QueueName).toBe(
        c.karpenter.interruptionQueue.name,
      );
      expect(t.Resources.KarpenterNodeRole.Properties.RoleName).toBe(c.iam.nodeRoleName);
    }
  });
});
