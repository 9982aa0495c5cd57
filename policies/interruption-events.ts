/**
 * The EventBridge events Karpenter's interruption controller consumes. One EventBridge
 * rule per entry forwards matching events to the cluster's interruption queue. The
 * detail-types must match what AWS emits character for character: a misspelt one is a
 * rule that never fires, so they are defined here once and shared with the tests.
 */

/** Event sources the rules match on. */
export const EVENT_SOURCES = {
  health: 'aws.health',
  ec2: 'aws.ec2',
} as const;
export type EventSource = (typeof EVENT_SOURCES)[keyof typeof EVENT_SOURCES];

/** EventBridge `detail-type` values, exactly as AWS sends them. */
export const DETAIL_TYPES = {
  scheduledChange: 'AWS Health Event',
  spotInterruption: 'EC2 Spot Instance Interruption Warning',
  rebalanceRecommendation: 'EC2 Instance Rebalance Recommendation',
  instanceStateChange: 'EC2 Instance State-change Notification',
  capacityReservationInterruption: 'EC2 Capacity Reservation Instance Interruption Warning',
} as const;
export type DetailType = (typeof DETAIL_TYPES)[keyof typeof DETAIL_TYPES];
export type InterruptionEventKind = keyof typeof DETAIL_TYPES;

export interface InterruptionEvent {
  readonly kind: InterruptionEventKind;
  readonly source: EventSource;
  readonly detailType: DetailType;
  /** Stable CloudFormation logical ID of the rule. */
  readonly logicalId: string;
  /** Suffix of the rule name (`Karpenter-<cluster>-<suffix>`), at most 11 characters. */
  readonly nameSuffix: string;
}

/** The five rules, in the order they appear in the template. */
export const INTERRUPTION_EVENTS: readonly InterruptionEvent[] = [
  {
    kind: 'scheduledChange',
    source: EVENT_SOURCES.health,
    detailType: DETAIL_TYPES.scheduledChange,
    logicalId: 'ScheduledChangeRule',
    nameSuffix: 'Health',
  },
  {
    kind: 'spotInterruption',
    source: EVENT_SOURCES.ec2,
    detailType: DETAIL_TYPES.spotInterruption,
    logicalId: 'SpotInterruptionRule',
    nameSuffix: 'Spot',
  },
  {
    kind: 'rebalanceRecommendation',
    source: EVENT_SOURCES.ec2,
    detailType: DETAIL_TYPES.rebalanceRecommendation,
    logicalId: 'RebalanceRule',
    nameSuffix: 'Rebalance',
  },
  {
    kind: 'instanceStateChange',
    source: EVENT_SOURCES.ec2,
    detailType: DETAIL_TYPES.instanceStateChange,
    logicalId: 'InstanceStateChangeRule',
    nameSuffix: 'StateChange',
  },
  {
    kind: 'capacityReservationInterruption',
    source: EVENT_SOURCES.ec2,
    detailType: DETAIL_TYPES.capacityReservationInterruption,
    logicalId: 'CapacityReservationInterruptionRule',
    nameSuffix: 'Reservation',
  },
];
