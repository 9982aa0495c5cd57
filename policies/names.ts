/**
 * Every AWS name the template sets, derived from the cluster in one place, and the
 * limits AWS puts on them. The loader (model/check/check-resolved.ts, model/check/check-aws-tags.ts)
 * refuses most violations first; the generator re-checks them all so a bad name can never
 * reach a template. Some are found only here: the EventBridge rule names, which bind a
 * cluster name to 42 characters when the role names are set explicitly (the loader's
 * derived role names bind it to 40 otherwise). Errors point at the field as written
 * (ClusterModel.fieldSources); a name derived from the cluster name points at `name:`, or
 * at the file when the name is the file's.
 */
import { show, Diagnostic, ClusterModel, SourceLocation } from '../model';
import { INTERRUPTION_EVENTS, InterruptionEventKind } from './interruption-events';

/** The controller policies, one concept each, in template order. */
export const CONTROLLER_POLICY_KINDS = [
  'NodeLifecycle',
  'IAMIntegration',
  'EKSIntegration',
  'Interruption',
  'ResourceDiscovery',
  'ZonalShift',
  'VolumeEncryption',
] as const;
export type ControllerPolicyKind = (typeof CONTROLLER_POLICY_KINDS)[number];

/** AWS limits on the names we set. */
export const NAME_LIMITS = {
  roleName: 64,
  managedPolicyName: 128,
  instanceProfileName: 128,
  queueName: 80,
  ruleName: 64,
  iamPath: 512,
  tagKey: 128,
  tagValue: 256,
  /** IAM roles take at most 50 tags; the tool adds one (managed-by). */
  tags: 50,
} as const;

/** Characters IAM, SQS, EventBridge and EKS all accept in tag keys and values. */
const TAG_TEXT = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]*$/u;

/** Characters IAM allows in role, policy and instance-profile names. */
const IAM_NAME = /^[\w+=,.@-]+$/;
/** Characters SQS allows in a (standard) queue name. */
const QUEUE_NAME = /^[A-Za-z0-9_-]+$/;
/** Characters EventBridge allows in a rule name. */
const RULE_NAME = /^[.\-_A-Za-z0-9]+$/;
/** IAM path: `/` or `/segment/.../`, printable ASCII without spaces. */
const IAM_PATH = /^\/([\x21-\x7e]+\/)?$/;

export function managedPolicyName(kind: ControllerPolicyKind, cluster: string): string {
  return `KarpenterController${kind}Policy-${cluster}`;
}

export function ruleName(kind: InterruptionEventKind, cluster: string): string {
  const event = INTERRUPTION_EVENTS.find((e) => e.kind === kind);
  if (!event) throw new Error(`unknown interruption event ${kind}`);
  return `Karpenter-${cluster}-${event.nameSuffix}`;
}

/** Name of the optional instance profile: the node role's name. */
export function instanceProfileName(cluster: ClusterModel): string {
  return cluster.iam.nodeRoleName;
}

/**
 * Names that break an AWS limit, as diagnostics against the cluster's file. Empty when
 * everything fits.
 */
export function nameProblems(cluster: ClusterModel): Diagnostic[] {
  const problems: Diagnostic[] = [];
  /** `field`: the field's ClusterModel.fieldSources key, when `path` shows it differently. */
  const at = (path: string, message: string, fix: string, field = path): Diagnostic => {
    const loc = fieldSource(cluster, field);
    return { severity: 'error', file: loc.file, line: loc.line, col: loc.col, path, message, fix };
  };
  const checkIam = (path: string, kind: string, value: string, limit: number) => {
    if (value.length > limit)
      problems.push(
        at(
          path,
          `${kind} '${show(value)}' is ${value.length} characters; IAM allows at most ${limit}`,
          'Use a shorter name',
        ),
      );
    if (!IAM_NAME.test(value))
      problems.push(
        at(
          path,
          `${kind} '${show(value)}' contains characters IAM does not allow`,
          'Use only letters, digits and +=,.@_-',
        ),
      );
  };
  checkIam('iam.nodeRoleName', 'node role name', cluster.iam.nodeRoleName, NAME_LIMITS.roleName);
  checkIam(
    'iam.controllerRoleName',
    'controller role name',
    cluster.iam.controllerRoleName,
    NAME_LIMITS.roleName,
  );
  if (cluster.iam.createInstanceProfile)
    checkIam(
      'iam.nodeRoleName',
      'instance profile name',
      instanceProfileName(cluster),
      NAME_LIMITS.instanceProfileName,
    );
  for (const kind of CONTROLLER_POLICY_KINDS) {
    const name = managedPolicyName(kind, cluster.name);
    if (name.length > NAME_LIMITS.managedPolicyName)
      problems.push(
        at(
          'name',
          `cluster name makes the managed policy name '${name}' ${name.length} characters; IAM allows at most ${NAME_LIMITS.managedPolicyName}`,
          'Use a shorter cluster name',
        ),
      );
  }
  if (!IAM_NAME.test(cluster.name))
    problems.push(
      at('name', `cluster name '${cluster.name}' cannot be part of an IAM name`, 'Use a DNS-1123 label'),
    );
  for (const event of INTERRUPTION_EVENTS) {
    const name = ruleName(event.kind, cluster.name);
    if (name.length > NAME_LIMITS.ruleName || !RULE_NAME.test(name)) {
      problems.push(
        at(
          'name',
          `cluster name makes the EventBridge rule name '${name}' ${name.length} characters; EventBridge allows at most ${NAME_LIMITS.ruleName} of [.-_A-Za-z0-9]`,
          `Use a cluster name of at most ${maxClusterNameLength()} characters`,
        ),
      );
      break;
    }
  }
  const queue = cluster.karpenter.interruptionQueue.name;
  if (queue.length > NAME_LIMITS.queueName || !QUEUE_NAME.test(queue))
    problems.push(
      at(
        'karpenter.interruptionQueue.name',
        `queue name '${queue}' must be 1-${NAME_LIMITS.queueName} letters, digits, '-' or '_'`,
        'Choose a shorter queue name without other characters',
      ),
    );
  const tagKeys = Object.keys(cluster.tags);
  if (tagKeys.length + 1 > NAME_LIMITS.tags)
    problems.push(
      at(
        'tags',
        `${tagKeys.length} tags plus the tool's managed-by tag exceed the ${NAME_LIMITS.tags} AWS allows`,
        'Remove some tags',
      ),
    );
  for (const key of tagKeys) {
    const value = cluster.tags[key];
    if (
      key.length === 0 ||
      key.length > NAME_LIMITS.tagKey ||
      !TAG_TEXT.test(key) ||
      key.toLowerCase().startsWith('aws:')
    )
      problems.push(
        at(
          `tags.${show(key)}`,
          `tag key '${show(key)}' is not valid on AWS resources`,
          `Use 1-${NAME_LIMITS.tagKey} letters, digits, spaces or _.:/=+-@, not starting with 'aws:'`,
          `tags.${key}`,
        ),
      );
    if (value.length > NAME_LIMITS.tagValue || !TAG_TEXT.test(value))
      problems.push(
        at(
          `tags.${show(key)}`,
          `tag value '${show(value)}' is not valid on AWS resources`,
          `Use at most ${NAME_LIMITS.tagValue} letters, digits, spaces or _.:/=+-@`,
          `tags.${key}`,
        ),
      );
  }
  const path = cluster.iam.path;
  if (path.length > NAME_LIMITS.iamPath || !IAM_PATH.test(path))
    problems.push(
      at('iam.path', `IAM path '${show(path)}' is not valid`, "Use '/' or a path like '/karpenter/'"),
    );
  return problems;
}

/**
 * Where the field at `path` was written; a value the user did not write (derived from the
 * cluster name, or a default) points at `name:` if written, else at the cluster's file.
 */
export function fieldSource(cluster: ClusterModel, path: string): SourceLocation {
  const sources = cluster.fieldSources ?? {};
  return sources[path] ?? sources.name ?? cluster.source;
}

/** Longest cluster name whose derived names all fit (the EventBridge rule names bind first). */
export function maxClusterNameLength(): number {
  const longestSuffix = Math.max(...INTERRUPTION_EVENTS.map((e) => e.nameSuffix.length));
  const longestPolicyKind = Math.max(...CONTROLLER_POLICY_KINDS.map((k) => k.length));
  return Math.min(
    NAME_LIMITS.ruleName - 'Karpenter--'.length - longestSuffix,
    NAME_LIMITS.managedPolicyName - 'KarpenterControllerPolicy-'.length - longestPolicyKind,
  );
}
