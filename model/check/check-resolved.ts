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

export function checkResolvedCluster(model: ClusterModel, root: LocatedNode, raw: RawCluster): Diagnostic[] {
  const out: Diagnostic[] = [];
  /** Where a value came from: the field if the user wrote it, else the cluster name it derives from. */
  const report = (path: PathSegment[], message: string, fix: string, anchor: 'key' | 'value' = 'value') => {
    const written = nodeAt(root, path) !== undefined;
    const at: PathSegment[] = written ? path : raw.name !== undefined ? ['name'] : [];
    const loc = anchor === 'key' && written ? keyLocAt(root, at) : locAt(root, at);
    out.push({ severity: 'error', ...loc, path: formatPath(path), message, fix });
  };
  const derived = (path: PathSegment[]) =>
    nodeAt(root, path) === undefined ? ' (derived from the cluster name)' : '';

  const role = (path: PathSegment[], value: string, field: string) => {
    if (value.length > IAM_ROLE_NAME_MAX) {
      report(
        path,
        `role name '${show(value)}'${derived(path)} is ${value.length} characters; IAM allows ${IAM_ROLE_NAME_MAX}`,
        `Set ${field} to a shorter name, or shorten the cluster name`,
      );
    } else if (!IAM_ROLE_NAME.test(value)) {
      report(
        path,
        `role name '${show(value)}' may only contain letters, digits and + = , . @ _ -`,
        `Set ${field} to a valid name`,
      );
    }
  };
  role(['iam', 'controllerRoleName'], model.iam.controllerRoleName, 'iam.controllerRoleName');
  role(['iam', 'nodeRoleName'], model.iam.nodeRoleName, 'iam.nodeRoleName');
  const nodeRole = model.iam.nodeRoleName;
  model.nodeClasses.forEach((nc) => {
    if (nc.role !== undefined && raw.nodeClasses?.[nc.name]?.role !== undefined) {
      role(['nodeClasses', nc.name, 'role'], nc.role, `nodeClasses.${nc.name}.role`);
      // The node role is the one CloudFormation creates and grants cluster access to.
      const roleName = nc.role.slice(nc.role.lastIndexOf('/') + 1);
      if (roleName !== nodeRole) {
        report(
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
      report(
        ['nodeClasses', nc.name, 'instanceProfile'],
        `instanceProfile '${show(nc.instanceProfile)}' is not the instance profile this tool creates ('${show(nodeRole)}', named after the node role)`,
        `Use instanceProfile: ${show(nodeRole)}, or set iam.createInstanceProfile: false to use a profile of your own`,
      );
    }
  });

  const queue = model.karpenter.interruptionQueue.name;
  const queuePath = ['karpenter', 'interruptionQueue', 'name'];
  if (queue.length > QUEUE_NAME_MAX) {
    report(
      queuePath,
      `queue name '${show(queue)}'${derived(queuePath)} is ${queue.length} characters; SQS allows ${QUEUE_NAME_MAX}`,
      'Set karpenter.interruptionQueue.name to a shorter name',
    );
  } else if (!QUEUE_NAME.test(queue)) {
    report(
      queuePath,
      `queue name '${show(queue)}' may only contain letters, digits, - and _`,
      'Set karpenter.interruptionQueue.name to a valid name',
    );
  }
  if (!IAM_PATH.test(model.iam.path) || model.iam.path.length > 512) {
    report(
      ['iam', 'path'],
      `'${show(model.iam.path)}' is not an IAM path`,
      'Write / or a path that starts and ends with /, e.g. /karpenter/',
    );
  }

  // Everything that CloudFormation receives inside Fn::Sub strings or names.
  const subChecks: [PathSegment[], string][] = [
    [['iam', 'controllerRoleName'], model.iam.controllerRoleName],
    [['iam', 'nodeRoleName'], model.iam.nodeRoleName],
    [['iam', 'path'], model.iam.path],
    [queuePath, queue],
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
  for (const [path, value] of subChecks) {
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
  return out;
}
