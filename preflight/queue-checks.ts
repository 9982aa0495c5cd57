/** The interruption queue and the five EventBridge rules that feed it exist and point at it. */
import { awsSdk } from '../io/aws-sdk';
import { ClusterModel } from '../model';
import { INTERRUPTION_EVENTS } from '../policies/interruption-events';
import { queueArn } from '../policies/interruption-queue';
import { ruleName } from '../policies/names';
import { targetOf } from '../policies/targets/targets';
import { awsCall, awsRead } from './aws-call';
import { PreflightClients } from './aws-clients';
import { CheckResult, fail, pass } from './check-result';

/** How the cluster's AWS side is put in place (its target's deployment, policies/targets/targets.ts). */
function deployFix(cluster: ClusterModel): string {
  const deploy = targetOf(cluster).deploy;
  const fix = deploy.command(cluster);
  return deploy.createsAwsSide ? fix : `${fix}, or correct karpenter.interruptionQueue.name`;
}

export async function checkQueue(clients: PreflightClients, cluster: ClusterModel): Promise<CheckResult> {
  const name = cluster.karpenter.interruptionQueue.name;
  const subject = `queue ${name}`;
  const r = await awsCall(
    'SQS',
    'GetQueueUrl',
    () =>
      clients.sqs.send(
        new (awsSdk.sqs().GetQueueUrlCommand)({
          QueueName: name,
          QueueOwnerAWSAccountId: cluster.aws.accountId,
        }),
      ),
    ['QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue'],
  );
  if (!r.ok)
    return fail(
      'interruption-queue',
      subject,
      'missing: Karpenter (settings.interruptionQueue) fails to start its interruption controller',
      deployFix(cluster),
      cluster.source,
    );
  return pass('interruption-queue', subject, `exists (${r.value.QueueUrl ?? 'no URL'})`);
}

export async function checkRules(clients: PreflightClients, cluster: ClusterModel): Promise<CheckResult[]> {
  const queue = queueArn(cluster);
  const out: CheckResult[] = [];
  for (const event of INTERRUPTION_EVENTS) {
    const name = ruleName(event.kind, cluster.name);
    const subject = `rule ${name}`;
    const r = await awsCall(
      'EventBridge',
      'DescribeRule',
      () => clients.events.send(new (awsSdk.eventBridge().DescribeRuleCommand)({ Name: name })),
      ['ResourceNotFoundException'],
    );
    if (!r.ok) {
      out.push(
        fail(
          'interruption-rules',
          subject,
          `missing: ${event.detailType} events never reach the queue`,
          deployFix(cluster),
          cluster.source,
        ),
      );
      continue;
    }
    if (r.value.State !== 'ENABLED') {
      out.push(
        fail(
          'interruption-rules',
          subject,
          `is ${r.value.State ?? 'in an unknown state'}`,
          `aws events enable-rule --name ${name} --region ${cluster.aws.region}`,
          cluster.source,
        ),
      );
      continue;
    }
    const targets = await awsRead('EventBridge', 'ListTargetsByRule', () =>
      clients.events.send(new (awsSdk.eventBridge().ListTargetsByRuleCommand)({ Rule: name })),
    );
    if (!(targets.Targets ?? []).some((t) => t.Arn === queue))
      out.push(
        fail(
          'interruption-rules',
          subject,
          `does not target the queue ${queue} (targets: ${(targets.Targets ?? []).map((t) => t.Arn).join(', ') || 'none'})`,
          deployFix(cluster),
          cluster.source,
        ),
      );
    else out.push(pass('interruption-rules', subject, `enabled, targets the queue`));
  }
  return out;
}
