/** NodeOverlay price checks at the fleet-file line. `demo.yaml` = MINIMAL (6 lines) + GATES (4 lines) + overlays from line 11. */
import { errorsOfCluster, MINIMAL } from '../../support/fleet-files';

const GATES = 'karpenter:\n  featureGates:\n    nodeOverlay: true\n    capacityBuffer: true\n';

describe('node overlay price', () => {
  it('bad price and price adjustment patterns', () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}${GATES}nodeOverlays:\n  a:\n    requirements: []\n    price: "-1"\n  b:\n    requirements: []\n    priceAdjustment: "10%"\n    weight: 2\n`,
      ),
    ).toEqual([
      'clusters/demo.yaml:14:12 nodeOverlays.a.price: \'-1\' is not a price (a non-negative decimal such as 0.52). Write the hourly price in quotes, e.g. price: "0.52".',
      'clusters/demo.yaml:17:22 nodeOverlays.b.priceAdjustment: \'10%\' is not a price adjustment. Write a signed amount or percentage in quotes: "-0.1", "+0.05", "+10%" or "-15%" (a decrease is at most -100%).',
    ]);
  });
});
