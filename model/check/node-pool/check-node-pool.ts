/** Semantic checks of one node pool (after the schema passed), in the order they report. */
import { checkBudgets } from './check-budgets';
import { checkNodeClassReference } from './check-node-class-reference';
import { checkPoolDurations } from './check-pool-durations';
import { checkPoolLimits } from './check-pool-limits';
import { checkPoolAnnotations, checkPoolLabels } from './check-pool-metadata';
import { checkShorthands } from './check-shorthands';
import { checkTaints } from './check-taints';
import { CheckContext } from '../check-context';
import { objectNameProblem } from '../check-names';
import { checkRequirementList, RequirementRules } from '../check-requirement-list';
import { LABELS } from '../../facts/constants';
import { PathSegment } from '../../parse/located';
import { RawNodePool } from '../../parse/raw-fleet';
import { SHORTHANDS } from '../../parse/requirement-shorthands';
import { show } from '../../shared/show-value';

export { MAX_ANNOTATION_BYTES } from './check-pool-metadata';

/** Most requirements a NodePool may have (shorthands included). */
const MAX_REQUIREMENTS = 100;
/** A NodePool's requirements: In needs values; Karpenter sets the hostname and node pool labels itself. */
const NODE_POOL_REQUIREMENTS: RequirementRules = {
  needValues: ['In'],
  restrictedKey: (key) =>
    key === LABELS.hostname || key === LABELS.nodePool
      ? { message: `requirement on '${show(key)}' is restricted`, fix: 'Remove this requirement' }
      : undefined,
  absentValuesAt: 'values',
};

export function checkNodePool(
  ctx: CheckContext,
  name: string,
  pool: RawNodePool,
  classNames: readonly string[],
): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodePools', name, ...rest];
  const nameProblem = objectNameProblem('node pool', name);
  if (nameProblem) ctx.error(at(), nameProblem.message, nameProblem.fix, 'key');
  checkNodeClassReference(ctx, at('nodeClass'), pool.nodeClass, classNames);
  checkShorthands(ctx, at, pool);
  checkRequirementCount(ctx, at('requirements'), pool);
  checkRequirementList(ctx, at('requirements'), pool.requirements ?? [], NODE_POOL_REQUIREMENTS);
  checkPoolLabels(ctx, at('labels'), pool.labels);
  checkPoolAnnotations(ctx, at('annotations'), pool.annotations);
  checkTaints(ctx, at('taints'), pool.taints);
  checkTaints(ctx, at('startupTaints'), pool.startupTaints);
  checkPoolLimits(ctx, at('limits'), pool.limits);
  checkPoolDurations(ctx, at, pool);
  checkBudgets(ctx, at('disruption', 'budgets'), pool.disruption?.budgets);
}

/** Shorthands, instanceGenerationGreaterThan and requirements together. */
function checkRequirementCount(ctx: CheckContext, path: PathSegment[], pool: RawNodePool): void {
  const count =
    SHORTHANDS.filter(([field]) => pool[field] !== undefined).length +
    (pool.instanceGenerationGreaterThan !== undefined ? 1 : 0) +
    (pool.requirements ?? []).length;
  if (count > MAX_REQUIREMENTS) {
    ctx.error(
      path,
      `${count} requirements, more than the ${MAX_REQUIREMENTS} a NodePool may have`,
      'Merge requirements on the same key',
    );
  }
}
