/**
 * The vocabulary of the scenario table (policies/scenarios/scenarios.ts): one request, who decides
 * it, and the decision the generated policies must give; and the "elsewhere" values the
 * denied scenarios use.
 */

export type ScenarioExpectation = 'allowed' | 'denied';
/**
 * Which policies decide: the controller role's identity policies, the queue's resource policy,
 * or (EKS Auto Mode) the node role's trust policy or the volume key's policy statements.
 */
export type ScenarioSubject = 'controller' | 'interruption-queue' | 'node-role-trust' | 'volume-key';
export type ContextValue = string | readonly string[];

export interface Scenario {
  /** Stable kebab-case ID. */
  readonly id: string;
  readonly description: string;
  readonly subject: ScenarioSubject;
  /** For resource-policy scenarios: the calling principal (a service, or a role for `volume-key`). */
  readonly principal?: string;
  readonly action: string;
  readonly resource: string;
  readonly context: Readonly<Record<string, ContextValue>>;
  readonly expect: ScenarioExpectation;
}

/** Condition keys whose values are booleans (for SimulateCustomPolicy's typed context). */
export const BOOLEAN_CONTEXT_KEYS: readonly string[] = ['aws:SecureTransport', 'kms:GrantIsForAWSResource'];

/** A region different from the cluster's, for "another region" scenarios. */
export function otherRegion(region: string): string {
  return region === 'us-east-1' ? 'us-west-2' : 'us-east-1';
}
/** Another cluster name, for "another cluster's tags" scenarios. */
export function otherCluster(name: string): string {
  return name === 'other-cluster' ? 'another-cluster' : 'other-cluster';
}
/** An account that is not the cluster's. */
export function otherAccount(account: string): string {
  return account === '999988887777' ? '777788889999' : '999988887777';
}

type Allow = (
  id: string,
  description: string,
  action: string,
  resource: string,
  context?: Readonly<Record<string, ContextValue>>,
) => Scenario;

/** Builders of controller scenarios with a default context. */
export function scenarioBuilders(defaultContext: () => Record<string, ContextValue>): {
  allow: Allow;
  deny: Allow;
} {
  const make =
    (expect: ScenarioExpectation): Allow =>
    (id, description, action, resource, context = defaultContext()) => ({
      id,
      description,
      subject: 'controller',
      action,
      resource,
      context,
      expect,
    });
  return { allow: make('allowed'), deny: make('denied') };
}

/** Context every controller request carries: its region, over TLS. */
export function baseContext(region: string): Record<string, ContextValue> {
  return { 'aws:RequestedRegion': region, 'aws:SecureTransport': 'true' };
}
