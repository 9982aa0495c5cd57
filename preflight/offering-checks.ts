/**
 * Each node pool's requirements leave instance types EC2 offers in the zones the pool can
 * use (its node class's subnet zones, narrowed by its zone requirement). Labels come from the
 * live DescribeInstanceTypes data (instance-labels.ts); the first requirement that empties
 * the set is the one reported.
 */
import type { InstanceTypeInfo, _InstanceType } from '@aws-sdk/client-ec2';
import { awsSdk } from '../io/aws-sdk';
import { ClusterModel, NodePoolModel, Requirement, RequirementModel, Requirements } from '../model';
import { awsReadPages } from './aws-call';
import { PreflightClients } from './aws-clients';
import { CheckResult, fail, pass, skip } from './check-result';
import { instanceLabels, InstanceLabels, isDerivedKey, satisfies } from './instance-labels';
import { poolZones } from './network-checks';

/** Pools with fewer offered types than this pass with a note. */
export const FEW_INSTANCE_TYPES = 5;

/** Instance type → zones it is offered in, restricted to `zones`. */
async function offerings(
  clients: PreflightClients,
  zones: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const pages = await awsReadPages('EC2', 'DescribeInstanceTypeOfferings', () =>
    awsSdk
      .ec2()
      .paginateDescribeInstanceTypeOfferings(
        { client: clients.ec2 },
        { LocationType: 'availability-zone', Filters: [{ Name: 'location', Values: [...zones] }] },
      ),
  );
  for (const r of pages)
    for (const o of r.InstanceTypeOfferings ?? [])
      if (o.InstanceType !== undefined && o.Location !== undefined && zones.includes(o.Location))
        out.set(o.InstanceType, [...(out.get(o.InstanceType) ?? []), o.Location]);
  return out;
}

async function instanceTypes(
  clients: PreflightClients,
  names: readonly string[],
): Promise<InstanceTypeInfo[]> {
  const out: InstanceTypeInfo[] = [];
  const sorted = [...names].sort();
  for (let i = 0; i < sorted.length; i += 100) {
    const pages = await awsReadPages('EC2', 'DescribeInstanceTypes', () =>
      awsSdk
        .ec2()
        .paginateDescribeInstanceTypes(
          { client: clients.ec2 },
          { InstanceTypes: sorted.slice(i, i + 100) as _InstanceType[] },
        ),
    );
    for (const r of pages) out.push(...(r.InstanceTypes ?? []));
  }
  return out;
}

function describeRequirement(r: RequirementModel): string {
  return `${r.key} ${r.operator}${r.values !== undefined ? ` [${r.values.join(', ')}]` : ''}`;
}

/**
 * The first requirement after which no type is left, and how many each step leaves. Requirements on
 * one key are intersected as Karpenter's Requirements.Add does (pkg/scheduling/requirements.go), so a
 * later requirement can widen what an earlier one allowed (`In [t4]` then `In [a10g]` is DoesNotExist).
 */
export function emptyingRequirement(
  types: readonly InstanceLabels[],
  requirements: readonly RequirementModel[],
): { remaining: number; culprit?: RequirementModel; before?: number } {
  const added = new Requirements();
  let left = [...types];
  for (const r of requirements) {
    const requirement = Requirement.of(r);
    if (!isDerivedKey(requirement.key)) continue;
    added.add(requirement);
    const byKey = added.values();
    const next = types.filter((t) => byKey.every((k) => satisfies(t, k)));
    if (next.length === 0) return { remaining: 0, culprit: r, before: left.length };
    left = next;
  }
  return { remaining: left.length };
}

function checkPool(
  cluster: ClusterModel,
  pool: NodePoolModel,
  zones: readonly string[],
  offered: ReadonlyMap<string, string[]>,
  infos: ReadonlyMap<string, InstanceTypeInfo>,
): CheckResult {
  const subject = `node pool ${pool.name}`;
  const labels = [...offered.entries()]
    .filter(([type]) => infos.has(type))
    .map(([type, typeZones]) =>
      instanceLabels(
        infos.get(type) as InstanceTypeInfo,
        typeZones.filter((z) => zones.includes(z)),
      ),
    );
  if (labels.length === 0)
    return fail(
      'instance-offerings',
      subject,
      `EC2 offers no instance type in ${zones.join(', ')}`,
      `check the zones of node class ${pool.nodeClass}'s subnets (aws ec2 describe-instance-type-offerings --location-type availability-zone --region ${cluster.aws.region})`,
      pool.source,
    );
  const r = emptyingRequirement(labels, pool.requirements);
  if (r.culprit !== undefined)
    return fail(
      'instance-offerings',
      subject,
      `no instance type offered in ${zones.join(', ')} satisfies the requirements: ${describeRequirement(r.culprit)} leaves none of the ${r.before} left by the requirements before it`,
      `widen or correct that requirement in ${pool.source.file}`,
      pool.source,
    );
  const note = r.remaining < FEW_INSTANCE_TYPES ? ' (few: Karpenter has little room to find capacity)' : '';
  return pass(
    'instance-offerings',
    subject,
    `${r.remaining} instance types offered in ${zones.join(', ')} satisfy the requirements${note}`,
  );
}

export async function checkOfferings(
  clients: PreflightClients,
  cluster: ClusterModel,
  zonesByClass: ReadonlyMap<string, readonly string[]>,
): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  if (cluster.nodePools.length === 0)
    return [skip('instance-offerings', 'node pools', 'the cluster has none')];
  const allZones = [...new Set([...zonesByClass.values()].flat())].sort();
  const offered = allZones.length > 0 ? await offerings(clients, allZones) : new Map<string, string[]>();
  const infos = new Map(
    (offered.size > 0 ? await instanceTypes(clients, [...offered.keys()]) : []).map(
      (i) => [i.InstanceType ?? '', i] as const,
    ),
  );
  for (const pool of cluster.nodePools) {
    const zones = poolZones(pool.requirements, zonesByClass.get(pool.nodeClass) ?? []);
    if (zones.length === 0) {
      out.push(
        skip('instance-offerings', `node pool ${pool.name}`, 'no usable zone (see the subnets check)'),
      );
      continue;
    }
    const poolOffered = new Map([...offered].filter(([, z]) => z.some((x) => zones.includes(x))));
    out.push(checkPool(cluster, pool, zones, poolOffered, infos));
  }
  return out;
}
