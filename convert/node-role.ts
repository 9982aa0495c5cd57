/**
 * Which IAM role the converted cluster's nodes use. The fleet format has one node role per
 * cluster (`iam.nodeRoleName`, created and granted cluster access by the CloudFormation
 * template); node classes default to it.
 */
import { defaultNodeRoleName } from '../model';
import { ONE_NODE_ROLE_FIX } from '../model/stages';
import { ConversionLog } from './conversion-report';
import { NodeClassDraft } from './drafts';

/**
 * The cluster's node role, from the classes' `role`s: one role shared by every class that names
 * one becomes `iam.nodeRoleName` (and leaves the classes, where it is the default); classes with
 * different roles cannot all be this cluster's node role, which the header then says.
 */
export function decideNodeRole(
  classes: readonly NodeClassDraft[],
  cluster: string,
  log: ConversionLog,
): { nodeRoleName?: string; mixedRoles?: readonly string[] } {
  const withRole = classes.filter((c) => c.role !== undefined);
  const roles = [...new Set(withRole.map((c) => roleName(c.role!)))].sort();
  if (roles.length === 0) return {};
  if (roles.length > 1) {
    for (const c of withRole)
      log.add({
        level: 'warning',
        action: 'inferred',
        file: c.ctx.doc.file,
        line: c.ctx.doc.line,
        col: c.ctx.doc.col,
        source: `${c.ctx.doc.kind}/${c.ctx.doc.name} spec.role`,
        target: `nodeClasses.${c.name}.role`,
        message: `kept role '${c.role}', but the classes use ${roles.length} different roles (${roles.join(', ')})`,
        reason: ONE_NODE_ROLE_FIX,
      });
    return {
      mixedRoles: roles.map(
        (r) =>
          `${r} (${withRole
            .filter((c) => roleName(c.role!) === r)
            .map((c) => c.name)
            .join(', ')})`,
      ),
    };
  }
  const [role] = roles;
  for (const c of withRole) {
    log.add({
      level: 'info',
      action: 'moved',
      file: c.ctx.doc.file,
      line: c.ctx.doc.line,
      col: c.ctx.doc.col,
      source: `${c.ctx.doc.kind}/${c.ctx.doc.name} spec.role`,
      target: 'iam.nodeRoleName',
      message: `role '${c.role}' became the cluster's node role`,
      reason:
        'Every class used this role; the tool creates one node role per cluster (iam.nodeRoleName) and classes default to it, so the CloudFormation template creates this role and grants it cluster access',
    });
    c.role = undefined;
  }
  return role === defaultNodeRoleName(cluster) ? {} : { nodeRoleName: role };
}

/** `arn:aws:iam::1:role/path/name` or `name` → `name`. */
function roleName(role: string): string {
  return role.slice(role.lastIndexOf('/') + 1);
}
