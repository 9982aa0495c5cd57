/**
 * The official controller policy of a Karpenter release, read from the release's getting-started
 * CloudFormation template (`cloudformation.yaml` in the release's docs,
 * website/content/en/<version>/getting-started/getting-started-with-karpenter/cloudformation.yaml
 * upstream). Pure: template text in, the actions each managed policy allows out.
 *
 * The template is CloudFormation YAML: short-form intrinsic functions (`!Sub`, `!GetAtt`, `!Ref`,
 * `!Join` ...) are YAML tags, read here as their long form (`{ 'Fn::Sub': ... }`). The policies are
 * `AWS::IAM::ManagedPolicy` (or `AWS::IAM::Policy`) resources whose `PolicyDocument` is either YAML or,
 * as upstream writes them since v1, a JSON text inside `!Sub` whose `${...}` placeholders are
 * substituted by CloudFormation: only the actions are read, so a placeholder needs no value.
 * (test/policies/reference-template.ts resolves the same documents for a cluster, through here.)
 */
import { createHash } from 'node:crypto';
import { Document, isMap, isSeq, LineCounter, parseDocument, YAMLMap, YAMLSeq } from 'yaml';
import { Diagnostic, wholeFileError } from '../model';
import { yamlErrors } from '../model/stages';
import { PolicyDocument } from './policy-document';

/** The resource types whose documents are the controller's policies. */
const POLICY_TYPES = ['AWS::IAM::ManagedPolicy', 'AWS::IAM::Policy'] as const;

export interface OfficialStatement {
  readonly sid?: string;
  readonly effect: 'Allow' | 'Deny';
  /** As written (may hold wildcards such as `ec2:Describe*`), sorted. */
  readonly actions: readonly string[];
}

export interface OfficialPolicy {
  /** CloudFormation logical ID, e.g. `NodeLifecyclePolicy`. */
  readonly logicalId: string;
  readonly statements: readonly OfficialStatement[];
}

export interface OfficialControllerPolicy {
  /** sha256 (hex) of the template text it was read from. */
  readonly sha256: string;
  /** In template order. */
  readonly policies: readonly OfficialPolicy[];
}

/** Short-form intrinsic functions and the long form each becomes (scalar, sequence or map node). */
const INTRINSICS = [
  'Base64',
  'Cidr',
  'Condition',
  'Equals',
  'FindInMap',
  'GetAZs',
  'GetAtt',
  'If',
  'ImportValue',
  'Join',
  'Not',
  'And',
  'Or',
  'Ref',
  'Select',
  'Split',
  'Sub',
  'Transform',
] as const;

const longName = (name: string): string => (name === 'Ref' || name === 'Condition' ? name : `Fn::${name}`);

/** YAML tags of CloudFormation's short forms, for the `yaml` parser (each in its three node shapes). */
export const CLOUDFORMATION_TAGS = INTRINSICS.flatMap((name) => [
  {
    tag: `!${name}`,
    resolve: (value: string) => ({ [longName(name)]: value }),
  },
  {
    tag: `!${name}`,
    collection: 'seq' as const,
    resolve: (seq: unknown) => ({ [longName(name)]: isSeq(seq) ? (seq as YAMLSeq).toJSON() : seq }),
  },
  {
    tag: `!${name}`,
    collection: 'map' as const,
    resolve: (map: unknown) => ({ [longName(name)]: isMap(map) ? (map as YAMLMap).toJSON() : map }),
  },
]);

/** Parses CloudFormation YAML (or JSON) text; YAML mistakes come back at their lines. */
export function parseCloudFormationYaml(
  text: string,
  file: string,
): { template?: Record<string, unknown>; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc: Document.Parsed = parseDocument(text, { customTags: CLOUDFORMATION_TAGS, lineCounter });
  const at = (offset: number) => ({ file, ...lineCounter.linePos(Math.max(0, offset)) });
  if (doc.errors.length > 0) return { diagnostics: yamlErrors(doc, at) };
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  if (!isRecord(value)) {
    return {
      diagnostics: [
        wholeFileError(file, 'is not a CloudFormation template (no mapping at the top)', TEMPLATE_FIX),
      ],
    };
  }
  return { template: value, diagnostics: [] };
}

const TEMPLATE_FIX =
  "Give the release's getting-started cloudformation.yaml (website/content/en/<version>/getting-started/getting-started-with-karpenter/ upstream)";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `${Name}` placeholders of `Fn::Sub` as a neutral text (`${!Literal}` stays `${Literal}`). */
function substitutePlaceholders(text: string): string {
  return text.replace(/\$\{(!?)([^}]*)\}/g, (_m, bang: string, name: string) =>
    bang === '!' ? `\${${name}}` : `cfn-${name.replace(/[^A-Za-z0-9]/g, '-')}`,
  );
}

/** The policy document of a resource as plain JSON, or a reason it cannot be read. */
function policyDocument(value: unknown): PolicyDocument | string {
  let doc = value;
  if (isRecord(doc) && 'Fn::Sub' in doc) {
    const sub = doc['Fn::Sub'];
    const body = Array.isArray(sub) ? (sub as unknown[])[0] : sub;
    if (typeof body !== 'string') return 'its Fn::Sub holds no text';
    try {
      doc = JSON.parse(substitutePlaceholders(body)) as unknown;
    } catch {
      return 'its Fn::Sub text is not JSON';
    }
  }
  if (!isRecord(doc) || !Array.isArray(doc.Statement)) return 'it has no Statement list';
  return doc as unknown as PolicyDocument;
}

const list = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The action text of an `Action` entry (a `!Sub` in it is read with its placeholders). */
function actionText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (isRecord(v) && typeof v['Fn::Sub'] === 'string') return substitutePlaceholders(v['Fn::Sub']);
  return undefined;
}

/**
 * The official controller policy of the template `text` (file name `file` for messages), or the
 * mistakes that keep it from being read: YAML at its line, otherwise the whole file.
 */
export function extractOfficialPolicy(
  text: string,
  file: string,
): { policy?: OfficialControllerPolicy; diagnostics: Diagnostic[] } {
  const parsed = parseCloudFormationYaml(text, file);
  if (!parsed.template) return { diagnostics: parsed.diagnostics };
  const resources = parsed.template.Resources;
  const problems: Diagnostic[] = [];
  const policies: OfficialPolicy[] = [];
  for (const [logicalId, resource] of Object.entries(isRecord(resources) ? resources : {})) {
    if (!isRecord(resource) || !(POLICY_TYPES as readonly unknown[]).includes(resource.Type)) continue;
    const props = isRecord(resource.Properties) ? resource.Properties : {};
    const doc = policyDocument(props.PolicyDocument);
    if (typeof doc === 'string') {
      problems.push(
        wholeFileError(
          file,
          `Resources.${logicalId}.Properties.PolicyDocument cannot be read: ${doc}`,
          TEMPLATE_FIX,
        ),
      );
      continue;
    }
    const statements: OfficialStatement[] = [];
    for (const s of doc.Statement) {
      const raw = s as unknown as Record<string, unknown>;
      const actions = list(raw.Action).map(actionText);
      if (actions.some((a) => a === undefined) || (raw.Effect !== 'Allow' && raw.Effect !== 'Deny')) {
        problems.push(
          wholeFileError(
            file,
            `Resources.${logicalId} has a statement${typeof raw.Sid === 'string' ? ` (${raw.Sid})` : ''} whose Effect or Action cannot be read`,
            TEMPLATE_FIX,
          ),
        );
        continue;
      }
      statements.push({
        ...(typeof raw.Sid === 'string' ? { sid: raw.Sid } : {}),
        effect: raw.Effect,
        actions: [...new Set(actions as string[])].sort(),
      });
    }
    policies.push({ logicalId, statements });
  }
  if (problems.length > 0) return { diagnostics: problems };
  if (policies.length === 0) {
    return {
      diagnostics: [
        wholeFileError(
          file,
          `has no ${POLICY_TYPES.join(' or ')} resource, so no controller policy`,
          TEMPLATE_FIX,
        ),
      ],
    };
  }
  const sha256 = createHash('sha256').update(text).digest('hex');
  return { policy: { sha256, policies }, diagnostics: [] };
}

/** Every action the official policy allows, sorted, once each. */
export function officialActions(policy: OfficialControllerPolicy): string[] {
  const out = new Set<string>();
  for (const p of policy.policies)
    for (const s of p.statements) if (s.effect === 'Allow') for (const a of s.actions) out.add(a);
  return [...out].sort();
}
