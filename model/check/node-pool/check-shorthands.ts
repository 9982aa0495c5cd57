/** A node pool's requirement shorthands (`zones:`, `instanceTypes:`, ...): a list, or one of in / notIn. */
import { CheckContext } from '../check-context';
import { checkRequirementValues } from '../check-requirement-list';
import { PathSegment } from '../../parse/located';
import { RawNodePool, RawShorthand } from '../../parse/raw-fleet';
import { SHORTHANDS } from '../../parse/requirement-shorthands';

export function checkShorthands(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  pool: RawNodePool,
): void {
  for (const [field] of SHORTHANDS) {
    const value = pool[field] as RawShorthand | undefined;
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      checkRequirementValues(ctx, at(field), value as readonly string[]);
      continue;
    }
    checkShorthandMap(
      ctx,
      (...rest) => at(field, ...rest),
      value as Exclude<RawShorthand, readonly string[]>,
    );
  }
}

/** `{ in | notIn, minValues }`: exactly one of in / notIn, and no more minValues than values. */
function checkShorthandMap(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  v: Exclude<RawShorthand, readonly string[]>,
): void {
  if ((v.in === undefined) === (v.notIn === undefined)) {
    ctx.error(
      at(),
      v.in === undefined ? 'neither in nor notIn is set' : 'in and notIn are both set',
      'Give exactly one of in: [...] or notIn: [...]',
    );
  }
  if (v.in !== undefined) checkRequirementValues(ctx, at('in'), v.in);
  if (v.notIn !== undefined) checkRequirementValues(ctx, at('notIn'), v.notIn);
  if (v.minValues !== undefined && v.in !== undefined && v.in.length < v.minValues) {
    ctx.error(
      at('minValues'),
      `minValues ${v.minValues} is more than the ${v.in.length} values listed`,
      'Lower minValues or list more values',
    );
  }
}
