/** Semantic checks of one node pool (after the schema passed). */
import { CheckContext } from '../check-context';
import { durationProblem, DurationRule } from '../check-durations';
import { labelKeyProblem, labelValueProblem, restrictedLabelProblem } from '../check-labels';
import { objectNameProblem } from '../check-names';
import { checkRequirementList, checkRequirementValues, RequirementRules } from '../check-requirement-list';
import { LABELS } from '../../facts/constants';
import { didYouMean } from '../../shared/did-you-mean';
import { PathSegment } from '../../parse/located';
import { RawNodePool, RawShorthand, RawTaint } from '../../parse/raw-fleet';
import { SHORTHANDS } from '../../parse/requirement-shorthands';
import { show } from '../../shared/show-value';

/** A non-negative Kubernetes quantity (`100`, `500m`, `400Gi`, `1e3`). */
const QUANTITY =
  /^(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;
/** Most requirements a NodePool may have (shorthands included). */
const MAX_REQUIREMENTS = 100;
/** Kubernetes limit on the total size of an object's annotations. */
export const MAX_ANNOTATION_BYTES = 256 * 1024;
const BUDGET_NODES = /^((100|[0-9]{1,2})%|[0-9]+)$/;
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

  if (!classNames.includes(pool.nodeClass)) {
    const guess = didYouMean(pool.nodeClass, classNames);
    const known =
      classNames.length > 0
        ? `this cluster has: ${[...classNames]
            .sort()
            .map((n) => show(n))
            .join(', ')}`
        : 'this cluster has no nodeClasses';
    ctx.error(
      at('nodeClass'),
      `node class '${show(pool.nodeClass)}' does not exist (${known})`,
      guess
        ? `Did you mean '${show(guess)}'? Or add a node class '${show(pool.nodeClass)}' under nodeClasses`
        : `Name one of the cluster’s nodeClasses, or add a node class '${show(pool.nodeClass)}' under nodeClasses`,
    );
  }

  for (const [field] of SHORTHANDS) {
    const value = pool[field] as RawShorthand | undefined;
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      checkRequirementValues(ctx, at(field), value as readonly string[]);
      continue;
    }
    const v = value as Exclude<RawShorthand, readonly string[]>;
    if ((v.in === undefined) === (v.notIn === undefined)) {
      ctx.error(
        at(field),
        v.in === undefined ? 'neither in nor notIn is set' : 'in and notIn are both set',
        'Give exactly one of in: [...] or notIn: [...]',
      );
    }
    if (v.in !== undefined) checkRequirementValues(ctx, at(field, 'in'), v.in);
    if (v.notIn !== undefined) checkRequirementValues(ctx, at(field, 'notIn'), v.notIn);
    if (v.minValues !== undefined && v.in !== undefined && v.in.length < v.minValues) {
      ctx.error(
        at(field, 'minValues'),
        `minValues ${v.minValues} is more than the ${v.in.length} values listed`,
        'Lower minValues or list more values',
      );
    }
  }
  const count =
    SHORTHANDS.filter(([field]) => pool[field] !== undefined).length +
    (pool.instanceGenerationGreaterThan !== undefined ? 1 : 0) +
    (pool.requirements ?? []).length;
  if (count > MAX_REQUIREMENTS) {
    ctx.error(
      at('requirements'),
      `${count} requirements, more than the ${MAX_REQUIREMENTS} a NodePool may have`,
      'Merge requirements on the same key',
    );
  }

  checkRequirementList(ctx, at('requirements'), pool.requirements ?? [], NODE_POOL_REQUIREMENTS);

  for (const [key, value] of Object.entries(pool.labels ?? {})) {
    const keyProblem = labelKeyProblem(key);
    if (keyProblem) ctx.error(at('labels', key), keyProblem, 'Use a valid label key', 'key');
    else {
      const restricted = restrictedLabelProblem(key);
      if (restricted) ctx.error(at('labels', key), restricted.message, restricted.fix, 'key');
    }
    const valueProblem = labelValueProblem(value);
    if (valueProblem)
      ctx.error(at('labels', key), valueProblem, 'Use a shorter value without spaces or special characters');
  }
  const annotationBytes = Object.entries(pool.annotations ?? {}).reduce(
    (sum, [k, v]) => sum + Buffer.byteLength(k, 'utf8') + Buffer.byteLength(v, 'utf8'),
    0,
  );
  if (annotationBytes > MAX_ANNOTATION_BYTES) {
    ctx.error(
      at('annotations'),
      `annotations total ${annotationBytes} bytes, more than the ${MAX_ANNOTATION_BYTES} Kubernetes accepts`,
      'Keep annotations short; store bulk data elsewhere',
      'key',
    );
  }
  for (const key of Object.keys(pool.annotations ?? {})) {
    const keyProblem = labelKeyProblem(key);
    if (keyProblem)
      ctx.error(
        at('annotations', key),
        keyProblem.replace('label key', 'annotation key'),
        'Use a valid annotation key',
        'key',
      );
  }
  checkTaints(ctx, at('taints'), pool.taints);
  checkTaints(ctx, at('startupTaints'), pool.startupTaints);

  for (const [resource, quantity] of Object.entries(pool.limits ?? {})) {
    const keyProblem = labelKeyProblem(resource);
    if (keyProblem)
      ctx.error(
        at('limits', resource),
        keyProblem.replace('label key', 'resource name'),
        'Use cpu, memory or a resource such as nvidia.com/gpu',
        'key',
      );
    if (!QUANTITY.test(String(quantity))) {
      ctx.error(
        at('limits', resource),
        `'${show(String(quantity))}' is not a Kubernetes quantity`,
        'Write e.g. 100, 500m or 400Gi',
      );
    }
  }

  const duration = (path: PathSegment[], value: string | undefined, rule: DurationRule) => {
    if (value === undefined) return;
    const problem = durationProblem(value, rule);
    if (problem) ctx.error(path, problem.message, problem.fix);
  };
  duration(at('disruption', 'consolidateAfter'), pool.disruption?.consolidateAfter, { allowNever: true });
  duration(at('expireAfter'), pool.expireAfter, { allowNever: true });
  duration(at('terminationGracePeriod'), pool.terminationGracePeriod, { allowNever: false });
  (pool.disruption?.budgets ?? []).forEach((b, i) => {
    const nodes = String(b.nodes);
    if (!BUDGET_NODES.test(nodes)) {
      ctx.error(
        at('disruption', 'budgets', i, 'nodes'),
        `'${show(nodes)}' is not a node count or percentage`,
        'Write a whole number (e.g. 0 or 5) or a percentage (e.g. 10%)',
      );
    }
    if (b.schedule !== undefined && b.duration === undefined) {
      ctx.error(
        at('disruption', 'budgets', i, 'schedule'),
        'a budget with a schedule needs a duration',
        'Add duration (e.g. 8h): how long the budget applies after each scheduled start',
        'key',
      );
    }
    if (b.duration !== undefined && b.schedule === undefined) {
      ctx.error(
        at('disruption', 'budgets', i, 'duration'),
        'a budget with a duration needs a schedule',
        'Add schedule (a cron expression such as "0 9 * * mon-fri")',
        'key',
      );
    }
    duration(at('disruption', 'budgets', i, 'duration'), b.duration, {
      allowNever: false,
      hoursAndMinutesOnly: true,
    });
    // The schedule itself is parsed as Karpenter parses it in check-disruption.ts.
  });
}

function checkTaints(ctx: CheckContext, path: PathSegment[], taints: readonly RawTaint[] | undefined): void {
  (taints ?? []).forEach((t, i) => {
    const keyProblem = labelKeyProblem(t.key);
    if (keyProblem)
      ctx.error(
        [...path, i, 'key'],
        keyProblem.replace('label key', 'taint key'),
        'Use a valid taint key such as example.com/dedicated',
      );
    if (t.value !== undefined) {
      // Karpenter's NodePool schema wants a non-empty qualified name as a taint value.
      const valueProblem = t.value === '' ? 'an empty taint value is not accepted' : labelKeyProblem(t.value);
      if (valueProblem)
        ctx.error(
          [...path, i, 'value'],
          valueProblem.replace('label key', 'taint value'),
          t.value === ''
            ? 'Remove value (a taint may have only a key and an effect)'
            : 'Use a short value without spaces',
        );
    }
  });
}
