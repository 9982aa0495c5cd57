/**
 * Summary of the AWS side of a cluster (dist/<cluster>/cloudformation/karpenter.json): which IAM
 * roles, policies, queues and rules are added, removed or changed, and which changes make
 * CloudFormation replace the resource (a new physical name). Replacement properties are the ones
 * the CloudFormation resource reference marks "Update requires: Replacement".
 *
 * None of these changes drifts a node by itself: drift is decided by the Kubernetes objects. The
 * one coupling is the node role: its name is the EC2NodeClass `role`, which is in the
 * EC2NodeClass hash, so renaming it replaces nodes through the class change (reported there),
 * and the old role plus its access entry must outlive the old nodes.
 */
import { diffFields, FieldChange, isPlainObject } from './field-diff';
import { formatPath } from './field-path';

export type CfnArea = 'IAM' | 'Interruption' | 'Other';

export interface CfnResourceChange {
  readonly logicalId: string;
  readonly type: string;
  readonly area: CfnArea;
  readonly change: 'added' | 'removed' | 'changed';
  /** Field changes under the resource (Properties, DependsOn ...); empty for added/removed. */
  readonly fields: readonly FieldChange[];
  /** CloudFormation creates a new physical resource and deletes the old one. */
  readonly replacement: boolean;
  /** Things a reviewer must know before deploying. */
  readonly warnings: readonly string[];
}

export interface CfnSectionChange {
  /** `Parameters`, `Outputs`, ... */
  readonly section: string;
  readonly fields: readonly FieldChange[];
}

export interface CfnImpact {
  readonly resources: readonly CfnResourceChange[];
  readonly sections: readonly CfnSectionChange[];
}

/** Properties whose change replaces the resource, per type (CloudFormation resource reference). */
const REPLACING_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  'AWS::IAM::Role': ['RoleName', 'Path'],
  'AWS::IAM::ManagedPolicy': ['ManagedPolicyName', 'Path'],
  'AWS::IAM::InstanceProfile': ['InstanceProfileName', 'Path'],
  'AWS::IAM::ServiceLinkedRole': ['AWSServiceName', 'CustomSuffix'],
  'AWS::SQS::Queue': ['QueueName', 'FifoQueue'],
  'AWS::Events::Rule': ['Name', 'EventBusName'],
  'AWS::EKS::AccessEntry': ['ClusterName', 'PrincipalArn', 'Type'],
  'AWS::EKS::PodIdentityAssociation': ['ClusterName', 'Namespace', 'ServiceAccount'],
};

function areaOf(type: string): CfnArea {
  if (type.startsWith('AWS::IAM::') || type.startsWith('AWS::EKS::')) return 'IAM';
  if (type.startsWith('AWS::SQS::') || type.startsWith('AWS::Events::') || type.startsWith('AWS::KMS::'))
    return 'Interruption';
  return 'Other';
}

/**
 * @param nodeRoleNames role names EC2NodeClasses of the cluster use (before the change), to spot
 *   a renamed or removed node role.
 */
export function compareTemplates(
  before: unknown,
  after: unknown,
  nodeRoleNames: ReadonlySet<string>,
): CfnImpact {
  const b = section(before, 'Resources');
  const a = section(after, 'Resources');
  const resources: CfnResourceChange[] = [];
  for (const id of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
    const type = typeOf(b[id]) ?? typeOf(a[id]) ?? 'unknown';
    const base = { logicalId: id, type, area: areaOf(type) };
    if (!(id in a)) {
      resources.push({
        ...base,
        change: 'removed',
        fields: [],
        replacement: false,
        warnings: nodeRoleWarnings(type, b[id], undefined, nodeRoleNames),
      });
    } else if (!(id in b)) {
      resources.push({ ...base, change: 'added', fields: [], replacement: false, warnings: [] });
    } else {
      const fields = diffFields(b[id], a[id]);
      if (fields.length === 0) continue;
      const replacing = REPLACING_PROPERTIES[type] ?? [];
      const replacement = fields.some((f) => {
        const p = formatPath(f.path);
        return replacing.some(
          (prop) =>
            p === `Properties.${prop}` ||
            p.startsWith(`Properties.${prop}.`) ||
            p.startsWith(`Properties.${prop}[`),
        );
      });
      const typeChanged = typeOf(b[id]) !== typeOf(a[id]);
      resources.push({
        ...base,
        change: 'changed',
        fields,
        replacement: replacement || typeChanged,
        warnings: nodeRoleWarnings(type, b[id], a[id], nodeRoleNames),
      });
    }
  }
  const sections: CfnSectionChange[] = [];
  const names = new Set([
    ...Object.keys(isPlainObject(before) ? before : {}),
    ...Object.keys(isPlainObject(after) ? after : {}),
  ]);
  for (const name of [...names].filter((n) => n !== 'Resources').sort()) {
    const fields = diffFields(section(before, name), section(after, name));
    if (fields.length > 0) sections.push({ section: name, fields });
  }
  return { resources, sections };
}

function nodeRoleWarnings(
  type: string,
  before: unknown,
  after: unknown,
  nodeRoleNames: ReadonlySet<string>,
): string[] {
  if (type !== 'AWS::IAM::Role') return [];
  const oldName = roleName(before);
  if (oldName === undefined || !nodeRoleNames.has(oldName)) return [];
  const newName = after === undefined ? undefined : roleName(after);
  if (newName === oldName) return [];
  const what = newName === undefined ? 'removed' : `renamed ${oldName} → ${newName}`;
  return [
    `node role ${what}: EC2NodeClasses using ${oldName} must change their role, which replaces their nodes (role is in the EC2NodeClass hash); ` +
      'keep the old role and its EKS access entry until the old nodes are gone, or they lose their credentials',
  ];
}

function roleName(resource: unknown): string | undefined {
  const props =
    isPlainObject(resource) && isPlainObject(resource.Properties) ? resource.Properties : undefined;
  return typeof props?.RoleName === 'string' ? props.RoleName : undefined;
}

function section(template: unknown, name: string): Record<string, unknown> {
  return isPlainObject(template) && isPlainObject(template[name]) ? template[name] : {};
}

function typeOf(resource: unknown): string | undefined {
  return isPlainObject(resource) && typeof resource.Type === 'string' ? resource.Type : undefined;
}
