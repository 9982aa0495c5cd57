/**
 * How `impact` reads a CloudFormation template: `Resources` by logical ID, every other top-level
 * key as a section, and the properties whose change replaces a resource (the CloudFormation
 * resource reference marks them "Update requires: Replacement").
 */
import { AwsArea, ImpactResource, ImpactView, isRecord } from '../impact-view';

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
};
