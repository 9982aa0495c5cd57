/** AMI aliases (`family@version`) as Karpenter v1 accepts them. */
import { AmiFamily } from './constants';

/** Alias family (lower case, as written before `@`) → amiFamily. */
export const ALIAS_FAMILIES: Readonly<Record<string, AmiFamily>> = {
  al2: 'AL2',
  al2023: 'AL2023',
  bottlerocket: 'Bottlerocket',
  windows2019: 'Windows2019',
  windows2022: 'Windows2022',
};

export interface ParsedAlias {
  readonly family: string;
  readonly version: string;
  readonly amiFamily?: AmiFamily;
}

/** `al2023@v20250505` → parts; undefined when it is not `family@version`. */
export function parseAlias(alias: string): ParsedAlias | undefined {
  const m = /^([a-z0-9]+)@(latest|v[0-9][A-Za-z0-9._-]*)$/.exec(alias);
  if (!m) return undefined;
  return { family: m[1], version: m[2], amiFamily: ALIAS_FAMILIES[m[1]] };
}
