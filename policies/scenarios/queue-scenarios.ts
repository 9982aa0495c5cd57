/**
 * Scenarios of the interruption queue's resource policy: this cluster's rules deliver,
 * anything else or anything without TLS does not.
 */
import { ClusterModel } from '../../model';
import { INTERRUPTION_EVENTS } from '../interruption-events';
import { EVENTS_PRINCIPAL, SQS_PRINCIPAL, queueArn } from '../interruption-queue';
import { ruleName } from '../names';
import { arnBuilder } from '../partition';
import { Scenario } from './scenario-types';

export function queueScenarios(cluster: ClusterModel): Scenario[] {
  const queue = queueArn(cluster);
  const arn = arnBuilder(cluster.aws);
  const tls = { 'aws:SecureTransport': 'true' };
  const q = (s: Omit<Scenario, 'subject' | 'resource'>): Scenario => ({
    ...s,
    subject: 'interruption-queue',
    resource: queue,
  });
  return [
    ...INTERRUPTION_EVENTS.map((e) =>
      q({
        id: `events-${e.nameSuffix.toLowerCase()}-rule-sends`,
        description: `the ${e.detailType} rule delivers to the queue`,
        principal: EVENTS_PRINCIPAL,
        action: 'sqs:SendMessage',
        context: {
          ...tls,
          'aws:SourceArn': arn.eventsRule(ruleName(e.kind, cluster.name)),
          'aws:SourceAccount': cluster.aws.accountId,
        },
        expect: 'allowed',
      }),
    ),
    q({
      id: 'events-foreign-rule-sends',
      description: "another rule can't deliver to the queue",
      principal: EVENTS_PRINCIPAL,
      action: 'sqs:SendMessage',
      context: {
        ...tls,
        'aws:SourceArn': arn.eventsRule('SomeoneElsesRule'),
        'aws:SourceAccount': cluster.aws.accountId,
      },
      expect: 'denied',
    }),
    q({
      id: 'sqs-service-sends',
      description: 'SQS itself may deliver within the account',
      principal: SQS_PRINCIPAL,
      action: 'sqs:SendMessage',
      context: { ...tls, 'aws:SourceAccount': cluster.aws.accountId },
      expect: 'allowed',
    }),
    q({
      id: 'events-sends-without-tls',
      description: 'no delivery without TLS',
      principal: EVENTS_PRINCIPAL,
      action: 'sqs:SendMessage',
      context: {
        'aws:SecureTransport': 'false',
        'aws:SourceArn': arn.eventsRule(ruleName(INTERRUPTION_EVENTS[0].kind, cluster.name)),
        'aws:SourceAccount': cluster.aws.accountId,
      },
      expect: 'denied',
    }),
  ];
}
