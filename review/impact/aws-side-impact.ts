/**
 * Summary of the AWS side of a cluster (its target's main file: dist/<cluster>/cloudformation/karpenter.json,
 * dist/<cluster>/terraform/karpenter.tf.json; policies/targets/targets.ts): which IAM roles,
 * policies, queues and rules are added, removed or changed, and which changes make the IaC tool
 * replace the resource (a new physical resource). What replaces is the target's own knowledge
 * (its ImpactView: CloudFormation's "Update requires: Replacement", Terraform's "Forces new resource"),
 * so a replacement reads the same in the report whichever tool applies it.
 *
 * None of these changes drifts a node by itself: drift is decided by the Kubernetes objects. The
 * one coupling is the node role: its name is the EC2NodeClass `role`, which is in the
 * EC2NodeClass hash, so renaming it replaces nodes through the class change (reported there),
 * and the old role plus its access entry must outlive the old nodes.
 */
import { AwsArea, ImpactView } from '../../policies/targets/impact-view';
import { cloudFormationImpactView } from '../../policies/targets/cloudformation/cloudformation-impact-view';
import { diffFields, FieldChange, isPlainObject } from './field-diff';
import { formatPath } from './field-path';

export type CfnArea = AwsArea;

export interface CfnResourceChange {
  /** The resource's stable address: CloudFormation logical ID, Terraform `type.name`. */
  readonly logicalId: string;
  readonly type: string;
  readonly area: CfnArea;
  readonly change: 'added' | 'removed' | 'changed';
  /** Field changes under the resource (Properties, DependsOn ...); empty for added/removed. */
  readonly fields: readonly FieldChange[];
  /** The IaC tool creates a new physical resource and deletes the old one. */
  readonly replacement: boolean;
  /** Things a reviewer must know before deploying. */
  readonly warnings: readonly string[];
}

export interface CfnSectionChange {
  /** `Parameters`, `Outputs`, `output` ... */
  readonly section: string;
  readonly fields: readonly FieldChange[];
}

export interface CfnImpact {
  readonly resources: readonly CfnResourceChange[];
  readonly sections: readonly CfnSectionChange[];
}

/**
 * @param nodeRoleNames role names EC2NodeClasses of the cluster use (before the change), to spot
 *   a renamed or removed node role.
 * @param view how the target's file reads (@default CloudFormation's)
 */
export function compareTemplates(
  before: unknown,
  after: unknown,
  nodeRoleNames: ReadonlySet<string>,
  view: ImpactView = cloudFormationImpactView,
): CfnImpact {
  const b = view.read(before);
  const a = view.read(after);
  const resources: CfnResourceChange[] = [];
  const ids = [...new Set([...Object.keys(b.resources), ...Object.keys(a.resources)])].sort();
  for (const id of ids) {
    const old = b.resources[id];
    const cur = a.resources[id];
    const type = (old ?? cur).type;
    const base = { logicalId: id, type, area: view.areaOf(type) };
    if (cur === undefined) {
      resources.push({
        ...base,
        change: 'removed',
        fields: [],
        replacement: false,
        warnings: nodeRoleWarnings(view.roleName(old), undefined, nodeRoleNames),
      });
    } else if (old === undefined) {
      resources.push({ ...base, change: 'added', fields: [], replacement: false, warnings: [] });
    } else {
      const fields = diffFields(old.body, cur.body);
      if (fields.length === 0) continue;
      const replacing = view.replacing[type] ?? [];
      const replacement = fields.some((f) => {
        const p = formatPath(f.path);
        return replacing.some((prop) => p === prop || p.startsWith(`${prop}.`) || p.startsWith(`${prop}[`));
      });
      resources.push({
        ...base,
        change: 'changed',
        fields,
        replacement: replacement || old.type !== cur.type,
        warnings: nodeRoleWarnings(view.roleName(old), view.roleName(cur), nodeRoleNames),
      });
    }
  }
  const sections: CfnSectionChange[] = [];
  const names = new Set([...Object.keys(b.sections), ...Object.keys(a.sections)]);
  for (const name of [...names].sort()) {
    const fields = diffFields(objectOr(b.sections[name]), objectOr(a.sections[name]));
    if (fields.length > 0) sections.push({ section: name, fields });
  }
  return { resources, sections };
}

/** A section that is not an object (a template's Description) is compared as empty, as it always was. */
function objectOr(v: unknown): Record<string, unknown> {
  return isPlainObject(v) ? v : {};
}

/** `oldName`/`newName`: the role's name before and after (undefined: not a role, or removed). */
function nodeRoleWarnings(
  oldName: string | undefined,
  newName: string | undefined,
  nodeRoleNames: ReadonlySet<string>,
): string[] {
  if (oldName === undefined || !nodeRoleNames.has(oldName)) return [];
  if (newName === oldName) return [];
  const what = newName === undefined ? 'removed' : `renamed ${oldName} → ${newName}`;
  return [
    `node role ${what}: EC2NodeClasses using ${oldName} must change their role, which replaces their nodes (role is in the EC2NodeClass hash); ` +
      'keep the old role and its EKS access entry until the old nodes are gone, or they lose their credentials',
  ];
}
