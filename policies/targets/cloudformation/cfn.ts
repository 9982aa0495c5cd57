/** Minimal CloudFormation template types and intrinsic functions the generator uses. */

export interface CfnResource {
  readonly Type: string;
  readonly Condition?: string;
  readonly DependsOn?: string | readonly string[];
  readonly DeletionPolicy?: 'Delete' | 'Retain';
  readonly UpdateReplacePolicy?: 'Delete' | 'Retain';
  readonly Properties: Readonly<Record<string, unknown>>;
}

export interface CfnOutput {
  readonly Description: string;
  readonly Value: unknown;
}

export interface CfnTemplate {
  readonly AWSTemplateFormatVersion: '2010-09-09';
  readonly Description: string;
  readonly Metadata: Readonly<Record<string, unknown>>;
  readonly Resources: Readonly<Record<string, CfnResource>>;
  readonly Outputs: Readonly<Record<string, CfnOutput>>;
}

export function ref(logicalId: string): { readonly Ref: string } {
  return { Ref: logicalId };
}

export function getAtt(
  logicalId: string,
  attribute: string,
): { readonly 'Fn::GetAtt': readonly [string, string] } {
  return { 'Fn::GetAtt': [logicalId, attribute] };
}
