/**
 * How `impact` reads a CloudFormation template: `Resources` by logical ID, every other top-level
 * key as a section, and the properties whose change replaces a resource (the CloudFormation
 * resource reference marks them "Update requires: Replacement").
 */
import { AwsArea, ImpactResource, ImpactView, isRecord } from '../impact-view';

/**
 * Per type, the properties the CloudFormation resource reference (AWS::<Service>::<Type> pages,
 * "Update requires: Replacement") marks as replacing. validation/cloudformation/'s
 * CFN_RESOURCE_TABLE lists only allowed and required properties, not update behaviour, and sits in
 * a higher layer. Properties not listed update in place; notably AWS::IAM::InstanceProfile `Roles`,
 * AWS::SQS::QueuePolicy `Queues`, AWS::Events::Rule `Targets`, AWS::EKS::PodIdentityAssociation `RoleArn`.
 */
const REPLACING_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  'AWS::IAM::Role': ['Properties.RoleName', 'Properties.Path'],
  'AWS::IAM::ManagedPolicy': ['Properties.ManagedPolicyName', 'Properties.Path'],
  'AWS::IAM::InstanceProfile': ['Properties.InstanceProfileName', 'Properties.Path'],
  'AWS::IAM::ServiceLinkedRole': ['Properties.AWSServiceName', 'Properties.CustomSuffix'],
  'AWS::SQS::Queue': ['Properties.QueueName', 'Properties.FifoQueue'],
  'AWS::Events::Rule': ['Properties.Name', 'Properties.EventBusName'],
  'AWS::EKS::AccessEntry': ['Properties.ClusterName', 'Properties.PrincipalArn', 'Properties.Type'],
  'AWS::EKS::PodIdentityAssociation': [
    'Properties.ClusterName',
    'Properties.Namespace',
    'Properties.ServiceAccount',
  ],
};

/** `${Name}` and `${Name.Attr}` in an Fn::Sub string (`${!Literal}` is an escape, not a reference). */
const SUB_VARIABLE = /\$\{([A-Za-z0-9]+)(?:\.[A-Za-z0-9.]+)?\}/g;

/**
 * A replaced resource has a new physical ID and ARN, so every `Ref`/`Fn::GetAtt` of it yields a new
 * value and the referencing property is updated (CloudFormation User Guide, "Update behaviors of
 * stack resources": a replacement updates the resources that refer to it).
 */
function referencesIn(value: unknown): string[] {
  if (!isRecord(value)) return [];
  const refs: string[] = [];
  if (typeof value.Ref === 'string') refs.push(value.Ref);
  const getAtt = value['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') refs.push(getAtt[0]);
  else if (typeof getAtt === 'string') refs.push(getAtt.split('.')[0]);
  const sub = value['Fn::Sub'];
  const text = typeof sub === 'string' ? sub : Array.isArray(sub) && typeof sub[0] === 'string' ? sub[0] : '';
  for (const m of text.matchAll(SUB_VARIABLE)) refs.push(m[1]);
  return refs;
}

function areaOf(type: string): AwsArea {
  if (type.startsWith('AWS::IAM::') || type.startsWith('AWS::EKS::')) return 'IAM';
  if (type.startsWith('AWS::SQS::') || type.startsWith('AWS::Events::') || type.startsWith('AWS::KMS::'))
    return 'Interruption';
  return 'Other';
}

export const cloudFormationImpactView: ImpactView = {
  read: (template) => {
    const resources: Record<string, ImpactResource> = {};
    const sections: Record<string, unknown> = {};
    if (!isRecord(template)) return { resources, sections };
    for (const [key, value] of Object.entries(template)) {
      if (key !== 'Resources') sections[key] = value;
      else if (isRecord(value))
        for (const [id, r] of Object.entries(value))
          resources[id] = { type: isRecord(r) && typeof r.Type === 'string' ? r.Type : 'unknown', body: r };
    }
    return { resources, sections };
  },
  replacing: REPLACING_PROPERTIES,
  areaOf,
  roleName: (r) => {
    if (r.type !== 'AWS::IAM::Role' || !isRecord(r.body) || !isRecord(r.body.Properties)) return undefined;
    return typeof r.body.Properties.RoleName === 'string' ? r.body.Properties.RoleName : undefined;
  },
  referencesIn,
  orderingOnly: ['DependsOn'],
  replacingPhrase: 'requires replacement',
  fieldLabel: (path) => (path.startsWith('Properties.') ? path.slice('Properties.'.length) : path),
};
