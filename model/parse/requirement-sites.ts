/**
 * A node pool's requirements (shorthands, instanceGenerationGreaterThan, raw requirements)
 * each with where it is written, so that checks of requirement values can point at the
 * exact value and name the field the user wrote.
 */
import { LABELS } from '../facts/constants';
import { PathSegment } from './located';
import { RawNodePool, RawShorthand } from './raw-fleet';
import { SHORTHANDS } from './requirement-shorthands';

export interface RequirementSite {
  readonly key: string;
  readonly operator: string;
  readonly values: readonly string[];
  /** Where the requirement is written (the shorthand field, or the list item). */
  readonly path: readonly PathSegment[];
  /** Where its j-th value is written. */
  readonly valuePath: (j: number) => PathSegment[];
  /** How to name it in a message: `instanceFamilies`, `requirements[2] (node.kubernetes.io/instance-type)`. */
  readonly label: string;
  /** Its minValues (a shorthand's goes with the requirement it expands to: notIn when given, else in). */
  readonly minValues?: number;
  /** Where minValues is written. */
  readonly minValuesPath?: readonly PathSegment[];
}

/** In expansion order (model/parse/requirement-shorthands.ts); `at` turns a pool-relative path into a file path. */
export function requirementSites(
  pool: RawNodePool,
  at: (...rest: PathSegment[]) => PathSegment[],
): RequirementSite[] {
  const out: RequirementSite[] = [];
  for (const [field, key] of SHORTHANDS) {
    const value = pool[field] as RawShorthand | undefined;
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      out.push({
        key,
        operator: 'In',
        values: value as readonly string[],
        path: at(field),
        valuePath: (j) => at(field, j),
        label: field,
      });
      continue;
    }
    const v = value as Exclude<RawShorthand, readonly string[]>;
    const minOn = v.notIn !== undefined ? 'NotIn' : 'In';
    for (const [op, list] of [
      ['In', v.in],
      ['NotIn', v.notIn],
    ] as const) {
      if (list === undefined) continue;
      const sub = op === 'In' ? 'in' : 'notIn';
      out.push({
        key,
        operator: op,
        values: list,
        path: at(field, sub),
        valuePath: (j) => at(field, sub, j),
        label: `${field}.${sub}`,
        ...(v.minValues !== undefined && op === minOn
          ? { minValues: v.minValues, minValuesPath: at(field, 'minValues') }
          : {}),
      });
    }
  }
  if (pool.instanceGenerationGreaterThan !== undefined) {
    out.push({
      key: LABELS.instanceGeneration,
      operator: 'Gt',
      values: [String(pool.instanceGenerationGreaterThan)],
      path: at('instanceGenerationGreaterThan'),
      valuePath: () => at('instanceGenerationGreaterThan'),
      label: 'instanceGenerationGreaterThan',
    });
  }
  (pool.requirements ?? []).forEach((r, i) => {
    out.push({
      key: r.key,
      operator: r.operator,
      values: r.values ?? [],
      path: at('requirements', i),
      valuePath: (j) => at('requirements', i, 'values', j),
      label: `requirements[${i}] (${r.key})`,
      ...(r.minValues !== undefined
        ? { minValues: r.minValues, minValuesPath: at('requirements', i, 'minValues') }
        : {}),
    });
  });
  return out;
}
