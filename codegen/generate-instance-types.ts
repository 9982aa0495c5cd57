/**
 * Generates `imports/karpenter-instance-types-v<version>/instance-types.ts`: every EC2
 * instance type Karpenter <version> knows, grouped by family, with the category, generation
 * and sizes Karpenter's labels give them (model/facts/instance-type-labels.ts), so that node pool
 * requirements can be checked against facts instead of a hand-typed list.
 *
 * The input is Karpenter's generated `pkg/providers/instancetype/zz_generated.vpclimits.go`
 * (its `Limits` map has one entry per instance type). The file itself is never committed: it
 * is read from `../shared/reference/karpenter-v<version>/` beside the project when present,
 * else from the pinned upstream URL; either way its sha256 must match the pin.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { instanceTypeLabels } from '../model';
import { sha256 } from './crd-loader';
import type { ImportContext } from './import-context';

export interface ReferenceFileSource {
  readonly karpenterVersion: string;
  /** Commit of aws/karpenter-provider-aws the file was taken from. */
  readonly commit: string;
  readonly repoPath: string;
  readonly sha256: string;
  /** File name under `../shared/reference/karpenter-v<karpenterVersion>/`. */
  readonly referenceFile: string;
}

export const VPC_LIMITS_SOURCE: ReferenceFileSource = {
  karpenterVersion: '1.14.1',
  commit: 'bde00654cd316fddb3dccfba3f5ac07039865429',
  repoPath: 'pkg/providers/instancetype/zz_generated.vpclimits.go',
  sha256: '5c710d15855ca842064161609b8825519c97ad4f8f044658eb657d49ad84ff83',
  referenceFile: 'zz_generated.vpclimits.go',
};

export function upstreamReferenceUrl(source: ReferenceFileSource): string {
  return `https://raw.githubusercontent.com/aws/karpenter-provider-aws/${source.commit}/${source.repoPath}`;
}

/** The bytes of a pinned reference file: local copy first (for `--from DIR`), else upstream. */
export async function readReferenceFile(
  source: ReferenceFileSource,
  context: ImportContext,
): Promise<string> {
  let buf: Buffer | undefined;
  if (context.origin.kind === 'dir') {
    const dirs = [
      join(context.origin.dir, '..', 'reference'),
      join(context.projectRoot, '..', 'shared', 'reference'),
    ];
    for (const dir of dirs) {
      const path = join(dir, `karpenter-v${source.karpenterVersion}`, source.referenceFile);
      if (existsSync(path)) {
        buf = readFileSync(path);
        break;
      }
    }
  }
  if (buf === undefined) {
    const url = upstreamReferenceUrl(source);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}. Check the network or use --from DIR.`);
    buf = Buffer.from(await res.arrayBuffer());
  }
  const digest = sha256(buf);
  if (digest !== source.sha256) {
    throw new Error(
      `${source.referenceFile} of Karpenter ${source.karpenterVersion} has sha256 ${digest}, expected ${source.sha256}. ` +
        'Update the pin in codegen/generate-instance-types.ts only after reviewing the new instance types.',
    );
  }
  return buf.toString('utf8');
}

/** Instance type names: the keys of the `Limits` map, in file order. */
export function parseVpcLimitsTypes(text: string): string[] {
  const start = text.indexOf('var Limits = map[string]*VPCLimits{');
  if (start < 0) throw new Error('zz_generated.vpclimits.go: no `var Limits = map[string]*VPCLimits{` found');
  const types = [...text.slice(start).matchAll(/^\t"([^"]+)": \{$/gm)].map((m) => m[1]);
  if (types.length === 0) throw new Error('zz_generated.vpclimits.go: the Limits map has no instance type');
  return types;
}

/** One family: what Karpenter's labels say of every type in it. */
export interface CatalogueFamily {
  readonly category: string;
  readonly generation: string;
  readonly sizes: readonly string[];
}

/** Family → labels and sizes, sorted; every type of a family must agree on category and generation. */
export function groupByFamily(types: readonly string[]): Map<string, CatalogueFamily> {
  const out = new Map<string, { category: string; generation: string; sizes: string[] }>();
  for (const type of [...new Set(types)].sort()) {
    const labels = instanceTypeLabels(type);
    if (labels.family === undefined || labels.size === undefined) {
      throw new Error(`instance type '${type}' is not family.size`);
    }
    const category = labels.category ?? '';
    const generation = labels.generation ?? '';
    const prior = out.get(labels.family);
    if (prior && (prior.category !== category || prior.generation !== generation)) {
      throw new Error(`instance family ${labels.family}: types disagree on category or generation`);
    }
    const entry = prior ?? { category, generation, sizes: [] };
    entry.sizes.push(labels.size);
    out.set(labels.family, entry);
  }
  return out;
}

export function renderInstanceTypesModule(source: ReferenceFileSource, text: string): string {
  const families = groupByFamily(parseVpcLimitsTypes(text));
  const count = [...families.values()].reduce((n, f) => n + f.sizes.length, 0);
  const header = [
    'GENERATED by `npm run import` (codegen/import-crds.ts, codegen/generate-instance-types.ts). Do not edit by hand: rerun the import.',
    `Source: aws/karpenter-provider-aws ${source.repoPath} (Karpenter ${source.karpenterVersion}, commit ${source.commit}),`,
    `read from ../shared/reference/karpenter-v${source.karpenterVersion}/${source.referenceFile} or`,
    `  ${upstreamReferenceUrl(source)} sha256:${source.sha256}`,
    'Labels derived from each name as Karpenter does (model/facts/instance-type-labels.ts).',
  ]
    .map((l) => `// ${l}`)
    .join('\n');
  const rows = [...families]
    .map(([family, f]) => `  '${family}': ['${f.category}', '${f.generation}', '${f.sizes.join(' ')}'],`)
    .join('\n');
  return `${header}

/** The Karpenter version whose instance types these are. */
export const INSTANCE_CATALOGUE_KARPENTER_VERSION = '${source.karpenterVersion}';

/** How many instance types the catalogue holds. */
export const INSTANCE_TYPE_COUNT = ${count};

/**
 * Instance family (karpenter.k8s.aws/instance-family) → [instance-category, instance-generation,
 * instance sizes separated by spaces]; '' where Karpenter sets no such label. A type is family.size.
 */
export const INSTANCE_FAMILIES: Readonly<Record<string, readonly [string, string, string]>> = {
${rows}
};
`;
}

/** Import generator: the instance-type catalogue of every pinned Karpenter version with one. */
export async function generateInstanceTypes(
  _crds: readonly unknown[],
  context: ImportContext,
): Promise<Array<[string, string]>> {
  const source = VPC_LIMITS_SOURCE;
  const text = await readReferenceFile(source, context);
  return [
    [
      `karpenter-instance-types-v${source.karpenterVersion}/instance-types.ts`,
      renderInstanceTypesModule(source, text),
    ],
  ];
}
