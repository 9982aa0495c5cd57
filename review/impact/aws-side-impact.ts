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
import { AwsArea, ImpactFile, ImpactView } from '../../policies/targets/impact-view';
import { cloudFormationImpactView } from '../../policies/targets/cloudformation/cloudformation-impact-view';
import { diffFields, FieldChange, isPlainObject } from './field-diff';
import { FieldPathSegment, formatPath } from './field-path';

export interface CfnResourceChange {
  /** The resource's stable address: CloudFormation logical ID, Terraform `type.name`. */
  readonly logicalId: string;
  readonly type: string;
  readonly area: AwsArea;
  readonly change: 'added' | 'removed' | 'changed';
  /** Field changes under the resource (Properties, DependsOn ...); empty for added/removed. */
  readonly fields: readonly FieldChange[];
  /** The IaC tool creates a new physical resource and deletes the old one. */
  readonly replacement: boolean;
  /** Things a reviewer must know before deploying. */
  readonly warnings: readonly string[];
  /**
   * Replaced resources this one references, which carry their replacement over to it: by address
   * and field, replaced where the field replaces the resource, else updated in place. A resource
   * only changed through these has `change: 'changed'` and no `fields` of its own.
   */
  readonly causes: readonly ReplacementCause[];
}

export interface ReplacementCause {
  /** Address of the replaced resource referenced. */
  readonly by: string;
  /** The referencing field, as the format's reference names it (`PrincipalArn`, `role`). */
  readonly field: string;
  /** The field replaces this resource (otherwise it is updated in place). */
  readonly replaces: boolean;
  /** "replaced because aws_iam_role.node is replaced: role is ForceNew" */
  readonly reason: string;
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
        causes: [],
      });
    } else if (old === undefined) {
      resources.push({ ...base, change: 'added', fields: [], replacement: false, warnings: [], causes: [] });
    } else {
      const fields = diffFields(old.body, cur.body);
      if (fields.length === 0) continue;
      const replacement = fields.some((f) => replaces(view, type, formatPath(f.path)));
      resources.push({
        ...base,
        change: 'changed',
        fields,
        replacement: replacement || old.type !== cur.type,
        warnings: nodeRoleWarnings(view.roleName(old), view.roleName(cur), nodeRoleNames),
        causes: [],
      });
    }
  }
  carryReplacements(resources, b, a, view);
  const sections: CfnSectionChange[] = [];
  const names = new Set([...Object.keys(b.sections), ...Object.keys(a.sections)]);
  for (const name of [...names].sort()) {
    const fields = diffFields(objectOr(b.sections[name]), objectOr(a.sections[name]));
    if (fields.length > 0) sections.push({ section: name, fields });
  }
  return { resources, sections };
}

/** Whether a change at `path` (dot-separated, in the resource block) replaces a resource of `type`. */
function replaces(view: ImpactView, type: string, path: string): boolean {
  const replacing = view.replacing[type] ?? [];
  return replacing.some(
    (prop) => path === prop || path.startsWith(`${prop}.`) || path.startsWith(`${prop}[`),
  );
}

/** Each field of a resource block that references other resources of the file, with their addresses. */
function referencingFields(
  body: unknown,
  view: ImpactView,
  isResource: (address: string) => boolean,
): { path: string; refs: string[] }[] {
  const out: { path: string; refs: string[] }[] = [];
  const walk = (v: unknown, path: FieldPathSegment[]): void => {
    const refs = [...new Set(view.referencesIn(v))].filter(isResource);
    if (refs.length > 0) out.push({ path: formatPath(path), refs });
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, { index: i }]));
    else if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) walk(x, [...path, { key: k }]);
  };
  if (isPlainObject(body))
    for (const [k, v] of Object.entries(body)) if (!view.orderingOnly.includes(k)) walk(v, [{ key: k }]);
  return out;
}

/**
 * Carries replacements over to the resources that reference a replaced one (in place, in
 * `resources`, kept sorted by address): a referencing field that replaces its resource replaces
 * it too (and so on, transitively); any other referencing field updates it in place. Added and
 * removed resources are what they are; only resources in both files are carried over to.
 */
function carryReplacements(
  resources: CfnResourceChange[],
  b: ImpactFile,
  a: ImpactFile,
  view: ImpactView,
): void {
  const byId = new Map(resources.map((r) => [r.logicalId, r]));
  const isResource = (id: string): boolean => a.resources[id] !== undefined;
  const queue = resources.filter((r) => r.change === 'changed' && r.replacement).map((r) => r.logicalId);
  if (queue.length === 0) return;
  const causes = new Map<string, ReplacementCause[]>();
  const replaced = new Set(queue);
  const ids = Object.keys(a.resources)
    .filter((id) => b.resources[id] !== undefined)
    .sort();
  const fieldsOf = new Map(ids.map((id) => [id, referencingFields(a.resources[id].body, view, isResource)]));
  for (let i = 0; i < queue.length; i++) {
    const by = queue[i];
    for (const id of ids) {
      if (id === by) continue;
      const type = a.resources[id].type;
      for (const { path, refs } of fieldsOf.get(id) ?? []) {
        if (!refs.includes(by)) continue;
        const forced = replaces(view, type, path);
        const field = view.fieldLabel(path);
        const reason = forced
          ? `replaced because ${by} is replaced: ${field} ${view.replacingPhrase}`
          : `updated in place because ${by} is replaced: ${field} references it`;
        causes.set(id, [...(causes.get(id) ?? []), { by, field, replaces: forced, reason }]);
        if (forced && !replaced.has(id)) {
          replaced.add(id);
          queue.push(id);
        }
      }
    }
  }
  for (const [id, list] of causes) {
    const prev = byId.get(id);
    const entry: CfnResourceChange = {
      ...(prev ?? {
        logicalId: id,
        type: a.resources[id].type,
        area: view.areaOf(a.resources[id].type),
        change: 'changed',
        fields: [],
        replacement: false,
        warnings: [],
      }),
      replacement: (prev?.replacement ?? false) || replaced.has(id),
      causes: list,
    };
    byId.set(id, entry);
  }
  resources.splice(
    0,
    resources.length,
    ...[...byId.keys()].sort().map((id) => byId.get(id) as CfnResourceChange),
  );
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
