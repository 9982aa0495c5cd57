/**
 * Preflight of a cluster with `aws.managedBy: external` (its roles, queue and rules exist; the
 * tool generated none): the rules are found by the queue they target, not by the tool's names
 * (terraform-aws-eks's karpenter module names them with a random suffix), and the controller role
 * is proved against the cluster's scenario table with its own policies
 * (policies/verify-external.ts, IAM's SimulateCustomPolicy).
 */
import { awsSdk } from '../io/aws-sdk';
import { ClusterModel, plural } from '../model';
import { INTERRUPTION_EVENTS } from '../policies/interruption-events';
import { queueArn } from '../policies/interruption-queue';
import { failsVerification } from '../policies/verify';
import { verifyExternalCluster } from '../policies/verify-external';
import { awsCall, awsRead } from './aws-call';
import { PreflightClients } from './aws-clients';
import { CheckResult, fail, pass } from './check-result';

const EXTERNAL_FIX =
  'aws.managedBy is external: fix it where the team manages AWS (see docs/terraform-and-external.md)';

/** The IAM calls proving an external cluster's roles makes (policies/verify-external.ts). */
const EXTERNAL_IAM_READS =
  'GetRole, ListAttachedRolePolicies, ListRolePolicies, GetRolePolicy, GetPolicy, GetPolicyVersion or SimulateCustomPolicy';

interface LiveRule {
  readonly name: string;
  readonly enabled: boolean;
  readonly sources: readonly string[];
  readonly detailTypes: readonly string[];
}

function patternList(pattern: Record<string, unknown>, key: string): string[] {
  const v = pattern[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The rules that send to the cluster's queue, with what they match. */
async function rulesTargeting(clients: PreflightClients, queue: string): Promise<LiveRule[]> {
  const names: string[] = [];
  let next: string | undefined;
  // By hand: @aws-sdk/client-eventbridge ships no paginator for ListRuleNamesByTarget (nor any other).
  do {
    const page = await awsRead('EventBridge', 'ListRuleNamesByTarget', () =>
      clients.events.send(
        new (awsSdk.eventBridge().ListRuleNamesByTargetCommand)({ TargetArn: queue, NextToken: next }),
      ),
    );
    names.push(...(page.RuleNames ?? []));
    next = page.NextToken;
  } while (next !== undefined);
  const rules: LiveRule[] = [];
  for (const name of names.sort()) {
    const r = await awsCall(
      'EventBridge',
      'DescribeRule',
      () => clients.events.send(new (awsSdk.eventBridge().DescribeRuleCommand)({ Name: name })),
      ['ResourceNotFoundException'],
    );
    if (!r.ok) continue;
    let pattern: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(r.value.EventPattern ?? '{}');
      if (typeof parsed === 'object' && parsed !== null) pattern = parsed as Record<string, unknown>;
    } catch {
      // A pattern that is not JSON matches nothing we look for.
    }
    rules.push({
      name,
      enabled: r.value.State === 'ENABLED',
      sources: patternList(pattern, 'source'),
      detailTypes: patternList(pattern, 'detail-type'),
    });
  }
  return rules;
}

/** One result per interruption event: an enabled rule matching it sends to the queue. */
export async function checkExternalRules(
  clients: PreflightClients,
  cluster: ClusterModel,
): Promise<CheckResult[]> {
  const queue = queueArn(cluster);
  const rules = await rulesTargeting(clients, queue);
  return INTERRUPTION_EVENTS.map((event) => {
    const subject = `${event.detailType} events`;
    const matching = rules.filter(
      (r) => r.sources.includes(event.source) && r.detailTypes.includes(event.detailType),
    );
    const enabled = matching.find((r) => r.enabled);
    if (enabled) return pass('interruption-rules', subject, `rule ${enabled.name} sends them to the queue`);
    return fail(
      'interruption-rules',
      subject,
      matching.length > 0
        ? `rule ${matching.map((r) => r.name).join(', ')} targets the queue but is not enabled`
        : `no EventBridge rule sends them to the queue ${queue}: Karpenter never sees them`,
      `${EXTERNAL_FIX}; the rule matches {"source":["${event.source}"],"detail-type":["${event.detailType}"]} and targets ${queue}`,
      cluster.source,
    );
  });
}

/** The existing roles allow every request the cluster needs (IAM's simulator decides). */
export async function checkExternalPermissions(
  clients: PreflightClients,
  cluster: ClusterModel,
): Promise<CheckResult[]> {
  // Several IAM reads and the simulator: a denial or a rejected key is one AwsCallError the CLI
  // reports in a sentence with what to grant, never a stack trace.
  const result = await awsRead('IAM', EXTERNAL_IAM_READS, () => verifyExternalCluster(clients.iam, cluster));
  const failing = result.findings.filter(failsVerification);
  const subject = `role ${cluster.iam.controllerRoleName} permissions`;
  if (failing.length === 0)
    return [
      pass(
        'controller-identity',
        subject,
        `${plural(result.scenariosRun, 'scenario')} decided as the cluster needs by IAM's simulator with the role's own policies`,
      ),
    ];
  return failing.map((f) =>
    fail(
      'controller-identity',
      f.subject,
      f.message,
      `${EXTERNAL_FIX}; or run policies verify for the whole list`,
      cluster.source,
    ),
  );
}
