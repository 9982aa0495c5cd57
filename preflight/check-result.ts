/** What one preflight check found, and the closed set of checks. */
import { SourceLocation } from '../model';

export const CHECK_IDS = [
  'cluster',
  'subnets',
  'security-groups',
  'spot-service-linked-role',
  'controller-identity',
  'zonal-shift',
  'access-entry',
  'interruption-queue',
  'interruption-rules',
  'key-policy',
  'ami-alias',
  'ami-release',
  'ami-volume-size',
  'instance-offerings',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/**
 * `warn`: something to act on that does not stop a launch (a newer AMI release exists); the
 * preflight still succeeds. `fail` makes it exit 1.
 */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  readonly check: CheckId;
  /** What the result is about, e.g. `node class default` or `key arn:aws:kms:...`. */
  readonly subject: string;
  readonly status: CheckStatus;
  /** What was found (pass), what to act on (warn), what is wrong (fail), or why it did not apply (skip). */
  readonly message: string;
  /** The command or fleet/template change that fixes a failure or warning. @default none (pass and skip) */
  readonly fix?: string;
  /** Where in the fleet description the subject is written. @default none (account-level checks) */
  readonly source?: SourceLocation;
}

export function pass(check: CheckId, subject: string, message: string): CheckResult {
  return { check, subject, status: 'pass', message };
}

export function skip(check: CheckId, subject: string, message: string): CheckResult {
  return { check, subject, status: 'skip', message };
}

export function warn(
  check: CheckId,
  subject: string,
  message: string,
  fix: string,
  source?: SourceLocation,
): CheckResult {
  return { check, subject, status: 'warn', message, fix, ...(source !== undefined ? { source } : {}) };
}

export function fail(
  check: CheckId,
  subject: string,
  message: string,
  fix: string,
  source?: SourceLocation,
): CheckResult {
  return { check, subject, status: 'fail', message, fix, ...(source !== undefined ? { source } : {}) };
}
