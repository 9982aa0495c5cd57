/** NodeOverlay conflict checks at the fleet-file line. `demo.yaml` = MINIMAL (6 lines) + GATES (4 lines) + overlays from line 11. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

const GATES = 'karpenter:\n  featureGates:\n    nodeOverlay: true\n    capacityBuffer: true\n';

describe('node overlay conflicts', () => {
  it('two overlays with the same weight changing the price of the same instance types conflict; a different weight fixes it', () => {
    const overlays = (weightB: string) =>
      `${MINIMAL}${GATES}nodeOverlays:\n  a:\n    requirements:\n      - key: karpenter.k8s.aws/instance-generation\n        operator: Gt\n        values: ["6"]\n    priceAdjustment: "-10%"\n  b:\n    requirements:\n      - key: karpenter.k8s.aws/instance-category\n        operator: In\n        values: [c]\n    price: "0.1"\n${weightB}`;
    expect(errorsOfCluster(overlays(''))).toEqual([
      "clusters/demo.yaml:12:3 nodeOverlays.a: overlays 'b' and 'a' both change the price of instance types both can match, with the same weight 0: Karpenter marks 'a' as conflicting and applies none of it. Give one of them a different weight (1 to 10000), or make their requirements disjoint.",
    ]);
    expect(loadCluster(overlays('    weight: 5\n')).cluster.nodeOverlays.map((o) => o.name)).toEqual([
      'a',
      'b',
    ]);
  });

  it('disjoint requirements or different changes do not conflict', () => {
    const { cluster, warnings } = loadCluster(
      `${MINIMAL}${GATES}nodeOverlays:\n  a:\n    requirements:\n      - key: karpenter.sh/capacity-type\n        operator: In\n        values: [spot]\n    priceAdjustment: "+5%"\n  b:\n    requirements:\n      - key: karpenter.sh/capacity-type\n        operator: In\n        values: [on-demand]\n    priceAdjustment: "-5%"\n  c:\n    requirements: []\n    capacity:\n      example.com/slice: 4\n`,
    );
    expect(warnings).toEqual([]);
    expect(cluster.nodeOverlays[2]).toEqual({
      name: 'c',
      source: { file: 'clusters/demo.yaml', line: 24, col: 3 },
      requirements: [],
      capacity: { 'example.com/slice': '4' },
    });
  });

  it("decides 'can match the same instance type' with Karpenter's Requirements, not a plain filter", () => {
    // NotIn [8] plus Gt 1 on one key stays NotIn (requirement.go, Intersection), which admits a type
    // without a GPU, as DoesNotExist does: both overlays match every GPU-less type. The old filter
    // approximation (label-constraint.ts) read Gt as "the label must exist" and saw no conflict.
    expect(
      errorsOfCluster(
        `${MINIMAL}${GATES}nodeOverlays:\n  a:\n    requirements:\n      - key: karpenter.k8s.aws/instance-gpu-count\n        operator: NotIn\n        values: ["8"]\n      - key: karpenter.k8s.aws/instance-gpu-count\n        operator: Gt\n        values: ["1"]\n    price: "0.2"\n  b:\n    requirements:\n      - key: karpenter.k8s.aws/instance-gpu-count\n        operator: DoesNotExist\n    price: "0.1"\n`,
      ),
    ).toEqual([
      "clusters/demo.yaml:12:3 nodeOverlays.a: overlays 'b' and 'a' both change the price of instance types both can match, with the same weight 0: Karpenter marks 'a' as conflicting and applies none of it. Give one of them a different weight (1 to 10000), or make their requirements disjoint.",
    ]);
  });
});
