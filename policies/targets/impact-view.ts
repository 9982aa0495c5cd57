/**
 * How `impact` (review/impact/aws-side-impact.ts) reads the main file of an AWS-side target: its
 * resources by stable address, the rest of the file as named sections, and which fields of a
 * resource make the IaC tool replace it (a new physical resource, the old one deleted). Pure data
 * and functions about one target's format, kept beside its renderer.
 */

export type AwsArea = 'IAM' | 'Interruption' | 'Other';

export interface ImpactResource {
  /** The resource type as the format names it (`AWS::IAM::Role`, `aws_iam_role`). */
  readonly type: string;
  /** The whole resource block; field paths below are relative to it. */
  readonly body: unknown;
}

export interface ImpactFile {
  /** By stable address (CloudFormation logical ID, Terraform `type.name`). */
  readonly resources: Readonly<Record<string, ImpactResource>>;
  /** Every other top-level part of the file (Outputs, output, terraform, ...), by name. */
  readonly sections: Readonly<Record<string, unknown>>;
}

export interface ImpactView {
  /** The resources and sections of the file's parsed value (anything unexpected reads as empty). */
  readonly read: (value: unknown) => ImpactFile;
  /**
   * Field paths (dot-separated, relative to the resource block) whose change replaces the
   * resource, per type: the format's reference ("Update requires: Replacement", "Forces new resource").
   */
  readonly replacing: Readonly<Record<string, readonly string[]>>;
  readonly areaOf: (type: string) => AwsArea;
  /** The name of a role resource, undefined for other resources. */
  readonly roleName: (r: ImpactResource) => string | undefined;
  /**
   * The resource addresses one value of a resource block references directly (not its children):
   * CloudFormation `Ref`, `Fn::GetAtt`, `Fn::Sub` `${X}`/`${X.Attr}`; Terraform `${type.name.attr}`.
   * Names that are not resources of the file (parameters, data sources) are filtered by the caller.
   */
  readonly referencesIn: (value: unknown) => readonly string[];
  /** Top-level keys of a resource block whose references change nothing (`DependsOn`, `depends_on`). */
  readonly orderingOnly: readonly string[];
  /** How the format's reference says a field replaces: `requires replacement`, `is ForceNew`. */
  readonly replacingPhrase: string;
  /** A field path as a reviewer reads it (CloudFormation drops the leading `Properties.`). */
  readonly fieldLabel: (path: string) => string;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
