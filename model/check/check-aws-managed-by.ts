/**
 * `aws.managedBy`: what the chosen AWS-side target needs from the fleet, and what it cannot
 * express. With `external` the tool generates nothing for the AWS side: the roles and the queue
 * exist already, so the fleet must name them (the names the tool would derive are its own
 * resources' names, which an existing setup does not use), and a field that asks the tool to
 * create or attach something has nothing to act on: an error at that field, never a silent omission.
 */
import { CheckContext } from './check-context';
import { PathSegment } from '../parse/located';

/** The fields an `external` cluster must set: the existing resources' names. */
export const EXTERNAL_REQUIRED_FIELDS: readonly (readonly PathSegment[])[] = [
  ['iam', 'controllerRoleName'],
  ['iam', 'nodeRoleName'],
  ['karpenter', 'interruptionQueue', 'name'],
];

/** Fields that describe what the tool creates or attaches, which `external` cannot do. */
const CREATING_FIELDS: readonly {
  readonly path: readonly PathSegment[];
  readonly what: string;
  readonly set: (v: unknown) => boolean;
}[] = [
  { path: ['iam', 'createInstanceProfile'], what: 'creates an instance profile', set: (v) => v === true },
  {
    path: ['iam', 'createSpotServiceLinkedRole'],
    what: 'creates the Spot service-linked role',
    set: (v) => v === true,
  },
  {
    path: ['iam', 'nodeRoleExtraPolicyArns'],
    what: 'attaches these policies to the node role',
    set: (v) => Array.isArray(v) && v.length > 0,
  },
  {
    path: ['iam', 'permissionsBoundaryArn'],
    what: 'sets a permissions boundary on the roles it creates',
    set: (v) => v !== undefined,
  },
];

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let v = root;
  for (const s of path)
    v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[String(s)] : undefined;
  return v;
}

export function checkAwsManagedBy(ctx: CheckContext): void {
  const managedBy = ctx.raw.aws?.managedBy;
  if (managedBy !== 'external') return;
  const missing = EXTERNAL_REQUIRED_FIELDS.filter((p) => valueAt(ctx.raw, p) === undefined).map((p) =>
    p.join('.'),
  );
  if (missing.length > 0)
    ctx.error(
      [],
      `aws.managedBy is external, so the tool creates no roles and no queue, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: the fleet must name the existing ones`,
      `Set ${missing.join(', ')} to the names of the existing resources (with terraform-aws-eks's karpenter module: its outputs iam_role_name, node_iam_role_name and queue_name; see docs/terraform-and-external.md), or use aws.managedBy: cloudformation or terraform`,
    );
  for (const f of CREATING_FIELDS) {
    if (!f.set(valueAt(ctx.raw, f.path))) continue;
    ctx.error(
      [...f.path],
      `${f.path.join('.')} ${f.what}, but with aws.managedBy: external the tool generates no AWS side that could`,
      `Remove ${f.path.join('.')} and manage it where the roles are managed, or use aws.managedBy: cloudformation or terraform`,
    );
  }
}
