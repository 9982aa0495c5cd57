/**
 * `policies verify` (and `preflight`) for a cluster with `aws.managedBy: external`: the roles
 * exist already and the tool generated none of them, so nothing is compared statement by
 * statement. Instead the live account must prove what the cluster needs:
 *
 *   - the node role exists, EC2 may assume it, and it has the AWS managed policies a node needs
 *     to join (AmazonEKSWorkerNodePolicy; ECR pull and the CNI policy as notes, since a team may
 *     give those another way);
 *   - the controller role exists and its trust admits the cluster's identity (EKS Pod Identity, or
 *     the OIDC provider with IRSA);
 *   - every request of the scenario table that the generated policies allow, IAM allows with the
 *     role's own policies (attached managed policies and inline ones, within its permissions
 *     boundary): IAM's SimulateCustomPolicy decides. Requests the generated policies deny but the
 *     role allows are reported as `broader`, without failing.
 *
 * Read-only: GetRole, ListAttachedRolePolicies, ListRolePolicies, GetRolePolicy, GetPolicy,
 * GetPolicyVersion, SimulateCustomPolicy.
 */
import type { IAMClient, Role } from '@aws-sdk/client-iam';
import { awsSdk } from '../io/aws-sdk';
import { ClusterModel } from '../model';
import { POD_IDENTITY_PRINCIPAL } from './controller-role';
import { REQUIRED_NODE_POLICIES } from './node-role';
import { arnBuilder, servicePrincipal } from './partition';
import { parseIamDocument } from './policy-compare';
import { PolicyDocument } from './policy-document';
import {
  ClusterVerification,
  attachedPolicyArns,
  deployedPolicy,
  Finding,
  isNoSuchEntity,
  inlinePolicyNames,
  simulateScenarios,
} from './verify';

/** Node policies without which a node cannot join; the others of REQUIRED_NODE_POLICIES are notes. */
const JOIN_POLICIES: readonly string[] = ['AmazonEKSWorkerNodePolicy'];

async function existingRole(client: IAMClient, name: string): Promise<Role | undefined> {
  try {
    return (await client.send(new (awsSdk.iam().GetRoleCommand)({ RoleName: name }))).Role;
  } catch (e) {
    if (isNoSuchEntity(e)) return undefined;
    throw e;
  }
}

/** The role's identity policies: attached managed ones (default versions) and inline ones. */
async function rolePolicies(client: IAMClient, role: string, findings: Finding[]): Promise<PolicyDocument[]> {
  const docs: PolicyDocument[] = [];
  for (const arn of await attachedPolicyArns(client, role)) {
    const doc = await deployedPolicy(client, arn);
    if (doc) docs.push(doc);
    else
      findings.push({
        kind: 'note',
        subject: `role ${role}`,
        message: `attached policy ${arn} could not be read`,
      });
  }
  const inline = await inlinePolicyNames(client, role);
  for (const name of [...inline].sort()) {
    const r = await client.send(
      new (awsSdk.iam().GetRolePolicyCommand)({ RoleName: role, PolicyName: name }),
    );
    if (r.PolicyDocument) docs.push(parseIamDocument(r.PolicyDocument));
  }
  return docs;
}

/** The role `field` names, or undefined with a finding that it must exist. */
async function requiredRole(
  client: IAMClient,
  name: string,
  field: 'iam.nodeRoleName' | 'iam.controllerRoleName',
  findings: Finding[],
): Promise<Role | undefined> {
  const role = await existingRole(client, name);
  if (!role)
    findings.push({
      kind: 'missing',
      subject: `role ${name}`,
      message: `not found; aws.managedBy is external, so ${field} must name an existing role`,
    });
  return role;
}

function trustMentions(trust: string | undefined, what: string): boolean {
  return trust !== undefined && JSON.stringify(parseIamDocument(trust)).includes(what);
}

async function verifyNodeRole(client: IAMClient, cluster: ClusterModel, findings: Finding[]): Promise<void> {
  const name = cluster.iam.nodeRoleName;
  const subject = `role ${name}`;
  const role = await requiredRole(client, name, 'iam.nodeRoleName', findings);
  if (!role) return;
  const ec2 = servicePrincipal('ec2', cluster.aws.partition);
  if (!trustMentions(role.AssumeRolePolicyDocument, ec2))
    findings.push({
      kind: 'drift',
      subject,
      message: `its trust policy does not let ${ec2} assume it: nodes cannot use it`,
    });
  const attached = await attachedPolicyArns(client, name);
  const arn = arnBuilder(cluster.aws);
  for (const p of REQUIRED_NODE_POLICIES) {
    if (attached.includes(arn.awsManagedPolicy(p))) continue;
    const join = JOIN_POLICIES.includes(p);
    findings.push({
      kind: join ? 'drift' : 'note',
      subject,
      message: join
        ? `${p} is not attached: nodes cannot join the cluster`
        : `${p} is not attached (the generated node role has it; fine if the team grants it another way)`,
    });
  }
}

/** Proves an existing controller and node role against the cluster's scenario table. */
export async function verifyExternalCluster(
  client: IAMClient,
  cluster: ClusterModel,
): Promise<ClusterVerification> {
  const findings: Finding[] = [];
  await verifyNodeRole(client, cluster, findings);
  const name = cluster.iam.controllerRoleName;
  const subject = `role ${name}`;
  const role = await requiredRole(client, name, 'iam.controllerRoleName', findings);
  if (!role) return { cluster: cluster.name, findings, scenariosRun: 0, simulatedDocuments: 'existing' };
  const identity = cluster.iam.identity;
  const principal = identity.type === 'pod-identity' ? POD_IDENTITY_PRINCIPAL : identity.oidcProviderArn;
  if (!trustMentions(role.AssumeRolePolicyDocument, principal))
    findings.push({
      kind: 'drift',
      subject,
      message: `its trust policy does not admit ${principal} (iam.identity: ${identity.type}): the controller cannot assume it`,
    });
  const wantArn = arnBuilder(cluster.aws).role(name, cluster.iam.path);
  if (role.Arn !== wantArn)
    findings.push({
      kind: 'drift',
      subject,
      message: `ARN is ${role.Arn}, expected ${wantArn}: set iam.path to the role's path`,
    });
  const documents = await rolePolicies(client, name, findings);
  const boundaryArn = role.PermissionsBoundary?.PermissionsBoundaryArn;
  const boundary = boundaryArn ? await deployedPolicy(client, boundaryArn) : undefined;
  const scenariosRun = await simulateScenarios(
    client,
    cluster,
    documents,
    findings,
    (s, decision): Finding =>
      s.expect === 'allowed'
        ? {
            kind: 'scenario',
            subject: `scenario ${s.id}`,
            message: `${s.description}: IAM says ${decision} for role ${cluster.iam.controllerRoleName}, and Karpenter needs it`,
          }
        : {
            kind: 'broader',
            subject: `scenario ${s.id}`,
            message: `${s.description}: role ${cluster.iam.controllerRoleName} allows it; the generated policies would not`,
          },
    boundary,
  );
  return { cluster: cluster.name, findings, scenariosRun, simulatedDocuments: 'existing' };
}
