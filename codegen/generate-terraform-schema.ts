/**
 * Generates `imports/terraform/aws-provider-schema.ts`: the hashicorp/aws provider's schema for the
 * resource and data source types the Terraform output uses, read from the provider's prebuilt CDK
 * bindings on npm (codegen/terraform-bindings-reader.ts says what they encode and what not).
 *
 * Why the bindings: the provider's `terraform providers schema -json` is not published on npm,
 * and the registry is the only network here. The bindings are generated from exactly that output
 * at a provider version they state (README title, `providerVersion` in every resource). The
 * HashiCorp package (@cdktf/provider-aws) was archived at hashicorp/aws 6.25.0 (21.22.1); its
 * maintained fork @cdktn/provider-aws (CDK Terrain, same generator) tracks current 6.x releases.
 *
 * The package is only read here: `npm pack` downloads its tarball into a temporary folder (npm's
 * cache answers after the first time), the tarball's sha512 and sha256 are checked against the
 * pin, and the few files needed are read out of it in memory. It is never a dependency.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from './crd-loader';
import type { ImportContext } from './import-context';
import { readTarGz } from './tar-reader';
import { readBindingSchema } from './terraform-bindings-reader';
import { schemaTypesSource, TerraformBlockSchema, TerraformType } from './terraform-schema-model';

export interface ProviderBindingsSource {
  readonly packageName: string;
  readonly packageVersion: string;
  /** The Terraform provider the bindings were generated from. */
  readonly provider: string;
  readonly providerVersion: string;
  /** The version range the generated `required_providers` states (the same major, from this one). */
  readonly providerConstraint: string;
  /** npm's integrity string of the tarball (sha512). */
  readonly integrity: string;
  /** sha256 of the tarball, hex. */
  readonly sha256: string;
}

export const TERRAFORM_PROVIDER_SOURCE: ProviderBindingsSource = {
  packageName: '@cdktn/provider-aws',
  packageVersion: '25.7.0',
  provider: 'hashicorp/aws',
  providerVersion: '6.66.0',
  providerConstraint: '>= 6.66.0, < 7.0.0',
  integrity:
    'sha512-E/nhu0yVZE4mXMgIPuI8tEFt1BExLkA7ARjihdG+/HmfDfzLr+OEF3dkFRvI6glRt30lrrBWQLwXqCJBxcmyUg==',
  sha256: 'b3e5ee2851ae47595a0dedad3678779aebca6d6b5f318ca1902b87ddbef82208',
};

/** The resource types the Terraform output may use (policies/ and the AWS-side model). */
export const TERRAFORM_RESOURCE_TYPES = [
  'aws_cloudwatch_event_rule',
  'aws_cloudwatch_event_target',
  'aws_eks_access_entry',
  'aws_eks_access_policy_association',
  'aws_eks_pod_identity_association',
  'aws_iam_instance_profile',
  'aws_iam_policy',
  'aws_iam_role',
  'aws_iam_role_policy',
  'aws_iam_role_policy_attachment',
  'aws_iam_service_linked_role',
  'aws_sqs_queue',
  'aws_sqs_queue_policy',
] as const;

/**
 * Data sources it may read: the account, partition and region, the cluster (its OIDC issuer, for
 * IRSA), and policy documents built in Terraform.
 */
export const TERRAFORM_DATA_SOURCE_TYPES = [
  'aws_caller_identity',
  'aws_eks_cluster',
  'aws_iam_policy_document',
  'aws_partition',
  'aws_region',
] as const;

/** `aws_iam_role` → `package/lib/iam-role/index.js`; data sources under `data-aws-…`. */
export function bindingPath(type: string, kind: 'resource' | 'data'): string {
  const dir =
    kind === 'data' ? `data-${type.replace(/_/g, '-')}` : type.replace(/^aws_/, '').replace(/_/g, '-');
  return `package/lib/${dir}/index.js`;
}

function integrityOf(buf: Buffer): string {
  return `sha512-${createHash('sha512').update(buf).digest('base64')}`;
}

/** Fails unless `tarball` is exactly the pinned one. */
export function verifyTarball(source: ProviderBindingsSource, tarball: Buffer): void {
  const integrity = integrityOf(tarball);
  const digest = sha256(tarball);
  if (integrity !== source.integrity || digest !== source.sha256) {
    throw new Error(
      `${source.packageName}@${source.packageVersion} tarball has ${integrity} sha256:${digest}, ` +
        `expected ${source.integrity} sha256:${source.sha256}. Update TERRAFORM_PROVIDER_SOURCE in ` +
        'codegen/generate-terraform-schema.ts only after reviewing the new package.',
    );
  }
}

/** npm could not fetch the package (as opposed to a package that does not match the pin). */
export class PackError extends Error {}

/** Downloads the pinned tarball with `npm pack` (npm's cache answers when it can) and verifies it. */
export function packTarball(source: ProviderBindingsSource): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'kg-tf-schema-'));
  try {
    try {
      // From the temporary folder, without scripts: nothing of this project is packed or run.
      execFileSync(
        'npm',
        [
          'pack',
          `${source.packageName}@${source.packageVersion}`,
          '--pack-destination',
          dir,
          '--prefer-offline',
          '--ignore-scripts',
        ],
        { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 },
      );
    } catch (e) {
      const stderr = (e as { stderr?: Buffer }).stderr?.toString('utf8').trim() ?? '';
      throw new PackError(
        `npm pack ${source.packageName}@${source.packageVersion} failed (the Terraform provider schema is read from it; ` +
          `the npm registry must be reachable): ${stderr.split('\n').slice(-3).join(' ') || (e as Error).message}`,
      );
    }
    const file = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (file === undefined) throw new PackError(`npm pack wrote no tarball into ${dir}`);
    const tarball = readFileSync(join(dir, file));
    verifyTarball(source, tarball);
    return tarball;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ReadSchemas {
  readonly resources: ReadonlyMap<string, TerraformBlockSchema>;
  readonly dataSources: ReadonlyMap<string, TerraformBlockSchema>;
  /** Binding file → sha256, for the header. */
  readonly files: ReadonlyMap<string, string>;
}

/** Reads the schemas of the wanted types out of a verified tarball. */
export async function readSchemas(source: ProviderBindingsSource, tarball: Buffer): Promise<ReadSchemas> {
  const wanted = new Map<string, { type: string; kind: 'resource' | 'data' }>();
  for (const type of TERRAFORM_RESOURCE_TYPES)
    wanted.set(bindingPath(type, 'resource'), { type, kind: 'resource' });
  for (const type of TERRAFORM_DATA_SOURCE_TYPES)
    wanted.set(bindingPath(type, 'data'), { type, kind: 'data' });
  const files = await readTarGz(tarball, (p) => wanted.has(p));
  const resources = new Map<string, TerraformBlockSchema>();
  const dataSources = new Map<string, TerraformBlockSchema>();
  const digests = new Map<string, string>();
  for (const [path, { type, kind }] of [...wanted].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const buf = files.get(path);
    if (buf === undefined)
      throw new Error(`${source.packageName}@${source.packageVersion} has no ${path} (${type})`);
    const read = readBindingSchema(buf.toString('utf8'));
    if (read.typeName !== type) throw new Error(`${path} defines ${read.typeName}, expected ${type}`);
    if (read.providerVersion !== source.providerVersion) {
      throw new Error(
        `${path} was generated from ${source.provider} ${read.providerVersion}, but the pin says ${source.providerVersion}`,
      );
    }
    (kind === 'resource' ? resources : dataSources).set(type, read.schema);
    digests.set(path, sha256(buf));
  }
  const byType = (m: Map<string, TerraformBlockSchema>) =>
    new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));
  return { resources: byType(resources), dataSources: byType(dataSources), files: digests };
}

function quoteKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : `'${key}'`;
}

function renderType(type: TerraformType, indent: string): string {
  if (typeof type === 'string') return `'${type}'`;
  if ('list' in type) return `{ list: ${renderType(type.list, indent)} }`;
  if ('set' in type) return `{ set: ${renderType(type.set, indent)} }`;
  if ('map' in type) return `{ map: ${renderType(type.map, indent)} }`;
  return `{ object: ${renderBlock(type.object, indent)} }`;
}

/** One schema as a TypeScript object literal, keys in code-unit order, two-space indents. */
export function renderBlock(block: TerraformBlockSchema, indent = ''): string {
  const i1 = `${indent}  `;
  const i2 = `${indent}    `;
  const attrs = Object.entries(block.attributes).map(
    ([name, a]) =>
      `${i2}${quoteKey(name)}: { type: ${renderType(a.type, i2)}${a.required ? ', required: true' : ''} },`,
  );
  const blocks = Object.entries(block.blocks).map(([name, b]) => {
    const bounds = `${b.minItems !== undefined ? `, minItems: ${b.minItems}` : ''}${b.maxItems !== undefined ? `, maxItems: ${b.maxItems}` : ''}`;
    return `${i2}${quoteKey(name)}: { nesting: '${b.nesting}'${bounds}, block: ${renderBlock(b.block, i2)} },`;
  });
  const section = (name: string, rows: string[]): string =>
    rows.length ? `${i1}${name}: {\n${rows.join('\n')}\n${i1}},` : `${i1}${name}: {},`;
  const computed = `${i1}computed: [${block.computed.map((c) => `'${c}'`).join(', ')}],`;
  return `{\n${section('attributes', attrs)}\n${section('blocks', blocks)}\n${computed}\n${indent}}`;
}

export function renderSchemaModule(source: ProviderBindingsSource, read: ReadSchemas): string {
  const header = [
    'GENERATED by `npm run import` (codegen/import-crds.ts, codegen/generate-terraform-schema.ts). Do not edit by hand: rerun the import.',
    `Source: ${source.provider} provider ${source.providerVersion} schema, as encoded in its prebuilt CDK bindings`,
    `  npm ${source.packageName}@${source.packageVersion} ${source.integrity}`,
    `  tarball sha256:${source.sha256}`,
    ...[...read.files].map(([path, digest]) => `  ${path} sha256:${digest}`),
    'What the bindings encode: each argument (required or optional) with its type (string, number, bool, list, set,',
    'map, object), nested blocks with their nesting (single, list, set), attributes only the provider sets',
    '(computed), a required block (min_items 1) and a block of at most one item (max_items 1).',
    'What they do not: other min/max_items, value validations (enums, lengths, patterns), conflicting or',
    'exactly-one-of arguments, deprecations. The checker (validation/terraform/) is silent about those.',
  ]
    .map((l) => `// ${l}`)
    .join('\n');
  const table = (rows: ReadonlyMap<string, TerraformBlockSchema>): string =>
    [...rows].map(([type, schema]) => `  ${type}: ${renderBlock(schema, '  ')},`).join('\n');
  return `${header}

${schemaTypesSource()}
/** The provider these schemas are from. */
export const AWS_PROVIDER_SOURCE = '${source.provider}';
/** Its version the schemas were read at. */
export const AWS_PROVIDER_VERSION = '${source.providerVersion}';
/** The version range generated \`required_providers\` state: this version up to the next major. */
export const AWS_PROVIDER_CONSTRAINT = '${source.providerConstraint}';

/** Resource type → its schema. */
export const AWS_RESOURCE_SCHEMAS: Readonly<Record<string, TerraformBlockSchema>> = {
${table(read.resources)}
};

/** Data source type → its schema. */
export const AWS_DATA_SOURCE_SCHEMAS: Readonly<Record<string, TerraformBlockSchema>> = {
${table(read.dataSources)}
};
`;
}

export const TERRAFORM_SCHEMA_OUTPUT = 'terraform/aws-provider-schema.ts';

/**
 * Import generator: `imports/terraform/aws-provider-schema.ts` from the pinned tarball, or the
 * committed file when npm cannot fetch the package (no registry, nothing in npm's cache). A
 * tarball that does not match the pin always fails.
 */
export async function generateTerraformSchema(
  _crds: readonly unknown[],
  context: ImportContext,
  tarball: () => Buffer = () => packTarball(TERRAFORM_PROVIDER_SOURCE),
): Promise<Array<[string, string]>> {
  let buf: Buffer;
  try {
    buf = tarball();
  } catch (e) {
    const committed = join(context.projectRoot, 'imports', TERRAFORM_SCHEMA_OUTPUT);
    if (!(e instanceof PackError) || !existsSync(committed)) throw e;
    console.warn(`import: ${e.message}; keeping the committed imports/${TERRAFORM_SCHEMA_OUTPUT}.`);
    return [[TERRAFORM_SCHEMA_OUTPUT, readFileSync(committed, 'utf8')]];
  }
  const read = await readSchemas(TERRAFORM_PROVIDER_SOURCE, buf);
  return [[TERRAFORM_SCHEMA_OUTPUT, renderSchemaModule(TERRAFORM_PROVIDER_SOURCE, read)]];
}
