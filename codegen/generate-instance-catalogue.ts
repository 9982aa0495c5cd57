/**
 * Generates `imports/karpenter-instance-types-v<version>/catalogue.ts`: for every instance type
 * of Karpenter's generated reference (website/content/en/docs/reference/instance-types.md), every
 * well-known label Karpenter sets, the allocatable resources Karpenter computes, and the on-demand
 * price of Karpenter's static price tables (pkg/providers/pricing/zz_generated.pricing_aws*.go).
 *
 * The module is columnar: the type names once, then one column per label, resource and price
 * region, each a dictionary of distinct values plus one fixed-width code per type (code 0: the
 * type has no such label or price). Loading it is one string scan per column.
 *
 * The source files are never committed: read from `../shared/reference/karpenter-v<version>/`
 * when present, else from the pinned upstream URL; either way their sha256 must match the pin.
 */
import { readReferenceFile, ReferenceFileSource, upstreamReferenceUrl } from './generate-instance-types';
import type { ImportContext } from './import-context';
import { compareCodeUnits } from '../model';

const COMMIT = 'bde00654cd316fddb3dccfba3f5ac07039865429';

export const INSTANCE_REFERENCE_SOURCE: ReferenceFileSource = {
  karpenterVersion: '1.14.1',
  commit: COMMIT,
  repoPath: 'website/content/en/docs/reference/instance-types.md',
  sha256: '77e6367535b16d0ecf6e27f8d7cf8bd801889b1f75db488d25ce3247ae8fb863',
  referenceFile: 'instance-types.md',
};

/** One static price table per AWS partition, with the regions it covers. */
export interface PricingSource extends ReferenceFileSource {
  readonly partition: 'aws' | 'aws-cn' | 'aws-us-gov';
}

export const PRICING_SOURCES: readonly PricingSource[] = [
  {
    partition: 'aws',
    karpenterVersion: '1.14.1',
    commit: COMMIT,
    repoPath: 'pkg/providers/pricing/zz_generated.pricing_aws.go',
    sha256: 'b21ecff198deb4484882fdf01b06352a964281772d08b9633a7bb8ba984da421',
    referenceFile: 'zz_generated.pricing_aws.go',
  },
  {
    partition: 'aws-cn',
    karpenterVersion: '1.14.1',
    commit: COMMIT,
    repoPath: 'pkg/providers/pricing/zz_generated.pricing_aws_cn.go',
    sha256: '2e3e56bc949f6ec379264b6c7552ba3286e33de36d61092c8571034c4f90d7d7',
    referenceFile: 'zz_generated.pricing_aws_cn.go',
  },
  {
    partition: 'aws-us-gov',
    karpenterVersion: '1.14.1',
    commit: COMMIT,
    repoPath: 'pkg/providers/pricing/zz_generated.pricing_aws_us_gov.go',
    sha256: 'a99978a3712df62f7eae5e51eb98297c97974452cd4f2da39380ba758dc8ffa5',
    referenceFile: 'zz_generated.pricing_aws_us_gov.go',
  },
];

const INSTANCE_TYPE_LABEL = 'node.kubernetes.io/instance-type';

export interface ReferenceInstanceType {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  /** Raw quantities as written (`940m`, `1392Mi`, `17Gi`, `8`). */
  readonly resources: Readonly<Record<string, string>>;
}

/** Every `### \`type\`` section with its Labels and Resources tables, in file order. */
export function parseInstanceTypesMarkdown(text: string): ReferenceInstanceType[] {
  const out: { name: string; labels: Record<string, string>; resources: Record<string, string> }[] = [];
  let table: 'labels' | 'resources' | undefined;
  for (const line of text.split('\n')) {
    const head = /^### `([^`]+)`/.exec(line);
    if (head) {
      out.push({ name: head[1], labels: {}, resources: {} });
      table = undefined;
      continue;
    }
    if (line.startsWith('#### Labels')) table = 'labels';
    else if (line.startsWith('#### Resources')) table = 'resources';
    else if (line.startsWith('#')) table = undefined;
    const row = /^ \|([^|]+)\|([^|]*)\|\s*$/.exec(line);
    const current = out[out.length - 1];
    const key = row?.[1].trim();
    if (!row || !key || !table || !current || key === 'Label' || key === 'Resource' || key === '--') continue;
    current[table][key] = row[2].trim();
  }
  if (out.length === 0) throw new Error('instance-types.md: no `### `type`` section found');
  for (const t of out) {
    if (t.labels[INSTANCE_TYPE_LABEL] !== t.name)
      throw new Error(`instance-types.md: ${t.name} has no matching node.kubernetes.io/instance-type label`);
    for (const r of ['cpu', 'memory', 'pods', 'ephemeral-storage'])
      if (t.resources[r] === undefined) throw new Error(`instance-types.md: ${t.name} has no ${r} resource`);
  }
  return out;
}

/** Resource quantity → number in the catalogue's unit: cpu in millicores, memory and storage in MiB, else a count. */
export function resourceNumber(resource: string, quantity: string): number {
  const m = /^([0-9]+)(m|Ki|Mi|Gi|Ti)?$/.exec(quantity);
  if (!m) throw new Error(`instance-types.md: ${resource} quantity '${quantity}' is not understood`);
  const n = Number(m[1]);
  const unit = m[2] ?? '';
  if (resource === 'cpu') {
    if (unit === 'm') return n;
    if (unit === '') return n * 1000;
  } else if (resource === 'memory' || resource === 'ephemeral-storage') {
    const mib: Record<string, number> = { Ki: 1 / 1024, Mi: 1, Gi: 1024, Ti: 1024 * 1024 };
    if (unit in mib) return Math.round(n * mib[unit]);
  } else if (unit === '') return n;
  throw new Error(`instance-types.md: ${resource} quantity '${quantity}' has an unexpected unit`);
}

/** region → instance type → price per hour (the region's currency: CNY for aws-cn, else USD), from a `map[string]map[ec2types.InstanceType]float64`. */
export function parsePricingTable(text: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const start = text.search(
    /var InitialOnDemandPrices\w* = map\[string\]map\[ec2types\.InstanceType\]float64\{/,
  );
  if (start < 0)
    throw new Error('pricing table: no `var InitialOnDemandPrices… = map[string]map[…]float64{` found');
  let region: Map<string, number> | undefined;
  for (const line of text.slice(start).split('\n')) {
    const r = /^\t"([a-z0-9-]+)": \{$/.exec(line);
    if (r) {
      region = new Map();
      out.set(r[1], region);
      continue;
    }
    if (!region) continue;
    for (const m of line.matchAll(/"([a-z0-9-]+\.[a-z0-9-]+)": ([0-9.]+)/g)) region.set(m[1], Number(m[2]));
  }
  if (out.size === 0) throw new Error('pricing table: no region found');
  return out;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';

/** A column: distinct values (sorted) and, per type, a fixed-width code (0 = absent, i+1 = values[i]). */
export function encodeColumn<T extends string | number>(
  cells: readonly (T | undefined)[],
  compare: (a: T, b: T) => number,
): { values: T[]; width: number; codes: string } {
  const values = [...new Set(cells.filter((c): c is T => c !== undefined))].sort(compare);
  const index = new Map(values.map((v, i) => [v, i + 1]));
  let width = 1;
  while (ALPHABET.length ** width <= values.length) width++;
  const code = (n: number): string => {
    let s = '';
    for (let k = 0; k < width; k++) {
      s = ALPHABET[n % ALPHABET.length] + s;
      n = Math.floor(n / ALPHABET.length);
    }
    return s;
  };
  return { values, width, codes: cells.map((c) => code(c === undefined ? 0 : (index.get(c) ?? 0))).join('') };
}

const byString = compareCodeUnits;
const byNumber = (a: number, b: number): number => a - b;

function columnLiteral<T extends string | number>(col: {
  values: T[];
  width: number;
  codes: string;
}): string {
  return `[${JSON.stringify(col.values)}, ${col.width}, '${col.codes}']`;
}

export function renderCatalogueModule(
  types: readonly ReferenceInstanceType[],
  prices: ReadonlyMap<PricingSource, ReadonlyMap<string, ReadonlyMap<string, number>>>,
): string {
  const source = INSTANCE_REFERENCE_SOURCE;
  // node.kubernetes.io/instance-type is the name itself (checked by the parser): not stored twice.
  const labelKeys = [...new Set(types.flatMap((t) => Object.keys(t.labels)))]
    .filter((k) => k !== INSTANCE_TYPE_LABEL)
    .sort();
  const resourceKeys = [...new Set(types.flatMap((t) => Object.keys(t.resources)))].sort();
  const header = [
    'GENERATED by `npm run import` (codegen/generate-instance-catalogue.ts). Do not edit by hand: rerun the import.',
    `Karpenter ${source.karpenterVersion}, aws/karpenter-provider-aws commit ${source.commit}:`,
    `  ${upstreamReferenceUrl(source)} sha256:${source.sha256}`,
    ...[...prices.keys()].map((p) => `  ${upstreamReferenceUrl(p)} sha256:${p.sha256}`),
    "Allocatable figures are Karpenter's, computed for AL2023 without blockDeviceMappings (stated in the source).",
    'Prices are static on-demand list prices per hour of the regions named, in their currency (CNY for aws-cn, else USD), no Spot.',
  ]
    .map((l) => `// ${l}`)
    .join('\n');
  const labelRows = labelKeys
    .map(
      (k) =>
        `  '${k}': ${columnLiteral(
          encodeColumn(
            types.map((t) => t.labels[k]),
            byString,
          ),
        )},`,
    )
    .join('\n');
  const resourceRows = resourceKeys
    .map((r) => {
      const cells = types.map((t) =>
        t.resources[r] === undefined ? undefined : resourceNumber(r, t.resources[r]),
      );
      return `  '${r}': ${columnLiteral(encodeColumn(cells, byNumber))},`;
    })
    .join('\n');
  const priceRows: string[] = [];
  for (const [p, regions] of prices) {
    for (const region of [...regions.keys()].sort()) {
      const table = regions.get(region) ?? new Map<string, number>();
      const cells = types.map((t) => table.get(t.name));
      priceRows.push(`  '${region}': ['${p.partition}', ${columnLiteral(encodeColumn(cells, byNumber))}],`);
    }
  }
  return `${header}

/** [distinct values, code width, one code of that width per type]: code 0 = absent, n = values[n - 1]. */
export type CatalogueColumn<T> = readonly [readonly T[], number, string];

/** The Karpenter version whose instance types these are. */
export const CATALOGUE_KARPENTER_VERSION = '${source.karpenterVersion}';

/** The alphabet of the codes (digit n is ALPHABET[n]). */
export const CATALOGUE_CODE_ALPHABET = '${ALPHABET}';

/** Every instance type of the reference, in its order, separated by spaces. */
export const CATALOGUE_TYPES = '${types.map((t) => t.name).join(' ')}';

/** Label key → the value Karpenter sets on each type's nodes (node.kubernetes.io/instance-type: the name). */
export const CATALOGUE_LABELS: Readonly<Record<string, CatalogueColumn<string>>> = {
${labelRows}
};

/** Allocatable resource → amount per type: cpu in millicores, memory and ephemeral-storage in MiB, others a count. */
export const CATALOGUE_RESOURCES: Readonly<Record<string, CatalogueColumn<number>>> = {
${resourceRows}
};

/** Region → [partition, on-demand price per hour per type, in the partition's currency (CNY for aws-cn, else USD)]. */
export const CATALOGUE_PRICES: Readonly<Record<string, readonly [string, CatalogueColumn<number>]>> = {
${priceRows.join('\n')}
};
`;
}

/** Import generator: the full catalogue (labels, allocatable, on-demand prices). */
export async function generateInstanceCatalogue(
  _crds: readonly unknown[],
  context: ImportContext,
): Promise<Array<[string, string]>> {
  const types = parseInstanceTypesMarkdown(await readReferenceFile(INSTANCE_REFERENCE_SOURCE, context));
  const prices = new Map<PricingSource, Map<string, Map<string, number>>>();
  for (const p of PRICING_SOURCES) prices.set(p, parsePricingTable(await readReferenceFile(p, context)));
  return [
    [
      `karpenter-instance-types-v${INSTANCE_REFERENCE_SOURCE.karpenterVersion}/catalogue.ts`,
      renderCatalogueModule(types, prices),
    ],
  ];
}
