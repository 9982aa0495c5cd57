import { distPaths } from '../../../../model/shared/dist-layout';
import { awsSideGenerator as cloudFormationGenerator } from '../../../../policies/targets/aws-side-generator';
import { clusterModel } from '../../fixtures';
import { exampleFleet } from '../../example-fleet';
import { textsOf } from '../../../../model';
import { loadFleetFromSources } from '../../../../model/load-fleet';
import { benchFleetSources } from '../../../../bench/bench-fleet';
import { parseManifests } from '../../../../validation/manifest-source';

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
    expect(files.get(distPaths.policyProof('a'))).toMatch(/^scenarios: \d+ sha256:[0-9a-f]{64}$/m);
    expect(files.get(distPaths.policyProof('a'))).not.toMatch(/^template:/m);
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

describe('each template carries its value', () => {
  it('is exactly what the validator reads back from its text, for every template of a 20-cluster synthetic fleet and the demo fleet', () => {
    const fleets = [exampleFleet(), loadFleetFromSources(benchFleetSources(20, 3)).fleet];
    let templates = 0;
    for (const fleet of fleets) {
      for (const [path, file] of cloudFormationGenerator(fleet)) {
        if (!path.endsWith('.json')) {
          expect(file.value).toBeUndefined();
          continue;
        }
        templates++;
        const read = parseManifests(`dist/${path}`, file.text);
        expect(read).toHaveLength(1);
        expect(read[0].error).toBeUndefined();
        expect(file.value).toStrictEqual(read[0].value);
      }
    }
    expect(templates).toBeGreaterThanOrEqual(21);
  });

  it('a fresh copy per file: changing one value changes nothing else', () => {
    const files = cloudFormationGenerator({ clusters: [clusterModel({ name: 'a' })] });
    const file = files.get(distPaths.cloudFormation('a'));
    (file?.value as { Resources: unknown }).Resources = {};
    expect(JSON.parse(file?.text ?? '').Resources).not.toEqual({});
  });
});
