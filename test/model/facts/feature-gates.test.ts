import { enableGateFix, gateEnabled, KNOWN_FEATURE_GATES } from '../../../model/facts/feature-gates';

describe('feature gates', () => {
  it('lists the gates of chart 1.14.1, sorted, from its values keys', () => {
    expect(KNOWN_FEATURE_GATES).toEqual([
      'capacityBuffer',
      'nodeOverlay',
      'nodeRepair',
      'reservedCapacity',
      'spotToSpotConsolidation',
      'staticCapacity',
    ]);
  });

  it('is on only where the user set it to true', () => {
    expect(gateEnabled({ staticCapacity: true }, 'staticCapacity')).toBe(true);
    expect(gateEnabled({ staticCapacity: false }, 'staticCapacity')).toBe(false);
    expect(gateEnabled({}, 'nodeOverlay')).toBe(false);
    expect(gateEnabled(undefined, 'nodeOverlay')).toBe(false);
  });

  it('says what to write to enable a gate', () => {
    expect(enableGateFix('capacityBuffer')).toBe(
      "Enable the gate in this cluster's file (or _defaults.yaml): karpenter: { featureGates: { capacityBuffer: true } }",
    );
  });
});
