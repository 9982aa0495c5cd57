/**
 * Subnets and security groups: each node class's selector terms select at least one, in the
 * cluster's VPC, and every pool of the class can reach a zone those subnets cover. Terms are
 * ORed; inside a term, tags (a `*` value: the key only), id and name are ANDed, as Karpenter does.
 */
import type { Filter, SecurityGroup, Subnet } from '@aws-sdk/client-ec2';
import { awsSdk } from '../io/aws-sdk';
import { LABELS, ClusterModel, NodeClassModel, Requirements, SelectorTermModel, plural } from '../model';
import { awsReadPages } from './aws-call';
import { PreflightClients } from './aws-clients';
import { CheckResult, fail, pass } from './check-result';
import { LiveCluster } from './cluster-checks';

export function termFilters(term: SelectorTermModel, idFilter: string, nameFilter?: string): Filter[] {
  const filters: Filter[] = Object.keys(term.tags ?? {})
    .sort()
    .map((k) => {
      const v = (term.tags ?? {})[k];
      return v === '*' ? { Name: 'tag-key', Values: [k] } : { Name: `tag:${k}`, Values: [v] };
    });
  if (term.id !== undefined) filters.push({ Name: idFilter, Values: [term.id] });
  if (term.name !== undefined && nameFilter !== undefined)
    filters.push({ Name: nameFilter, Values: [term.name] });
  return filters;
}

function describeTerm(term: SelectorTermModel): string {
  const parts = [
    ...Object.keys(term.tags ?? {})
      .sort()
      .map((k) => `${k}=${(term.tags ?? {})[k]}`),
    ...(term.id !== undefined ? [`id ${term.id}`] : []),
    ...(term.name !== undefined ? [`name ${term.name}`] : []),
  ];
  return parts.join(', ');
}

async function subnetsOf(clients: PreflightClients, terms: readonly SelectorTermModel[]): Promise<Subnet[]> {
  const byId = new Map<string, Subnet>();
  for (const term of terms) {
    const pages = await awsReadPages('EC2', 'DescribeSubnets', () =>
      awsSdk
        .ec2()
        .paginateDescribeSubnets({ client: clients.ec2 }, { Filters: termFilters(term, 'subnet-id') }),
    );
    for (const r of pages)
      for (const s of r.Subnets ?? []) if (s.SubnetId !== undefined) byId.set(s.SubnetId, s);
  }
  return [...byId.values()].sort((a, b) => ((a.SubnetId ?? '') < (b.SubnetId ?? '') ? -1 : 1));
}

async function securityGroupsOf(
  clients: PreflightClients,
  terms: readonly SelectorTermModel[],
): Promise<SecurityGroup[]> {
  const byId = new Map<string, SecurityGroup>();
  for (const term of terms) {
    const pages = await awsReadPages('EC2', 'DescribeSecurityGroups', () =>
      awsSdk
        .ec2()
        .paginateDescribeSecurityGroups(
          { client: clients.ec2 },
          { Filters: termFilters(term, 'group-id', 'group-name') },
        ),
    );
    for (const r of pages)
      for (const g of r.SecurityGroups ?? []) if (g.GroupId !== undefined) byId.set(g.GroupId, g);
  }
  return [...byId.values()].sort((a, b) => ((a.GroupId ?? '') < (b.GroupId ?? '') ? -1 : 1));
}

/** The fix when nothing matches: tag resources as the first tag term asks, or correct the IDs/names. */
export function selectorFix(
  kind: 'subnets' | 'security groups',
  terms: readonly SelectorTermModel[],
  nodeClass: NodeClassModel,
): string {
  const field = kind === 'subnets' ? 'subnetSelectorTerms' : 'securityGroupSelectorTerms';
  const tagTerm = terms.find(
    (t) => Object.keys(t.tags ?? {}).length > 0 && t.id === undefined && t.name === undefined,
  );
  if (tagTerm !== undefined) {
    const tags = Object.keys(tagTerm.tags ?? {})
      .sort()
      .map((k) =>
        (tagTerm.tags ?? {})[k] === '*'
          ? `Key=${k},Value=<any>`
          : `Key=${k},Value=${(tagTerm.tags ?? {})[k]}`,
      )
      .join(' ');
    const ids = kind === 'subnets' ? '<subnet-ids>' : '<security-group-ids>';
    return `tag the ${kind} nodes should use: aws ec2 create-tags --resources ${ids} --tags ${tags} (or change ${field} of node class ${nodeClass.name})`;
  }
  const list = kind === 'subnets' ? 'aws ec2 describe-subnets' : 'aws ec2 describe-security-groups';
  return `correct the IDs or names in ${field} of node class ${nodeClass.name} to ones that exist in the cluster's region (${list} lists them)`;
}

/** Zones the class's subnets cover, by node class; checks recorded in `results`. */
export async function checkNetwork(
  clients: PreflightClients,
  cluster: ClusterModel,
  live: LiveCluster,
  results: CheckResult[],
): Promise<Map<string, string[]>> {
  const zonesByClass = new Map<string, string[]>();
  for (const nc of cluster.nodeClasses) {
    const subject = `node class ${nc.name}`;
    const subnets = await subnetsOf(clients, nc.subnetSelectorTerms);
    const terms = nc.subnetSelectorTerms.map(describeTerm).join(' | ');
    const outside = subnets.filter((s) => live.vpcId !== undefined && s.VpcId !== live.vpcId);
    const inside = subnets.filter((s) => !outside.includes(s));
    const zones = [...new Set(inside.map((s) => s.AvailabilityZone ?? ''))].filter((z) => z !== '').sort();
    zonesByClass.set(nc.name, zones);
    if (subnets.length === 0)
      results.push(
        fail(
          'subnets',
          subject,
          `no subnet matches subnetSelectorTerms (${terms}): nodes never launch`,
          selectorFix('subnets', nc.subnetSelectorTerms, nc),
          nc.source,
        ),
      );
    else if (outside.length > 0)
      results.push(
        fail(
          'subnets',
          subject,
          `subnets ${outside.map((s) => `${s.SubnetId} (VPC ${s.VpcId})`).join(', ')} are outside the cluster's VPC ${live.vpcId}`,
          `remove the tag from those subnets or narrow subnetSelectorTerms of node class ${nc.name}`,
          nc.source,
        ),
      );
    else {
      const problems = poolZoneProblems(cluster, nc, zones);
      if (problems.length > 0) results.push(...problems);
      else
        results.push(
          pass(
            'subnets',
            subject,
            `${plural(subnets.length, 'subnet')} (${subnets.map((s) => s.SubnetId).join(', ')}) in ${zones.join(', ')}`,
          ),
        );
    }
    const groups = await securityGroupsOf(clients, nc.securityGroupSelectorTerms);
    const groupTerms = nc.securityGroupSelectorTerms.map(describeTerm).join(' | ');
    const foreign = groups.filter((g) => live.vpcId !== undefined && g.VpcId !== live.vpcId);
    if (groups.length === 0)
      results.push(
        fail(
          'security-groups',
          subject,
          `no security group matches securityGroupSelectorTerms (${groupTerms}): nodes never launch`,
          selectorFix('security groups', nc.securityGroupSelectorTerms, nc),
          nc.source,
        ),
      );
    else if (foreign.length > 0)
      results.push(
        fail(
          'security-groups',
          subject,
          `security groups ${foreign.map((g) => `${g.GroupId} (VPC ${g.VpcId})`).join(', ')} are outside the cluster's VPC ${live.vpcId}: launches fail`,
          `remove the tag from those groups or narrow securityGroupSelectorTerms of node class ${nc.name}`,
          nc.source,
        ),
      );
    else
      results.push(
        pass(
          'security-groups',
          subject,
          `${plural(groups.length, 'security group')} (${groups.map((g) => g.GroupId).join(', ')})`,
        ),
      );
  }
  return zonesByClass;
}

/** Zones a pool's zone requirements allow among `zones`. */
export function poolZones(
  requirements: ClusterModel['nodePools'][number]['requirements'],
  zones: readonly string[],
): string[] {
  // Karpenter's Requirements (aliases normalized, repeated keys intersected): a zone is allowed when
  // the zone requirement has it (requirement.go, Has).
  const zone = Requirements.from(requirements).get(LABELS.zone);
  return zones.filter((z) => zone.has(z));
}

function poolZoneProblems(
  cluster: ClusterModel,
  nc: NodeClassModel,
  zones: readonly string[],
): CheckResult[] {
  return cluster.nodePools
    .filter((p) => p.nodeClass === nc.name && poolZones(p.requirements, zones).length === 0)
    .map((p) =>
      fail(
        'subnets',
        `node pool ${p.name}`,
        `its ${LABELS.zone} requirements leave none of the zones of node class ${nc.name}'s subnets (${zones.join(', ')})`,
        `allow one of ${zones.join(', ')} in the pool's zone requirement, or tag a subnet in the zone it names`,
        p.source,
      ),
    );
}
