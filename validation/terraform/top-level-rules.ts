/**
 * The rules of Terraform's JSON syntax above the provider schema: which top-level blocks exist,
 * how each is shaped (validation/terraform/block-shapes.ts), the arguments of outputs, variables,
 * modules and the other language blocks, and for resources and data sources their meta-arguments
 * (validation/terraform/meta-arguments.ts) and, for a type in the pinned schema, their body
 * (validation/terraform/schema-walk.ts); other types get a warning that they were not checked.
 *
 * Terraform's JSON syntax (developer.hashicorp.com/terraform/language/syntax/json) lets any level
 * of a block be an array of objects, which are merged; a JSON property "//" is a comment.
 */
import { didYouMean } from '../../model';
import type { TerraformBlockSchema } from '../../imports/terraform/aws-provider-schema';
import { checkName, labelled, objectsAt, typeIssue, unknownMembers } from './block-shapes';
import { checkMetaArguments, DATA_META_ARGUMENTS, RESOURCE_META_ARGUMENTS } from './meta-arguments';
import { checkBlockBody, COMMENT_KEY, describeValue, isExpression, IssueSink } from './schema-walk';
import { isRecord } from '../aws-side-facts';

/**
 * The top-level block types of Terraform's language, as JSON properties (`ephemeral` since
 * Terraform 1.10, `action` since 1.14).
 */
export const TOP_LEVEL_BLOCKS = [
  'action',
  'check',
  'data',
  'ephemeral',
  'import',
  'locals',
  'module',
  'moved',
  'output',
  'provider',
  'removed',
  'resource',
  'terraform',
  'variable',
] as const;
export type TopLevelBlock = (typeof TOP_LEVEL_BLOCKS)[number];

const OUTPUT_ARGUMENTS = [
  'depends_on',
  'description',
  'ephemeral',
  'precondition',
  'sensitive',
  'value',
] as const;
const VARIABLE_ARGUMENTS = [
  'default',
  'description',
  'ephemeral',
  'nullable',
  'sensitive',
  'type',
  'validation',
] as const;

/** The pinned schemas the checker reads (imports/terraform/aws-provider-schema.ts). */
export interface TerraformSchemas {
  readonly resources: Readonly<Record<string, TerraformBlockSchema>>;
  readonly dataSources: Readonly<Record<string, TerraformBlockSchema>>;
  /** `hashicorp/aws 6.66.0`, for messages. */
  readonly provider: string;
}

function checkResources(
  value: unknown,
  kind: 'resource' | 'data',
  schemas: TerraformSchemas,
  report: IssueSink,
): void {
  const table = kind === 'resource' ? schemas.resources : schemas.dataSources;
  const noun = kind === 'resource' ? 'resource' : 'data source';
  const meta: readonly string[] = kind === 'resource' ? RESOURCE_META_ARGUMENTS : DATA_META_ARGUMENTS;
  for (const [types, at] of objectsAt(value, [kind], report, `${kind} (an object of type to resources)`)) {
    for (const [type, byName] of Object.entries(types)) {
      if (type === COMMENT_KEY) continue;
      checkName(type, [...at, type], report, `a ${noun} type`);
      const schema = table[type];
      if (schema === undefined) {
        const near = didYouMean(type, Object.keys(table));
        report({
          severity: 'warning',
          path: [...at, type],
          check: 'terraform/unchecked-type',
          message: `${noun} type ${type} is not in the pinned ${schemas.provider} schema subset, so its arguments were not checked`,
          ...(near ? { fix: `Did you mean '${near}'?` } : {}),
        });
      }
      for (const [name, body, bodyPath] of labelled(byName, [...at, type], report, `${noun} ${type}`)) {
        const what = kind === 'resource' ? `${type}.${name}` : `data.${type}.${name}`;
        checkMetaArguments(body, bodyPath, report, what);
        if (schema !== undefined) checkBlockBody(body, schema, bodyPath, report, { what, extraKeys: meta });
      }
    }
  }
}

function checkOutputs(value: unknown, report: IssueSink): void {
  for (const [name, body, at] of labelled(value, ['output'], report, 'output')) {
    unknownMembers(body, OUTPUT_ARGUMENTS, at, report, `output ${name}`);
    if (body.value === undefined)
      report({
        severity: 'error',
        path: [...at, 'value'],
        check: 'terraform/required',
        message: `output ${name} is missing the required argument value`,
        fix: 'Set value to the expression the output gives, e.g. "${aws_iam_role.controller.arn}"',
      });
    for (const flag of ['sensitive', 'ephemeral'] as const)
      if (
        body[flag] !== undefined &&
        typeof body[flag] !== 'boolean' &&
        body[flag] !== 'true' &&
        body[flag] !== 'false' &&
        !isExpression(body[flag])
      )
        report(typeIssue([...at, flag], 'a bool', body[flag]));
    if (body.description !== undefined && typeof body.description !== 'string')
      report(typeIssue([...at, 'description'], 'a string', body.description));
  }
}

function checkVariables(value: unknown, report: IssueSink): void {
  for (const [name, body, at] of labelled(value, ['variable'], report, 'variable')) {
    unknownMembers(body, VARIABLE_ARGUMENTS, at, report, `variable ${name}`);
    if (body.type !== undefined && typeof body.type !== 'string')
      report(
        typeIssue([...at, 'type'], 'a type expression string, e.g. "string" or "list(string)"', body.type),
      );
  }
}

function checkModules(value: unknown, report: IssueSink): void {
  for (const [name, body, at] of labelled(value, ['module'], report, 'module')) {
    if (typeof body.source !== 'string')
      report({
        severity: 'error',
        path: [...at, 'source'],
        check: 'terraform/required',
        message:
          body.source === undefined
            ? `module ${name} is missing the required argument source`
            : `module ${name}: source must be a string, found ${describeValue(body.source)}`,
        fix: 'Set source to the module address, e.g. "./modules/karpenter"',
      });
    // Every other member is a meta-argument or an input variable, which only the module knows.
  }
}

function checkTerraformSettings(value: unknown, report: IssueSink): void {
  for (const [settings, at] of objectsAt(value, ['terraform'], report, 'terraform')) {
    const rp = settings.required_providers;
    if (rp === undefined) continue;
    for (const [providers, rpAt] of objectsAt(
      rp,
      [...at, 'required_providers'],
      report,
      'required_providers',
    )) {
      for (const [local, req] of Object.entries(providers)) {
        if (local === COMMENT_KEY) continue;
        const reqAt = [...rpAt, local];
        if (typeof req === 'string') continue; // the legacy form: a version constraint alone
        if (!isRecord(req)) {
          report(typeIssue(reqAt, 'an object { source, version }', req));
          continue;
        }
        unknownMembers(
          req,
          ['configuration_aliases', 'source', 'version'],
          reqAt,
          report,
          `required_providers.${local}`,
        );
        for (const k of ['source', 'version'] as const)
          if (req[k] !== undefined && typeof req[k] !== 'string')
            report(typeIssue([...reqAt, k], 'a string', req[k]));
      }
    }
  }
}

/** `provider`: local name → one configuration or an array of them (aliases); bodies not checked. */
function checkProviders(value: unknown, report: IssueSink): void {
  for (const [providers, at] of objectsAt(
    value,
    ['provider'],
    report,
    'provider (an object of name to configuration)',
  ))
    for (const [name, configs] of Object.entries(providers))
      if (name !== COMMENT_KEY) {
        checkName(name, [...at, name], report, 'a provider');
        objectsAt(configs, [...at, name], report, `provider ${name}`);
      }
}

/** Unlabelled blocks that may repeat (`moved`, `import`, `removed`) and their required arguments. */
const REQUIRED_OF: Readonly<Partial<Record<TopLevelBlock, readonly (readonly string[])[]>>> = {
  moved: [['from'], ['to']],
  import: [['to'], ['id', 'identity']],
  removed: [['from']],
};

function checkRepeatable(value: unknown, block: TopLevelBlock, report: IssueSink): void {
  for (const [body, at] of objectsAt(value, [block], report, block)) {
    for (const options of REQUIRED_OF[block] ?? []) {
      if (options.some((k) => body[k] !== undefined)) continue;
      report({
        severity: 'error',
        path: [...at, options[0]],
        check: 'terraform/required',
        message: `${block} is missing the required argument ${options.join(' or ')}`,
      });
    }
  }
}

/** `ephemeral` and `action`: type → name → body, like resources; their schemas are not pinned. */
function checkTypedBlocks(value: unknown, block: 'action' | 'ephemeral', report: IssueSink): void {
  for (const [types, at] of objectsAt(value, [block], report, `${block} (an object of type to blocks)`))
    for (const [type, byName] of Object.entries(types))
      if (type !== COMMENT_KEY) {
        checkName(type, [...at, type], report, `an ${block} type`);
        labelled(byName, [...at, type], report, `${block} ${type}`);
      }
}

/** `check "name" { assert { … } }`: a named block needing at least one assert. */
function checkChecks(value: unknown, report: IssueSink): void {
  for (const [name, body, at] of labelled(value, ['check'], report, 'check'))
    if (body.assert === undefined)
      report({
        severity: 'error',
        path: [...at, 'assert'],
        check: 'terraform/required',
        message: `check ${name} needs at least one assert block`,
      });
}

/** Checks a whole parsed Terraform JSON document. */
export function checkTerraformDocument(
  document: unknown,
  schemas: TerraformSchemas,
  report: IssueSink,
): void {
  if (!isRecord(document)) {
    report({
      severity: 'error',
      path: [],
      check: 'terraform/shape',
      message: `a Terraform JSON file must be a JSON object of top-level blocks, found ${describeValue(document)}`,
    });
    return;
  }
  for (const [key, value] of Object.entries(document)) {
    if (key === COMMENT_KEY) continue;
    const block = (TOP_LEVEL_BLOCKS as readonly string[]).includes(key) ? (key as TopLevelBlock) : undefined;
    if (block === undefined) {
      const near = didYouMean(key, TOP_LEVEL_BLOCKS);
      report({
        severity: 'error',
        path: [key],
        check: 'terraform/top-level',
        message: `'${key}' is not a Terraform top-level block`,
        fix: near ? `Did you mean '${near}'?` : `Top-level blocks: ${TOP_LEVEL_BLOCKS.join(', ')}`,
      });
      continue;
    }
    switch (block) {
      case 'resource':
      case 'data':
        checkResources(value, block, schemas, report);
        break;
      case 'output':
        checkOutputs(value, report);
        break;
      case 'variable':
        checkVariables(value, report);
        break;
      case 'module':
        checkModules(value, report);
        break;
      case 'terraform':
        checkTerraformSettings(value, report);
        break;
      case 'provider':
        checkProviders(value, report);
        break;
      case 'check':
        checkChecks(value, report);
        break;
      case 'action':
      case 'ephemeral':
        checkTypedBlocks(value, block, report);
        break;
      case 'locals':
        for (const [locals, at] of objectsAt(value, [block], report, block))
          for (const name of Object.keys(locals))
            if (name !== COMMENT_KEY) checkName(name, [...at, name], report, 'a local value');
        break;
      case 'moved':
      case 'import':
      case 'removed':
        checkRepeatable(value, block, report);
    }
  }
}
