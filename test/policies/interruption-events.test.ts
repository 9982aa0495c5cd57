import { DETAIL_TYPES, EVENT_SOURCES, INTERRUPTION_EVENTS } from '../../policies/interruption-events';
import { cloudFormationTemplate } from '../../policies/targets/cloudformation/template';
import { clusterModel } from './fixtures';
import { referenceRules } from './reference-template';

describe('interruption events', () => {
  it('match the official template rule for rule: same logical IDs, sources and detail-types', () => {
    const official = referenceRules();
    expect(official.size).toBe(5);
    expect(INTERRUPTION_EVENTS.map((e) => e.logicalId).sort()).toEqual([...official.keys()].sort());
    for (const e of INTERRUPTION_EVENTS)
      expect({ source: [e.source], 'detail-type': [e.detailType] }).toEqual(official.get(e.logicalId));
  });

  it('spell the five detail-types exactly as AWS sends them', () => {
    expect(Object.values(DETAIL_TYPES)).toEqual([
      'AWS Health Event',
      'EC2 Spot Instance Interruption Warning',
      'EC2 Instance Rebalance Recommendation',
      'EC2 Instance State-change Notification',
      'EC2 Capacity Reservation Instance Interruption Warning',
    ]);
    expect(INTERRUPTION_EVENTS.filter((e) => e.source === EVENT_SOURCES.health).map((e) => e.kind)).toEqual([
      'scheduledChange',
    ]);
  });

  it('become one rule each in the template with that pattern', () => {
    const resources = cloudFormationTemplate(clusterModel()).Resources;
    for (const e of INTERRUPTION_EVENTS)
      expect(resources[e.logicalId].Properties.EventPattern).toEqual({
        source: [e.source],
        'detail-type': [e.detailType],
      });
  });

  it('have distinct rule-name suffixes of at most 11 characters', () => {
    const suffixes = INTERRUPTION_EVENTS.map((e) => e.nameSuffix);
    expect(new Set(suffixes).size).toBe(5);
    for (const s of suffixes) expect(s.length).toBeLessThanOrEqual(11);
  });
});
