/**
 * The EC2 instance types Karpenter knows by name (its reference's and the names only its VPC-limits
 * table has), as a view of the full catalogue (model/facts/instance-table.ts), with the five name labels Karpenter gives each one: what node pool requirements on instance types, families, categories, sizes and
 * generations are checked against. Built once per process, on first use.
 */
import { LABELS } from './constants';
import { instanceTable } from './instance-table';

export interface CatalogueInstanceType {
  readonly name: string;
  readonly family: string;
  readonly size: string;
  /** Absent where Karpenter sets no category/generation label (e.g. mac-m4.metal). */
  readonly category?: string;
  readonly generation?: string;
}

/** The label keys the catalogue answers for, and how a type's value for each is read. */
export const CATALOGUE_LABELS = {
  [LABELS.instanceType]: (t: CatalogueInstanceType) => t.name,
  [LABELS.instanceFamily]: (t: CatalogueInstanceType) => t.family,
  [LABELS.instanceCategory]: (t: CatalogueInstanceType) => t.category,
  [LABELS.instanceSize]: (t: CatalogueInstanceType) => t.size,
  [LABELS.instanceGeneration]: (t: CatalogueInstanceType) => t.generation,
} as const;
export type CatalogueLabel = keyof typeof CATALOGUE_LABELS;

export function isCatalogueLabel(key: string): key is CatalogueLabel {
  return Object.prototype.hasOwnProperty.call(CATALOGUE_LABELS, key);
}

export interface InstanceCatalogue {
  readonly karpenterVersion: string;
  readonly types: readonly CatalogueInstanceType[];
  /** Known values of each label, sorted. */
  readonly values: Readonly<Record<CatalogueLabel, readonly string[]>>;
}

let catalogue: InstanceCatalogue | undefined;

/** A view of the full table (model/facts/instance-table.ts): the five name labels of every type. */
export function instanceCatalogue(): InstanceCatalogue {
  if (catalogue) return catalogue;
  const t = instanceTable();
  const named = [...t.types.map((x) => x.labels), ...t.notEvaluated.map((x) => x.nameLabels)];
  const types: CatalogueInstanceType[] = named.map((labels) => {
    const category = labels[LABELS.instanceCategory];
    const generation = labels[LABELS.instanceGeneration];
    return {
      name: labels[LABELS.instanceType],
      family: labels[LABELS.instanceFamily],
      size: labels[LABELS.instanceSize],
      ...(category !== undefined ? { category } : {}),
      ...(generation !== undefined ? { generation } : {}),
    };
  });
  const values = {} as Record<CatalogueLabel, readonly string[]>;
  for (const key of Object.keys(CATALOGUE_LABELS) as CatalogueLabel[]) {
    values[key] = [...(t.knownValues.get(key) ?? [])].sort();
  }
  types.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  catalogue = { karpenterVersion: t.karpenterVersion, types, values };
  return catalogue;
}

/** The value of `key` Karpenter gives `type` (undefined: the label is absent on such nodes). */
export function catalogueValue(type: CatalogueInstanceType, key: CatalogueLabel): string | undefined {
  return CATALOGUE_LABELS[key](type);
}
