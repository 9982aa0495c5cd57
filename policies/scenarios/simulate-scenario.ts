/**
 * Evaluates one request or scenario of the table with the IAM simulator (policies/scenarios/simulator.ts:
 * an optional dependency, loaded on first use; callers check `simulatorInstall()` first).
 * Controller scenarios run against the controller's managed policies; queue scenarios run
 * against the queue's resource policy alone.
 */
import { PolicyDocument } from '../policy-document';
import type { NodeRolePolicies } from './node-role-scenarios';
import { ContextValue, Scenario, ScenarioExpectation } from './scenarios';
import { simulatorModule } from './simulator';

export interface SimulatedRequest {
  readonly principal: string;
  readonly action: string;
  readonly resource: string;
  readonly accountId: string;
  readonly context: Readonly<Record<string, ContextValue>>;
}

export interface Outcome {
  /** `error` when the simulator could not evaluate the request (never counts as a denial). */
  readonly decision: ScenarioExpectation | 'error';
  /** 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied', or 'error: ...' */
  readonly detail: string;
}

function mutableContext(context: Readonly<Record<string, ContextValue>>): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(context).map(([k, v]) => [k, typeof v === 'string' ? v : [...v]]));
}

/**
 * AWS-owned public SSM parameters have an empty account field
 * (`arn:aws:ssm:<region>::parameter/aws/service/...`), which the simulator's resource-type
 * patterns cannot match. The same literal substitution in the request and in every
 * policy keeps matches exactly as they were while giving the account field a value.
 */
const PUBLIC_SSM = /(:ssm:[a-z0-9-]+)::parameter\//g;
const PUBLIC_SSM_PLACEHOLDER = '$1:000000000000:parameter/';

function withPublicSsmAccount<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(PUBLIC_SSM, PUBLIC_SSM_PLACEHOLDER)) as T;
}

/**
 * KMS only honours identity policies when the key policy delegates to the account; keys
 * in the scenarios are evaluated with the default key policy, which does exactly that.
 */
export function defaultKeyPolicy(resource: string): PolicyDocument {
  const [, partition, , , account] = resource.split(':');
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'EnableIAMPolicies',
        Effect: 'Allow',
        Principal: { AWS: `arn:${partition}:iam::${account}:root` },
        Action: 'kms:*',
        Resource: '*',
      },
    ],
  };
}

/** Decide a request against identity policies (and optionally a resource policy). */
export async function simulate(
  request: SimulatedRequest,
  identityPolicies: readonly { readonly name: string; readonly document: PolicyDocument }[],
  resourcePolicy?: PolicyDocument,
): Promise<Outcome> {
  const usesPublicSsm = PUBLIC_SSM.test(request.resource);
  PUBLIC_SSM.lastIndex = 0;
  if (usesPublicSsm)
    return simulateAsIs(
      withPublicSsmAccount(request),
      withPublicSsmAccount(identityPolicies),
      resourcePolicy && withPublicSsmAccount(resourcePolicy),
    );
  const keyPolicy =
    resourcePolicy ?? (request.action.startsWith('kms:') ? defaultKeyPolicy(request.resource) : undefined);
  return simulateAsIs(request, identityPolicies, keyPolicy);
}

async function simulateAsIs(
  request: SimulatedRequest,
  identityPolicies: readonly { readonly name: string; readonly document: PolicyDocument }[],
  resourcePolicy?: PolicyDocument,
): Promise<Outcome> {
  const result = await simulatorModule().runSimulation(
    {
      request: {
        principal: request.principal,
        action: request.action,
        resource: { resource: request.resource, accountId: request.accountId },
        contextVariables: mutableContext(request.context),
      },
      identityPolicies: identityPolicies.map((p) => ({ name: p.name, policy: p.document })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(resourcePolicy ? { resourcePolicy } : {}),
    },
    {},
  );
  if (result.resultType === 'error')
    return { decision: 'error', detail: `error: ${JSON.stringify(result.errors)}` };
  // A context key the simulator drops would make a denial meaningless: treat it as an error.
  const ignored =
    result.resultType === 'single'
      ? (result.result.ignoredContextKeys ?? [])
      : result.results.flatMap((r) => r.ignoredContextKeys ?? []);
  if (ignored.length > 0) return { decision: 'error', detail: `ignored context keys: ${ignored.join(', ')}` };
  return {
    decision: result.overallResult === 'Allowed' ? 'allowed' : 'denied',
    detail: result.overallResult,
  };
}

export function roleArn(accountId: string, name: string): string {
  return `arn:aws:iam::${accountId}:role/${name}`;
}

/** Run one scenario of the table against the generated documents. */
export function simulateScenario(
  s: Scenario,
  accountId: string,
  controllerRoleArn: string,
  controllerPolicies: readonly { readonly name: string; readonly document: PolicyDocument }[],
  queuePolicy: PolicyDocument,
  nodeRole?: NodeRolePolicies,
): Promise<Outcome> {
  if (s.subject === 'node-role-trust' || s.subject === 'volume-key') {
    const policy = s.subject === 'node-role-trust' ? nodeRole?.nodeTrustPolicy : nodeRole?.volumeKeyPolicy;
    if (policy === undefined)
      return Promise.resolve({
        decision: 'error',
        detail: `error: no ${s.subject} policy to decide ${s.id}`,
      });
    return simulate(
      {
        principal: s.principal ?? '*',
        action: s.action,
        resource: s.resource,
        accountId,
        context: s.context,
      },
      [],
      policy,
    );
  }
  if (s.subject === 'controller')
    return simulate(
      { principal: controllerRoleArn, action: s.action, resource: s.resource, accountId, context: s.context },
      controllerPolicies,
    );
  return simulate(
    { principal: s.principal ?? '*', action: s.action, resource: s.resource, accountId, context: s.context },
    [],
    queuePolicy,
  );
}
