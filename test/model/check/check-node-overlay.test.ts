/** NodeOverlay checks at the fleet-file line. `demo.yaml` = MINIMAL (6 lines) + GATES (4 lines) + overlays from line 11. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

const GATES = 'karpenter:\n  featureGates:\n    nodeOverlay: true\n    capacityBuffer: true\n';

describe('node overlay checks', () => {
  it("reports the CRD's rules all at once: requirements required, In needs values, price xor priceAdjustment, restricted keys and resources", () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}${GATES}nodeOverlays:\n  a:\n    priceAdjustment: "-10%"\n  b:\n    requirements:\n      - key: karpenter.sh/nodepool\n        operator: In\n    price: "0.5"\n    priceAdjustment: "+5%"\n  c:\n    requirements: []\n    price: "1"\n  d:\n    requirements:\n      - key: karpenter.k8s.aws/instance-foo\n        operator: Exists\n    capacity:\n      cpu: 4\n      gpu: 1\n`,
      ),
    ).toEqual([
      "clusters/demo.yaml:13:5 nodeOverlays.a.requirements: missing required key 'requirements'. Add requirements.",
      'clusters/demo.yaml:17:19 nodeOverlays.b.requirements[0].operator: operator In needs at least one value. List at least one value under values.',
      "clusters/demo.yaml:19:5 nodeOverlays.b.priceAdjustment: cannot set both 'price' and 'priceAdjustment'. Keep price (an absolute price) or priceAdjustment (a change to the AWS price), not both.",
      'clusters/demo.yaml:25:14 nodeOverlays.d.requirements[0].key: label domain "karpenter.k8s.aws" is restricted in NodeOverlay requirements (\'karpenter.k8s.aws/instance-foo\'). Use one of the allowed labels of that domain (e.g. karpenter.k8s.aws/ec2nodeclass, karpenter.k8s.aws/instance-encryption-in-transit-supported, karpenter.k8s.aws/instance-category) or a NodePool template label.',
      "clusters/demo.yaml:28:7 nodeOverlays.d.capacity.cpu: 'cpu' cannot be set: a NodeOverlay's capacity adds extended resources only (invalid resource restricted). Remove it; name an extended resource such as nvidia.com/gpu-slice.",
      "clusters/demo.yaml:29:7 nodeOverlays.d.capacity.gpu: 'gpu' is not an extended resource name (extended resources have a domain prefix). Write a domain-qualified resource such as example.com/gpu-slice.",
    ]);
  });

  it('the nodeOverlay gate off names the gate and how to enable it', () => {
    expect(errorsOfCluster(`${MINIMAL}nodeOverlays:\n  a:\n    requirements: []\n    price: "1"\n`)).toEqual([
      "clusters/demo.yaml:8:3 nodeOverlays.a: NodeOverlays need the nodeOverlay feature gate, which is off for this cluster. Enable the gate in this cluster's file (or _defaults.yaml): karpenter: { featureGates: { nodeOverlay: true } }.",
    ]);
  });

  it('an overlay on a 1.0.14 cluster is refused at its line', () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}karpenter:\n  version: "1.0.14"\nnodeOverlays:\n  a:\n    requirements: []\n    price: "1"\n`,
      ),
    ).toEqual([
      'clusters/demo.yaml:10:3 nodeOverlays.a: Karpenter 1.0.14 has no NodeOverlay kind (karpenter.sh/v1alpha1 NodeOverlay needs Karpenter 1.14.1). Set karpenter.version: 1.14.1 for this cluster, or remove the overlay.',
    ]);
  });

  it('an overlay that changes nothing is a warning', () => {
    const { warnings } = loadCluster(`${MINIMAL}${GATES}nodeOverlays:\n  a:\n    requirements: []\n`);
    expect(warnings.map((w) => `${w.line}:${w.col} ${w.path}: ${w.message}`)).toEqual([
      '12:3 nodeOverlays.a: this overlay changes nothing (no price, priceAdjustment or capacity)',
    ]);
  });
});
