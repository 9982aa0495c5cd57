/**
 * Checks of values the resolver derived (role and queue names from the cluster name) and
 * of everything that reaches CloudFormation: IAM name limits, and no `${` that an
 * `Fn::Sub` string would read as a substitution. A derived value's error points at the
 * cluster name it came from.
 */
import { Diagnostic } from '../shared/diagnostics';
import { ClusterModel } from '../shared/fleet-model';
import { LocatedNode, PathSegment, formatPath, keyLocAt, locAt, nodeAt } from '../parse/located';
import { RawCluster } from '../parse/raw-fleet';
import { show } from '../shared/show-value';

/** IAM role names: 64 characters of `[\w+=,.@-]`. */
export const IAM_ROLE_NAME_MAX = 64;
const IAM_ROLE_NAME = /^[\w+=,.@-]+$/;
/** SQS queue names: 80 characters of `[A-Za-z0-9_-]`. */
export const QUEUE_NAME_MAX = 80;
const QUEUE_NAME = /^[A-Za-z0-9_-]+$/;
const IAM_PATH = /^\/([\x21-\x7E]+\/)?$/;

/**
 * How to fix a node class whose role is not the cluster's node role; `npm run convert` prints
 * the same sentence when converted classes use several roles.
 */
export const ONE_NODE_ROLE_FIX =
  'A cluster has one node role here: set iam.nodeRoleName to the role to keep and remove role from the node classes (they default to it), or give the classes of other roles an instanceProfile';

/** Reports an error at `path`, or at the cluster name when the value was derived from it. */
type Report = (path: PathSegment[], message: string, fix: string, anchor?: 'key' | 'value') => void;

/** Where a resolved value's error points, and how it says the value was derived. */
interface Reporter {
  readonly report: Report;
  /** ' (derived from the cluster name)' when the user did not write `path`, else ''. */
  readonly derived: (path: PathSegment[]) => string;
}

const QUEUE_PATH: PathSegment[] = ['karpenter', 'interruptionQueue', 'name'];

export function checkResolvedCluster(model: ClusterModel, root: LocatedNode, raw: RawCluster): Diagnostic[] {
  const out: Diagnostic[] = [];
  const r = reporter(out, root, raw);
  checkRoleName(r, ['iam', 'controllerRoleName'], model.iam.controllerRoleName, 'iam.controllerRoleName');
  checkRoleName(r, ['iam', 'nodeRoleName'], model.iam.nodeRoleName, 'iam.nodeRoleName');
  model.nodeClasses.forEach((nc) => checkNodeClassIdentity(r, model, raw, nc));
  checkQueueName(r, model.karpenter.interruptionQueue.name);
  checkIamPath(r, model.iam.path);
  checkSubstitutions(r.report, model, raw);
  return out;
}

function reporter(out: Diagnostic[], root: LocatedNode, raw: RawCluster): Reporter {
  /** Where a value came from: the field if the user wrote it, else the cluster name it derives from. */
  const report: Report = (path, message, fix, anchor = 'value') => {
    const written = nodeAt(root, path) !== undefined;
    const at: PathSegment[] = written ? path : raw.name !== undefined ? ['name'] : [];
    const loc = anchor === 'key' && written ? keyLocAt(root, at) : locAt(root, at);
    out.push({ severity: 'error', ...loc, path: formatPath(path), message, fix });
  };
  const derived = (path: PathSegment[]) =>
    nodeAt(root, path) === undefined ? ' (derived from the cluster name)' : '';
  return { report, derived };
}

/** An IAM role name: length, then characters. */
function checkRoleName(r: Reporter, path: PathSegment[], value: string, field: string): void {
  if (value.length > IAM_ROLE_NAME_MAX) {
    r.report(
      path,
      `role name '${show(value)}'${r.derived(path)} is ${value.length} characters; IAM allows ${IAM_ROLE_NAME_MAX}`,
      `Set ${field} to a shorter name, or shorten the cluster name`,
    );
  } else if (!IAM_ROLE_NAME.test(value)) {
    r.report(
      path,
      `role name '${show(value)}' may only contain letters, digits and + = , . @ _ -`,
      `Set ${field} to a valid name`,
    );
  }
}

/** A node class's written role and its instance profile against the cluster's node role. */
function checkNodeClassIdentity(
  r: Reporter,
  model: ClusterModel,
  raw: RawCluster,
  nc: ClusterModel['nodeClasses'][number],
): void {
  const nodeRole = model.iam.nodeRoleName;
  if (nc.role !== undefined && raw.nodeClasses?.[nc.name]?.role !== undefined) {
    checkRoleName(r, ['nodeClasses', nc.name, 'role'], nc.role, `nodeClasses.${nc.name}.role`);
    // The node role is the one CloudFormation creates and grants cluster access to.
    const roleName = nc.role.slice(nc.role.lastIndexOf('/') + 1);
    if (roleName !== nodeRole) {
      r.report(
        ['nodeClasses', nc.name, 'role'],
        `role '${show(nc.role)}' is not this cluster's node role '${show(nodeRole)}', so its nodes could not join`,
        ONE_NODE_ROLE_FIX,
      );
    }
  }
  // The instance profile the tool creates is named after the node role.
  if (
    nc.instanceProfile !== undefined &&
    model.iam.createInstanceProfile &&
    nc.instanceProfile !== nodeRole
  ) {
    r.report(
      ['nodeClasses', nc.name, 'instanceProfile'],
      `instanceProfile '${show(nc.instanceProfile)}' is not the instance profile this tool creates ('${show(nodeRole)}', named after the node role)`,
      `Use instanceProfile: ${show(nodeRole)}, or set iam.createInstanceProfile: false to use a profile of your own`,
    );
  }
}

/** The SQS interruption queue name: length, then characters. */
function checkQueueName(r: Reporter, queue: string): void {
  if (queue.length > QUEUE_NAME_MAX) {
    r.report(
      QUEUE_PATH,
      `queue name '${show(queue)}'${r.derived(QUEUE_PATH)} is ${queue.length} characters; SQS allows ${QUEUE_NAME_MAX}`,
      'Set karpenter.interruptionQueue.name to a shorter name',
    );
  } else if (!QUEUE_NAME.test(queue)) {
    r.report(
      QUEUE_PATH,
      `queue name '${show(queue)}' may only contain letters, digits, - and _`,
      'Set karpenter.interruptionQueue.name to a valid name',
    );
  }
}

function checkIamPath(r: Reporter, path: string): void {
  if (!IAM_PATH.test(path) || path.length > 512) {
    r.report(
      ['iam', 'path'],
      `'${show(path)}' is not an IAM path`,
      'Write / or a path that starts and ends with /, e.g. /karpenter/',
    );
  }
}

/** Everything that CloudFormation receives inside Fn::Sub strings or names: no `${`. */
function checkSubstitutions(report: Report, model: ClusterModel, raw: RawCluster): void {
  for (const [path, value] of substitutedValues(model, raw)) {
    if (value.includes('${')) {
      report(
        path,
        `'${show(value)}' contains '\${', which CloudFormation would read as a substitution`,
        "Remove '${' from the value",
      );
    }
  }
  for (const [key, value] of Object.entries(model.tags)) {
    if (key.includes('${'))
      report(
        ['tags', key],
        `tag key '${show(key)}' contains '\${', which CloudFormation would read as a substitution`,
        "Remove '${' from the key",
        'key',
      );
    if (value.includes('${'))
      report(
        ['tags', key],
        `tag value '${show(value)}' contains '\${', which CloudFormation would read as a substitution`,
        "Remove '${' from the value",
      );
  }
}

/** The values (other than tags) that reach CloudFormation, with the field each came from. */
function substitutedValues(model: ClusterModel, raw: RawCluster): [PathSegment[], string][] {
  const subChecks: [PathSegment[], string][] = [
    [['iam', 'controllerRoleName'], model.iam.controllerRoleName],
    [['iam', 'nodeRoleName'], model.iam.nodeRoleName],
    [['iam', 'path'], model.iam.path],
    [QUEUE_PATH, model.karpenter.interruptionQueue.name],
    [['aws', 'region'], model.aws.region],
  ];
  if (model.iam.permissionsBoundaryArn !== undefined)
    subChecks.push([['iam', 'permissionsBoundaryArn'], model.iam.permissionsBoundaryArn]);
  if (model.karpenter.interruptionQueue.kmsKeyArn !== undefined) {
    subChecks.push([
      ['karpenter', 'interruptionQueue', 'kmsKeyArn'],
      model.karpenter.interruptionQueue.kmsKeyArn,
    ]);
  }
  if (model.iam.identity.type === 'irsa')
    subChecks.push([['iam', 'oidcProviderArn'], model.iam.identity.oidcProviderArn]);
  model.iam.nodeRoleExtraPolicyArns.forEach((arn) => {
    const i = (raw.iam?.nodeRoleExtraPolicyArns ?? []).indexOf(arn);
    subChecks.push([['iam', 'nodeRoleExtraPolicyArns', i], arn]);
  });
  return subChecks;
}
