/**
 * The `requirements:` list shared by NodePools and NodeOverlays: label keys, label values and
 * what each operator needs. What differs between the two kinds is passed in as rules.
 */
import { CheckContext } from './check-context';
import { labelKeyProblem, labelValueProblem } from './check-labels';
import { RequirementOperator } from '../facts/constants';
import { PathSegment } from '../parse/located';

/** One requirement as written (NodeOverlays have no minValues). */
export interface WrittenRequirement {
  readonly key: string;
  readonly operator: RequirementOperator;
  readonly values?: readonly string[];
  readonly minValues?: number;
}

/** What one kind's CRD adds to the common requirement rules. */
export interface RequirementRules {
  /** Operators that need at least one value (NodePool: In; NodeOverlay: In and NotIn). */
  readonly needValues: readonly RequirementOperator[];
  /** Why a valid label key is not accepted by this kind, with its fix; undefined when it is. */
  readonly restrictedKey: (key: string) => { readonly message: string; readonly fix: string } | undefined;
  /** Where a problem with absent values is reported: at `values` or at `operator`. */
  readonly absentValuesAt: 'values' | 'operator';
}

const NUMERIC_OPERATORS: readonly RequirementOperator[] = ['Gt', 'Lt', 'Gte', 'Lte'];

export function checkRequirementList(
  ctx: CheckContext,
  path: PathSegment[],
  requirements: readonly WrittenRequirement[],
  rules: RequirementRules,
): void {
  requirements.forEach((r, i) => {
    checkRequirementKey(ctx, [...path, i, 'key'], r.key, rules);
    const values = r.values ?? [];
    checkRequirementValues(ctx, [...path, i, 'values'], values);
    const valuesAt = [...path, i, r.values === undefined ? rules.absentValuesAt : 'values'];
    if (rules.needValues.includes(r.operator) && values.length === 0) {
      ctx.error(
        valuesAt,
        `operator ${r.operator} needs at least one value`,
        'List at least one value under values',
      );
    }
    if ((r.operator === 'Exists' || r.operator === 'DoesNotExist') && values.length > 0) {
      ctx.error([...path, i, 'values'], `operator ${r.operator} takes no values`, 'Remove values');
    }
    if (NUMERIC_OPERATORS.includes(r.operator) && (values.length !== 1 || !/^[0-9]+$/.test(values[0]))) {
      ctx.error(
        valuesAt,
        `operator ${r.operator} needs exactly one positive whole number`,
        'Write values: ["2"]',
      );
    }
    if (r.minValues !== undefined && values.length < r.minValues && r.operator === 'In') {
      ctx.error(
        [...path, i, 'minValues'],
        `minValues ${r.minValues} is more than the ${values.length} values listed`,
        'Lower minValues or list more values',
      );
    }
  });
}

function checkRequirementKey(
  ctx: CheckContext,
  path: PathSegment[],
  key: string,
  rules: RequirementRules,
): void {
  const keyProblem = labelKeyProblem(key);
  if (keyProblem) {
    ctx.error(path, keyProblem, 'Use a valid label key');
    return;
  }
  const restricted = rules.restrictedKey(key);
  if (restricted) ctx.error(path, restricted.message, restricted.fix);
}

/** Requirement values are label values. */
export function checkRequirementValues(
  ctx: CheckContext,
  path: PathSegment[],
  values: readonly string[],
): void {
  values.forEach((value, j) => {
    const problem = labelValueProblem(value);
    if (problem)
      ctx.error(
        [...path, j],
        problem,
        'Requirement values are label values: use one without spaces or special characters',
      );
  });
}
