/**
 * Whether a newer AMI release exists than the one a node class pins (`al2023@v20260714`,
 * `bottlerocket@v1.39.1`), read-only and the way Karpenter's own getting-started script picks a
 * release: GetParameter on the SSM parameter Karpenter 1.14.1 resolves for `@latest`
 * (preflight/ami-parameters.ts, latestReleaseParameter), then DescribeImages for that AMI's name,
 * whose release version is compared with the pinned one. A newer release is a warning with the
 * alias's place in the fleet description, never a failure: the pinned release still launches
 * (the ami-alias check says whether it resolves). Needs ssm:GetParameter on
 * arn:<partition>:ssm:<region>::parameter/aws/service/* and ec2:DescribeImages (docs/preflight.md).
 */
import { awsSdk } from '../io/aws-sdk';
import { ClusterModel, NodeClassModel, parseAlias, ParsedAlias } from '../model';
import { awsCall } from './aws-call';
import { PreflightClients } from './aws-clients';
import { compareReleases, latestReleaseParameter, releaseOfImageName } from './ami-parameters';
import { CheckResult, pass, skip, warn } from './check-result';

/** The newest release SSM names for the family: the parameter, its AMI, that AMI's name and release. */
type Newest =
  | {
      readonly ok: true;
      readonly parameter: string;
      readonly imageId: string;
      readonly name: string;
      readonly release: string;
    }
  | { readonly ok: false; readonly why: string };

async function newestRelease(
  clients: PreflightClients,
  alias: ParsedAlias,
  parameter: string,
  cluster: ClusterModel,
  k8sVersion: string,
): Promise<Newest> {
  const p = await awsCall(
    'SSM',
    'GetParameter',
    () => clients.ssm.send(new (awsSdk.ssm().GetParameterCommand)({ Name: parameter })),
    ['ParameterNotFound'],
  );
  const imageId = p.ok ? p.value.Parameter?.Value : undefined;
  if (imageId === undefined)
    return {
      ok: false,
      why: `SSM has no ${parameter} in ${cluster.aws.region} for Kubernetes ${k8sVersion}`,
    };
  const i = await awsCall(
    'EC2',
    'DescribeImages',
    () => clients.ec2.send(new (awsSdk.ec2().DescribeImagesCommand)({ ImageIds: [imageId] })),
    ['InvalidAMIID.NotFound', 'InvalidAMIID.Malformed', 'InvalidAMIID.Unavailable'],
  );
  const name = i.ok ? i.value.Images?.[0]?.Name : undefined;
  if (name === undefined)
    return { ok: false, why: `DescribeImages gave no name for ${imageId}, the AMI of ${parameter}` };
  const release = releaseOfImageName(alias, name);
  if (release === undefined)
    return { ok: false, why: `${imageId} (${parameter}) is named ${name}, which holds no release version` };
  return { ok: true, parameter, imageId, name, release };
}

async function checkAlias(
  clients: PreflightClients,
  cluster: ClusterModel,
  nc: NodeClassModel,
  alias: string,
  k8sVersion: string,
): Promise<CheckResult> {
  const subject = `node class ${nc.name} alias ${alias}`;
  const parsed = parseAlias(alias);
  const parameter = parsed === undefined ? undefined : latestReleaseParameter(parsed, k8sVersion);
  if (parsed === undefined || parameter === undefined)
    return skip('ami-release', subject, 'only al2023 and bottlerocket aliases pin a release to compare');
  if (parsed.version === 'latest')
    return skip('ami-release', subject, 'follows the newest release itself (@latest)');
  const newest = await newestRelease(clients, parsed, parameter, cluster, k8sVersion);
  if (!newest.ok) return skip('ami-release', subject, newest.why);
  const order = compareReleases(parsed, parsed.version, newest.release);
  const found = `${newest.parameter} is ${newest.imageId}, ${newest.name}`;
  if (order === undefined)
    return skip('ami-release', subject, `cannot order ${parsed.version} and ${newest.release} (${found})`);
  if (order >= 0) return pass('ami-release', subject, `${parsed.version} is the newest release (${found})`);
  return warn(
    'ami-release',
    subject,
    `a newer AMI release ${newest.release} exists than the pinned ${parsed.version} (${found}); nodes keep the pinned release until the alias changes`,
    `set alias: ${parsed.family}@${newest.release} once it has run on a test cluster (impact shows the nodes that drift)`,
    nc.aliasSources?.[alias] ?? nc.source,
  );
}

/** One result per alias of every node class (k8sVersion: the live cluster's, else the fleet's). */
export async function checkAmiReleases(
  clients: PreflightClients,
  cluster: ClusterModel,
  k8sVersion: string,
): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  for (const nc of cluster.nodeClasses)
    for (const term of nc.amiSelectorTerms)
      if (term.alias !== undefined) out.push(await checkAlias(clients, cluster, nc, term.alias, k8sVersion));
  return out;
}
