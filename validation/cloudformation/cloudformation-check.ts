/**
 * CloudFormation checks without cfn-lint (validation/cloudformation/cfn-lint.ts runs cfn-lint, with the full
 * resource specification, when it is installed): template sections, resource types against a
 * small table of the types this tool emits with their allowed top-level properties, required
 * properties, and Ref/GetAtt targets. The table covers only what policies/ generates; a
 * template with other types gets a warning saying so, not a false error.
 */
import { Finding, formatPath } from '../finding';
import { ManifestDocument } from '../manifest-source';
import { PathSegment } from '../../model';
import { isRecord } from '../aws-side-facts';

interface ResourceSpec {
  readonly allowed: readonly string[];
  readonly required: readonly string[];
}

/** The resource types the tool emits (policies/), with their CloudFormation properties. */
export const CFN_RESOURCE_TABLE: Readonly<Record<string, ResourceSpec>> = {
  'AWS::EKS::AccessEntry': {
    allowed: [
      'AccessPolicies',
      'ClusterName',
      'KubernetesGroups',
      'PrincipalArn',
      'Tags',
      'Type',
      'Username',
    ],
    required: ['ClusterName', 'PrincipalArn'],
  },
  'AWS::EKS::PodIdentityAssociation': {
    allowed: [
      'ClusterName',
      'DisableSessionTags',
      'Namespace',
      'RoleArn',
      'ServiceAccount',
      'Tags',
      'TargetRoleArn',
    ],
    required: ['ClusterName', 'Namespace', 'RoleArn', 'ServiceAccount'],
  },
  'AWS::Events::Rule': {
    allowed: [
      'Description',
      'EventBusName',
      'EventPattern',
      'Name',
      'RoleArn',
      'ScheduleExpression',
      'State',
      'Tags',
      'Targets',
    ],
    required: [],
  },
  'AWS::IAM::InstanceProfile': { allowed: ['InstanceProfileName', 'Path', 'Roles'], required: ['Roles'] },
  'AWS::IAM::ManagedPolicy': {
    allowed: ['Description', 'Groups', 'ManagedPolicyName', 'Path', 'PolicyDocument', 'Roles', 'Users'],
    required: ['PolicyDocument'],
  },
  'AWS::IAM::Role': {
    allowed: [
      'AssumeRolePolicyDocument',
      'Description',
      'ManagedPolicyArns',
      'MaxSessionDuration',
      'Path',
      'PermissionsBoundary',
      'Policies',
      'RoleName',
      'Tags',
    ],
    required: ['AssumeRolePolicyDocument'],
  },
  'AWS::IAM::ServiceLinkedRole': { allowed: ['AWSServiceName', 'CustomSuffix', 'Description'], required: [] },
  'AWS::KMS::Key': {
    allowed: [
      'BypassPolicyLockoutSafetyCheck',
      'Description',
      'EnableKeyRotation',
      'Enabled',
      'KeyPolicy',
      'KeySpec',
      'KeyUsage',
      'MultiRegion',
      'Origin',
      'PendingWindowInDays',
      'RotationPeriodInDays',
      'Tags',
    ],
    required: [],
  },
  'AWS::SQS::Queue': {
    allowed: [
      'ContentBasedDeduplication',
      'DeduplicationScope',
      'DelaySeconds',
      'FifoQueue',
      'FifoThroughputLimit',
      'KmsDataKeyReusePeriodSeconds',
      'KmsMasterKeyId',
      'MaximumMessageSize',
      'MessageRetentionPeriod',
      'QueueName',
      'ReceiveMessageWaitTimeSeconds',
      'RedriveAllowPolicy',
      'RedrivePolicy',
      'SqsManagedSseEnabled',
      'Tags',
      'VisibilityTimeout',
    ],
    required: [],
  },
  'AWS::SQS::QueuePolicy': { allowed: ['PolicyDocument', 'Queues'], required: ['PolicyDocument', 'Queues'] },
};

const SECTIONS = [
  'AWSTemplateFormatVersion',
  'Conditions',
  'Description',
  'Mappings',
  'Metadata',
  'Outputs',
  'Parameters',
  'Resources',
  'Rules',
  'Transform',
];
const RESOURCE_KEYS = [
  'Condition',
  'CreationPolicy',
  'DeletionPolicy',
  'DependsOn',
  'Metadata',
  'Properties',
  'Type',
  'UpdatePolicy',
  'UpdateReplacePolicy',
];

/** Does the document look like a CloudFormation template? */
export function isCloudFormationTemplate(value: unknown): boolean {
  return (
    isRecord(value) &&
    isRecord(value.Resources) &&
    value.kind === undefined &&
    (value.AWSTemplateFormatVersion !== undefined ||
      Object.values(value.Resources).every((r) => isRecord(r) && typeof r.Type === 'string'))
  );
}

/** The built-in check of one template document. */
export function checkTemplateBuiltIn(doc: ManifestDocument): Finding[] {
  const out: Finding[] = [];
  const push = (
    path: PathSegment[],
    message: string,
    fix?: string,
    severity: 'error' | 'warning' = 'error',
  ): void => {
    const pos = doc.locate(path);
    out.push({
      file: doc.file,
      document: doc.index,
      severity,
      line: pos.line,
      col: pos.col,
      path: formatPath(path),
      message,
      check: 'cloudformation',
      ...(fix ? { fix } : {}),
    });
  };
  const t = doc.value;
  if (!isRecord(t)) {
    push([], 'a CloudFormation template must be a mapping');
    return out;
  }
  for (const key of Object.keys(t))
    if (!SECTIONS.includes(key))
      push([key], `unknown template section '${key}'`, `Sections are ${SECTIONS.join(', ')}`);
  if (!isRecord(t.Resources) || Object.keys(t.Resources).length === 0) {
    push(['Resources'], 'the template has no Resources');
    return out;
  }
  const resources = t.Resources;
  const params = isRecord(t.Parameters) ? t.Parameters : {};
  const unknownTypes = new Set<string>();
  for (const [id, r] of Object.entries(resources)) {
    if (!/^[A-Za-z0-9]+$/.test(id)) push(['Resources', id], `logical ID '${id}' must be alphanumeric`);
    if (!isRecord(r)) {
      push(['Resources', id], 'a resource must be a mapping with Type and Properties');
      continue;
    }
    for (const key of Object.keys(r))
      if (!RESOURCE_KEYS.includes(key)) push(['Resources', id, key], `unknown resource attribute '${key}'`);
    if (typeof r.Type !== 'string') {
      push(['Resources', id], 'resource has no Type');
      continue;
    }
    const spec = CFN_RESOURCE_TABLE[r.Type];
    if (!spec) {
      unknownTypes.add(r.Type);
      continue;
    }
    const props = isRecord(r.Properties) ? r.Properties : {};
    for (const p of Object.keys(props)) {
      if (!spec.allowed.includes(p))
        push(
          ['Resources', id, 'Properties', p],
          `${r.Type} has no property '${p}'`,
          `Allowed: ${spec.allowed.join(', ')}`,
        );
    }
    for (const p of spec.required)
      if (props[p] === undefined) push(['Resources', id, 'Properties'], `${r.Type} requires property '${p}'`);
  }
  // Ref and Fn::GetAtt must name a resource (or, for Ref, a parameter or pseudo parameter).
  const walk = (v: unknown, path: PathSegment[]): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (isRecord(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (
          k === 'Ref' &&
          typeof x === 'string' &&
          !x.startsWith('AWS::') &&
          resources[x] === undefined &&
          params[x] === undefined
        ) {
          push([...path, k], `Ref to '${x}', which is neither a resource nor a parameter`);
        } else if (k === 'Fn::GetAtt') {
          const target = Array.isArray(x) ? x[0] : typeof x === 'string' ? x.split('.')[0] : undefined;
          if (typeof target === 'string' && resources[target] === undefined)
            push([...path, k], `Fn::GetAtt of '${target}', which is not a resource`);
        } else walk(x, [...path, k]);
      }
    }
  };
  walk(t.Resources, ['Resources']);
  if (isRecord(t.Outputs)) walk(t.Outputs, ['Outputs']);
  for (const type of [...unknownTypes].sort()) {
    push(
      ['Resources'],
      `resource type ${type} is not in the built-in table, its properties were not checked`,
      'Install cfn-lint for a full check',
      'warning',
    );
  }
  return out;
}
