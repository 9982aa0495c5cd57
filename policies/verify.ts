/**
 * `policies verify`: compares what is deployed in the account with what we generate, and
 * replays the scenario table through IAM's policy simulator (SimulateCustomPolicy).
 *
 * Read-only: GetRole, ListAttachedRolePolicies, ListRolePolicies, GetRolePolicy,
 * GetPolicy, GetPolicyVersion and SimulateCustomPolicy. Never writes to the account.
 */
import type { ContextEntry, IAMClient } from '@aws-sdk/client-iam';
import { awsSdk } from '../io/aws-sdk';
import { ClusterModel } from '../model';
import { controllerPolicies } from './controller-policies';
import { controllerTrustPolicy } from './controller-role';
import { nodeRolePolicyArns, nodeTrustPolicy } from './node-role';
import { arnBuilder } from './partition';
import { diffPolicies, isSame, parseIamDocument, PolicyDiff } from './policy-compare';
import { PolicyDocument } from './policy-document';
import { BOOLEAN_CONTEXT_KEYS, Scenario, controllerScenarios } from './scenarios/scenarios';
import { targetOf } from './targets/targets';

/**
 * `missing`, `drift` and `scenario` fail the run; `broader` (an existing role allows a request the
 * generated policies deny) and `note` are reported without failing it.
 */
export type FindingKind = 'missing' | 'drift' | 'scenario' | 'broader' | 'note';

/** Whether a finding fails `policies verify`. */
export function failsVerification(f: Finding): boolean {
  return f.kind === 'missing' || f.kind === 'drift' || f.kind === 'scenario';
}

export interface Finding {
  readonly kind: FindingKind;
  /** What the finding is about, e.g. `role KarpenterNodeRole-ticketing`. */
  readonly subject: string;
  readonly message: string;
}

export interface ClusterVerification {
  readonly cluster: string;
  readonly findings: readonly Finding[];
  /** Scenarios simulated, and whether the deployed or (when missing) generated documents were used. */
  readonly scenariosRun: number;
  /** `existing`: the policies of a role the fleet names (aws.managedBy: external). */
  readonly simulatedDocuments: 'deployed' | 'generated' | 'existing';
}

/** How the cluster's generated AWS side is put in place (its target's deployment, policies/targets/targets.ts). */
function deployHint(cluster: ClusterModel): string {
  return targetOf(cluster).deploy.command(cluster);
}

export function isNoSuchEntity(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: string }).name === 'NoSuchEntityException';
}

async function listAll<T>(page: (marker?: string) => Promise<{ items: T[]; next?: string }>): Promise<T[]> {
  const out: T[] = [];
  let marker: string | undefined;
  do {
    const r = await page(marker);
    out.push(...r.items);
    marker = r.next;
  } while (marker !== undefined);
  return out;
}

function describeDiff(diff: PolicyDiff): string {
  const parts: string[] = [];
  if (diff.missing.length > 0) parts.push(`missing statements ${diff.missing.join(', ')}`);
  if (diff.extra.length > 0) parts.push(`unexpected statements ${diff.extra.join(', ')}`);
  if (diff.changed.length > 0) parts.push(`changed statements ${diff.changed.join(', ')}`);
  return parts.join('; ');
}

interface ExpectedRole {
  readonly name: string;
  readonly trust: PolicyDocument;
  readonly attached: readonly string[];
}

/** ARNs of the managed policies attached to a role (every page). */
export async function attachedPolicyArns(client: IAMClient, role: string): Promise<string[]> {
  return listAll(async (Marker) => {
    const r = await client.send(
      new (awsSdk.iam().ListAttachedRolePoliciesCommand)({ RoleName: role, Marker }),
    );
    return {
      items: (r.AttachedPolicies ?? []).map((p) => p.PolicyArn ?? ''),
      next: r.IsTruncated ? r.Marker : undefined,
    };
  });
}

/** Names of a role's inline policies (every page). */
export async function inlinePolicyNames(client: IAMClient, role: string): Promise<string[]> {
  return listAll(async (Marker) => {
    const r = await client.send(new (awsSdk.iam().ListRolePoliciesCommand)({ RoleName: role, Marker }));
    return { items: r.PolicyNames ?? [], next: r.IsTruncated ? r.Marker : undefined };
  });
}

async function verifyRole(
  client: IAMClient,
  cluster: ClusterModel,
  role: ExpectedRole,
  findings: Finding[],
): Promise<boolean> {
  const subject = `role ${role.name}`;
  let got;
  try {
    got = (await client.send(new (awsSdk.iam().GetRoleCommand)({ RoleName: role.name }))).Role;
  } catch (e) {
    if (!isNoSuchEntity(e)) throw e;
    findings.push({ kind: 'missing', subject, message: `not found; ${deployHint(cluster)}` });
    return false;
  }
  if (!got) throw new Error(`GetRole returned no role for ${role.name}`);
  const wantArn = arnBuilder(cluster.aws).role(role.name, cluster.iam.path);
  if (got.Arn !== wantArn)
    findings.push({ kind: 'drift', subject, message: `ARN is ${got.Arn}, expected ${wantArn}` });
  const boundary = got.PermissionsBoundary?.PermissionsBoundaryArn;
  if (boundary !== cluster.iam.permissionsBoundaryArn)
    findings.push({
      kind: 'drift',
      subject,
      message: `permissions boundary is ${boundary ?? 'none'}, expected ${cluster.iam.permissionsBoundaryArn ?? 'none'}`,
    });
  if (got.AssumeRolePolicyDocument) {
    const diff = diffPolicies(role.trust, parseIamDocument(got.AssumeRolePolicyDocument));
    if (!isSame(diff))
      findings.push({ kind: 'drift', subject, message: `trust policy: ${describeDiff(diff)}` });
  }
  const attached = await attachedPolicyArns(client, role.name);
  for (const arn of role.attached)
    if (!attached.includes(arn))
      findings.push({ kind: 'drift', subject, message: `managed policy ${arn} is not attached` });
  for (const arn of [...attached].sort())
    if (!role.attached.includes(arn))
      findings.push({
        kind: 'drift',
        subject,
        message: `managed policy ${arn} is attached but not generated`,
      });
  const inline = await inlinePolicyNames(client, role.name);
  for (const name of [...inline].sort()) {
    const r = await client.send(
      new (awsSdk.iam().GetRolePolicyCommand)({ RoleName: role.name, PolicyName: name }),
    );
    const doc = r.PolicyDocument ? parseIamDocument(r.PolicyDocument) : undefined;
    const actions = doc
      ? [...new Set(doc.Statement.flatMap((s) => (typeof s.Action === 'string' ? [s.Action] : s.Action)))]
      : [];
    findings.push({
      kind: 'drift',
      subject,
      message: `inline policy ${name} is not generated (grants ${actions.sort().join(', ') || 'nothing'}); remove it or add what it needs to the fleet description`,
    });
  }
  return true;
}

/** Deployed document of a customer managed policy, or undefined when it does not exist. */
export async function deployedPolicy(client: IAMClient, arn: string): Promise<PolicyDocument | undefined> {
  let version: string | undefined;
  try {
    version = (await client.send(new (awsSdk.iam().GetPolicyCommand)({ PolicyArn: arn }))).Policy
      ?.DefaultVersionId;
  } catch (e) {
    if (isNoSuchEntity(e)) return undefined;
    throw e;
  }
  if (!version) throw new Error(`GetPolicy returned no default version for ${arn}`);
  const r = await client.send(
    new (awsSdk.iam().GetPolicyVersionCommand)({ PolicyArn: arn, VersionId: version }),
  );
  if (!r.PolicyVersion?.Document) throw new Error(`GetPolicyVersion returned no document for ${arn}`);
  return parseIamDocument(r.PolicyVersion.Document);
}

/** SimulateCustomPolicy context entries for a scenario. */
export function contextEntries(s: Scenario): ContextEntry[] {
  return Object.keys(s.context)
    .sort()
    .map((key) => {
      const v = s.context[key];
      const values = typeof v === 'string' ? [v] : [...v];
      const type =
        typeof v !== 'string' ? 'stringList' : BOOLEAN_CONTEXT_KEYS.includes(key) ? 'boolean' : 'string';
      return { ContextKeyName: key, ContextKeyValues: values, ContextKeyType: type };
    });
}

/**
 * Simulates the cluster's scenario table (controllerScenarios) against `documents` with IAM's
 * SimulateCustomPolicy, within a permissions boundary when one is given; `mismatch` turns each
 * scenario whose decision differs from what it expects into a finding. Returns how many ran.
 */
export async function simulateScenarios(
  client: IAMClient,
  cluster: ClusterModel,
  documents: readonly PolicyDocument[],
  findings: Finding[],
  mismatch: (s: Scenario, decision: string) => Finding,
  boundary?: PolicyDocument,
): Promise<number> {
  const table = controllerScenarios(cluster);
  const inputs = documents.map((d) => JSON.stringify(d));
  for (const s of table) {
    const r = await client.send(
      new (awsSdk.iam().SimulateCustomPolicyCommand)({
        PolicyInputList: inputs,
        ...(boundary ? { PermissionsBoundaryPolicyInputList: [JSON.stringify(boundary)] } : {}),
        ActionNames: [s.action],
        ...(s.resource !== '*' ? { ResourceArns: [s.resource] } : {}),
        ContextEntries: contextEntries(s),
      }),
    );
    const decision = r.EvaluationResults?.[0]?.EvalDecision;
    if (decision === undefined)
      throw new Error(`SimulateCustomPolicy returned no result for scenario ${s.id}`);
    const got = decision === 'allowed' ? 'allowed' : 'denied';
    if (got !== s.expect) findings.push(mismatch(s, decision));
  }
  return table.length;
}

/** Compare one cluster's deployed IAM with the generated one and simulate its scenarios. */
export async function verifyCluster(client: IAMClient, cluster: ClusterModel): Promise<ClusterVerification> {
  const findings: Finding[] = [];
  const arn = arnBuilder(cluster.aws);
  const policies = controllerPolicies(cluster);
  await verifyRole(
    client,
    cluster,
    {
      name: cluster.iam.nodeRoleName,
      trust: nodeTrustPolicy(cluster),
      attached: nodeRolePolicyArns(cluster),
    },
    findings,
  );
  await verifyRole(
    client,
    cluster,
    {
      name: cluster.iam.controllerRoleName,
      trust: controllerTrustPolicy(cluster),
      attached: policies.map((p) => arn.policy(p.name, cluster.iam.path)),
    },
    findings,
  );
  const deployed: PolicyDocument[] = [];
  let allDeployed = true;
  for (const p of policies) {
    const policyArn = arn.policy(p.name, cluster.iam.path);
    const have = await deployedPolicy(client, policyArn);
    if (!have) {
      allDeployed = false;
      findings.push({
        kind: 'missing',
        subject: `policy ${p.name}`,
        message: `not found; ${deployHint(cluster)}`,
      });
      continue;
    }
    deployed.push(have);
    const diff = diffPolicies(p.document, have);
    if (!isSame(diff))
      findings.push({ kind: 'drift', subject: `policy ${p.name}`, message: describeDiff(diff) });
  }
  const documents = allDeployed ? deployed : policies.map((p) => p.document);
  const scenariosRun = await simulateScenarios(client, cluster, documents, findings, (s, decision) => ({
    kind: 'scenario',
    subject: `scenario ${s.id}`,
    message: `${s.description}: IAM says ${decision}, expected ${s.expect}`,
  }));
  return {
    cluster: cluster.name,
    findings,
    scenariosRun,
    simulatedDocuments: allDeployed ? 'deployed' : 'generated',
  };
}
