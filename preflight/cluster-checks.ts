/**
 * Checks on the EKS cluster itself and the account-level things Karpenter needs before it
 * starts: the cluster exists, the controller's identity (IRSA's OIDC provider or the Pod
 * Identity agent add-on), zonal shift registration, the node role's access entry, and the
 * Spot service-linked role where pools may use Spot.
 */
import { awsSdk } from '../io/aws-sdk';
import { ClusterModel } from '../model';
import { arnBuilder, SPOT_SERVICE_LINKED_ROLE_NAME } from '../policies/partition';
import { spotPools } from '../policies/spot-usage';
import { targetOf } from '../policies/targets/targets';
import { awsCall } from './aws-call';
import { PreflightClients } from './aws-clients';
import { CheckResult, fail, pass, skip } from './check-result';

/** What the preflight needs to know about the live cluster. */
export interface LiveCluster {
  readonly vpcId?: string;
  /** Kubernetes minor version the control plane runs, e.g. `1.33`. */
  readonly version?: string;
  readonly zonalShiftEnabled: boolean;
  readonly authenticationMode?: string;
  /** Issuer URL without `https://`. */
  readonly oidcIssuer?: string;
}

export const POD_IDENTITY_ADDON = 'eks-pod-identity-agent';

const RESOURCE_NOT_FOUND = ['ResourceNotFoundException'];
const NO_SUCH_ENTITY = ['NoSuchEntityException', 'NoSuchEntity'];

/** How the cluster's AWS side is put in place (its target's deployment, policies/targets/targets.ts). */
function deployVerb(cluster: ClusterModel): string {
  return targetOf(cluster).deploy.step;
}

/** The fix for a missing Spot service-linked role: the AWS CLI, or the fleet's field where the tool creates the AWS side. */
function spotRoleFix(cluster: ClusterModel): string {
  const create = 'aws iam create-service-linked-role --aws-service-name spot.amazonaws.com';
  if (!targetOf(cluster).deploy.createsAwsSide) return create;
  return cluster.iam.createSpotServiceLinkedRole
    ? `${deployVerb(cluster)} (iam.createSpotServiceLinkedRole makes it create the role), or ${create} and set iam.createSpotServiceLinkedRole: false`
    : `${create} (or set iam.createSpotServiceLinkedRole: true in ${cluster.source.file} and ${deployVerb(cluster)})`;
}

export async function describeCluster(
  clients: PreflightClients,
  cluster: ClusterModel,
): Promise<{ live?: LiveCluster; result: CheckResult }> {
  const subject = `EKS cluster ${cluster.name}`;
  const r = await awsCall(
    'EKS',
    'DescribeCluster',
    () => clients.eks.send(new (awsSdk.eks().DescribeClusterCommand)({ name: cluster.name })),
    RESOURCE_NOT_FOUND,
  );
  if (!r.ok || r.value.cluster === undefined)
    return {
      result: fail(
        'cluster',
        subject,
        `not found in account ${cluster.aws.accountId}, region ${cluster.aws.region}; every check that needs it was skipped`,
        `create the cluster, or correct \`name\`/\`aws.region\` in ${cluster.source.file}`,
        cluster.source,
      ),
    };
  const c = r.value.cluster;
  const live: LiveCluster = {
    ...(c.resourcesVpcConfig?.vpcId !== undefined ? { vpcId: c.resourcesVpcConfig.vpcId } : {}),
    ...(c.version !== undefined ? { version: c.version } : {}),
    zonalShiftEnabled: c.zonalShiftConfig?.enabled === true,
    ...(c.accessConfig?.authenticationMode !== undefined
      ? { authenticationMode: c.accessConfig.authenticationMode }
      : {}),
    ...(c.identity?.oidc?.issuer !== undefined
      ? { oidcIssuer: c.identity.oidc.issuer.replace(/^https:\/\//, '') }
      : {}),
  };
  const versionNote =
    live.version !== undefined && live.version !== cluster.kubernetesVersion
      ? `; it runs Kubernetes ${live.version}, the fleet description says ${cluster.kubernetesVersion}`
      : '';
  return {
    live,
    result: pass(
      'cluster',
      subject,
      `status ${c.status ?? 'unknown'}, VPC ${live.vpcId ?? 'unknown'}${versionNote}`,
    ),
  };
}

export async function checkSpotServiceLinkedRole(
  clients: PreflightClients,
  cluster: ClusterModel,
): Promise<CheckResult> {
  const subject = `role ${SPOT_SERVICE_LINKED_ROLE_NAME}`;
  const pools = spotPools(cluster);
  if (pools.length === 0) return skip('spot-service-linked-role', subject, 'no node pool may use Spot');
  const r = await awsCall(
    'IAM',
    'GetRole',
    () => clients.iam.send(new (awsSdk.iam().GetRoleCommand)({ RoleName: SPOT_SERVICE_LINKED_ROLE_NAME })),
    NO_SUCH_ENTITY,
  );
  if (r.ok)
    return pass('spot-service-linked-role', subject, `exists; node pools ${pools.join(', ')} may use Spot`);
  return fail(
    'spot-service-linked-role',
    subject,
    `missing, and node pools ${pools.join(', ')} may use Spot: every Spot launch fails with AuthFailure.ServiceLinkedRoleCreationNotPermitted`,
    spotRoleFix(cluster),
    cluster.source,
  );
}

export async function checkControllerIdentity(
  clients: PreflightClients,
  cluster: ClusterModel,
  live: LiveCluster,
): Promise<CheckResult> {
  const identity = cluster.iam.identity;
  if (identity.type === 'irsa') {
    const subject = `OIDC provider ${identity.oidcProviderArn}`;
    const r = await awsCall(
      'IAM',
      'GetOpenIDConnectProvider',
      () =>
        clients.iam.send(
          new (awsSdk.iam().GetOpenIDConnectProviderCommand)({
            OpenIDConnectProviderArn: identity.oidcProviderArn,
          }),
        ),
      NO_SUCH_ENTITY,
    );
    if (!r.ok)
      return fail(
        'controller-identity',
        subject,
        'missing: the controller cannot assume its role (IRSA)',
        `eksctl utils associate-iam-oidc-provider --cluster ${cluster.name} --region ${cluster.aws.region} --approve`,
        cluster.source,
      );
    if (live.oidcIssuer !== undefined && live.oidcIssuer !== identity.oidcIssuer)
      return fail(
        'controller-identity',
        subject,
        `belongs to issuer ${identity.oidcIssuer}, but the cluster's issuer is ${live.oidcIssuer}`,
        `set iam.oidcProviderArn in ${cluster.source.file} to arn:${cluster.aws.partition}:iam::${cluster.aws.accountId}:oidc-provider/${live.oidcIssuer}`,
        cluster.source,
      );
    const clients_ = r.value.ClientIDList ?? [];
    if (!clients_.includes('sts.amazonaws.com'))
      return fail(
        'controller-identity',
        subject,
        `does not list the audience sts.amazonaws.com (client IDs: ${clients_.join(', ') || 'none'})`,
        `aws iam add-client-id-to-open-id-connect-provider --open-id-connect-provider-arn ${identity.oidcProviderArn} --client-id sts.amazonaws.com`,
        cluster.source,
      );
    return pass('controller-identity', subject, 'exists, issuer and audience match (IRSA)');
  }
  const subject = `add-on ${POD_IDENTITY_ADDON}`;
  const r = await awsCall(
    'EKS',
    'DescribeAddon',
    () =>
      clients.eks.send(
        new (awsSdk.eks().DescribeAddonCommand)({ clusterName: cluster.name, addonName: POD_IDENTITY_ADDON }),
      ),
    RESOURCE_NOT_FOUND,
  );
  const fix = `aws eks create-addon --cluster-name ${cluster.name} --addon-name ${POD_IDENTITY_ADDON} --region ${cluster.aws.region}`;
  if (!r.ok)
    return fail(
      'controller-identity',
      subject,
      'not installed: the controller gets no credentials (Pod Identity)',
      fix,
      cluster.source,
    );
  const status = r.value.addon?.status ?? 'unknown';
  if (status !== 'ACTIVE' && status !== 'UPDATING')
    return fail(
      'controller-identity',
      subject,
      `installed but ${status}`,
      `aws eks describe-addon --cluster-name ${cluster.name} --addon-name ${POD_IDENTITY_ADDON} shows why; repair or re-create it`,
      cluster.source,
    );
  return pass('controller-identity', subject, `installed, ${status} (Pod Identity)`);
}

export function checkZonalShift(cluster: ClusterModel, live: LiveCluster): CheckResult {
  const subject = `EKS cluster ${cluster.name}`;
  if (!cluster.iam.zonalShift)
    return skip('zonal-shift', subject, "Karpenter's zonal shift is off (iam.zonalShift)");
  if (live.zonalShiftEnabled) return pass('zonal-shift', subject, 'registered for zonal shift');
  return fail(
    'zonal-shift',
    subject,
    "not registered for zonal shift, but Karpenter's zonal shift is on (iam.zonalShift): the controller fails at start",
    `aws eks update-cluster-config --name ${cluster.name} --region ${cluster.aws.region} --zonal-shift-config enabled=true (or set iam.zonalShift: false in ${cluster.source.file})`,
    cluster.source,
  );
}

export async function checkAccessEntry(
  clients: PreflightClients,
  cluster: ClusterModel,
  live: LiveCluster,
): Promise<CheckResult> {
  const roleArn = arnBuilder(cluster.aws).role(cluster.iam.nodeRoleName, cluster.iam.path);
  const subject = `access entry ${roleArn}`;
  if (live.authenticationMode === 'CONFIG_MAP')
    return fail(
      'access-entry',
      subject,
      'the cluster authenticates with the aws-auth ConfigMap only, so it has no access entries and nodes cannot join',
      `aws eks update-cluster-config --name ${cluster.name} --region ${cluster.aws.region} --access-config authenticationMode=API_AND_CONFIG_MAP`,
      cluster.source,
    );
  const r = await awsCall(
    'EKS',
    'DescribeAccessEntry',
    () =>
      clients.eks.send(
        new (awsSdk.eks().DescribeAccessEntryCommand)({ clusterName: cluster.name, principalArn: roleArn }),
      ),
    RESOURCE_NOT_FOUND,
  );
  if (!r.ok)
    return fail(
      'access-entry',
      subject,
      'missing: nodes with the node role cannot join the cluster',
      `${deployVerb(cluster)}${targetOf(cluster).deploy.createsAwsSide ? " (it creates the node role's access entry)" : ''}, or aws eks create-access-entry --cluster-name ${cluster.name} --principal-arn ${roleArn} --type EC2_LINUX`,
      cluster.source,
    );
  const type = r.value.accessEntry?.type ?? 'unknown';
  if (type !== 'EC2_LINUX' && type !== 'EC2_WINDOWS')
    return fail(
      'access-entry',
      subject,
      `has type ${type}; nodes need EC2_LINUX (or EC2_WINDOWS)`,
      `aws eks delete-access-entry --cluster-name ${cluster.name} --principal-arn ${roleArn}, then ${targetOf(cluster).deploy.createsAwsSide ? deployVerb(cluster) : 'create it again with type EC2_LINUX'}`,
      cluster.source,
    );
  return pass('access-entry', subject, `exists, type ${type}`);
}
