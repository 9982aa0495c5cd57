/**
 * Checks a cluster's `karpenter.helmValues` (extra values for the Karpenter controller
 * chart) before they are merged over the generated values. Refused, each with the fix:
 *
 * - keys the chart removed (`webhook.*` in 1.1, `settings.aws.*`, `logConfig.*` ...), naming
 *   the replacement;
 * - keys the tool sets from the fleet description (`settings.clusterName`, the IRSA
 *   annotation ...), naming the fleet field to set instead;
 * - keys the chart does not have (with a did-you-mean), and values of the wrong shape
 *   (`replicas: "2"`, `settings.isolatedVPC: "false"` which Helm would treat as true).
 *
 * The chart's keys come from the generated `imports/karpenter-chart-v1.14.1/values-keys.ts`.
 * Karpenter 1.0.x clusters are checked against the same keys: keys newer than their chart
 * are accepted (the 1.0 chart ignores them), removed keys are refused for every version.
 */
import {
  ChartValueType,
  KARPENTER_CHART_VALUES_KEYS,
  KARPENTER_CHART_VALUES_VERSION,
} from '../../imports/karpenter-chart-v1.14.1/values-keys';
import { didYouMean } from '../shared/did-you-mean';
import { REMOVED_VALUES, RemovedValue } from '../facts/helm-values-removed';

/** One problem, `path` relative to `karpenter.helmValues` (map keys as written, may contain dots). */
export interface HelmValuesProblem {
  readonly path: readonly string[];
  /** What is wrong, a sentence without trailing period. */
  readonly message: string;
  /** How to fix it, a sentence without trailing period. */
  readonly fix: string;
}

/** The keys of one chart version: the shipped one, or an imported chart's (`karpenter-gitops import`). */
export interface ChartKeys {
  readonly version: string;
  readonly keys: ReadonlyMap<string, ChartValueType>;
}

/** The keys of the chart version the tool ships. */
export const SHIPPED_CHART_KEYS: ChartKeys = {
  version: KARPENTER_CHART_VALUES_VERSION,
  keys: new Map(Object.entries(KARPENTER_CHART_VALUES_KEYS) as Array<[string, ChartValueType]>),
};

/** A chart value the tool writes itself, and the fleet-description field that controls it. */
export interface ManagedHelmValue {
  /** Path in the chart values. */
  readonly path: readonly string[];
  /** Field of `clusters/<cluster>.yaml` to set instead. */
  readonly field: string;
}

/** Values the tool generates from the fleet description; helmValues may not set them. */
export const MANAGED_HELM_VALUES: readonly ManagedHelmValue[] = [
  { path: ['settings', 'clusterName'], field: '`name` (the cluster name, default: the file name)' },
  { path: ['settings', 'interruptionQueue'], field: '`karpenter.interruptionQueue.name`' },
  { path: ['settings', 'clusterEndpoint'], field: '`karpenter.clusterEndpoint`' },
  { path: ['settings', 'featureGates'], field: '`karpenter.featureGates`' },
  { path: ['settings', 'enableZonalShift'], field: '`iam.zonalShift` (it also grants the IAM permissions)' },
  { path: ['serviceAccount', 'name'], field: '`karpenter.serviceAccount`' },
  {
    path: ['serviceAccount', 'annotations', 'eks.amazonaws.com/role-arn'],
    field: '`iam.identity: irsa` with `iam.oidcProviderArn` (the role is `iam.controllerRoleName`)',
  },
  { path: ['logLevel'], field: '`karpenter.controller.logLevel`' },
  { path: ['replicas'], field: '`karpenter.controller.replicas`' },
  { path: ['controller', 'resources'], field: '`karpenter.controller.resources`' },
  { path: ['priorityClassName'], field: '`karpenter.controller.priorityClassName`' },
  { path: ['podDisruptionBudget', 'maxUnavailable'], field: '`karpenter.controller.pdbMaxUnavailable`' },
  { path: ['tolerations'], field: '`karpenter.controller.tolerations`' },
  { path: ['nodeSelector'], field: '`karpenter.controller.nodeSelector`' },
];

/** Problems of `values` against `chart`'s keys. @param chart @default SHIPPED_CHART_KEYS */
export function checkHelmValues(values: unknown, chart: ChartKeys = SHIPPED_CHART_KEYS): HelmValuesProblem[] {
  const problems: HelmValuesProblem[] = [];
  if (values === undefined || values === null) return problems;
  if (!isMapping(values)) {
    problems.push({
      path: [],
      message: `must be a map of chart values, not ${describe(values)}`,
      fix: 'Write helmValues as a YAML map, e.g. `helmValues: { settings: { batchMaxDuration: 15s } }`',
    });
    return problems;
  }
  walk(values, [], problems, chart);
  return problems;
}

function walk(
  node: Readonly<Record<string, unknown>>,
  parent: readonly string[],
  problems: HelmValuesProblem[],
  chart: ChartKeys,
): void {
  for (const key of Object.keys(node).sort()) {
    const path = [...parent, key];
    const value = node[key];
    const removed = REMOVED_VALUES.find((r) => startsWith(path, r.path));
    if (removed) {
      const deeper = REMOVED_VALUES.some((r) => r.path.length > path.length && startsWith(r.path, path));
      // e.g. `settings.aws` given as a map: report each child with its own replacement.
      if (deeper && isMapping(value) && Object.keys(value).length > 0) walkRemoved(value, path, problems);
      else problems.push({ path, message: removed.message, fix: removed.fix });
      continue;
    }
    const managed = MANAGED_HELM_VALUES.find((m) => startsWith(path, m.path));
    if (managed) {
      // A removed key inside a managed block (settings.featureGates.drift) gets its own message.
      const children = isMapping(value) ? Object.keys(value).sort() : [];
      const removedChildren = children.filter((k) =>
        REMOVED_VALUES.some((r) => startsWith([...path, k], r.path)),
      );
      for (const k of removedChildren) {
        const r = REMOVED_VALUES.find((x) => startsWith([...path, k], x.path)) as RemovedValue;
        problems.push({ path: [...path, k], message: r.message, fix: r.fix });
      }
      if (removedChildren.length === 0 || removedChildren.length < children.length) {
        problems.push(managedProblem(path, managed));
      }
      continue;
    }
    const dotted = path.join('.');
    const type = chart.keys.get(dotted);
    if (type === undefined) {
      problems.push(unknownKey(path, chart));
      continue;
    }
    if (value === null) continue; // Helm's way of deleting a chart default.
    const shape = shapeProblem(type, value);
    if (shape) {
      problems.push({ path, message: `must be ${shape.expected}, not ${describe(value)}`, fix: shape.fix });
      continue;
    }
    if (type === 'object') {
      walk(value as Record<string, unknown>, path, problems, chart);
      // A managed child inside an object the user set is reported by the recursion.
    } else if (type === 'map') {
      // Free-form map: only a managed entry inside it is refused (the IRSA annotation).
      for (const m of MANAGED_HELM_VALUES) {
        const child = m.path[path.length];
        if (
          m.path.length === path.length + 1 &&
          startsWith(m.path, path) &&
          Object.hasOwn(value as object, child)
        ) {
          problems.push(managedProblem(m.path, m));
        }
      }
    }
  }
}

function managedProblem(path: readonly string[], managed: ManagedHelmValue): HelmValuesProblem {
  return {
    path,
    message: `${managed.path.join('.')} is set by the tool from the fleet description`,
    fix: `Remove it from helmValues and set ${managed.field} instead`,
  };
}

function walkRemoved(
  node: Readonly<Record<string, unknown>>,
  parent: readonly string[],
  problems: HelmValuesProblem[],
): void {
  for (const key of Object.keys(node).sort()) {
    const path = [...parent, key];
    const r = REMOVED_VALUES.find((x) => startsWith(path, x.path));
    if (r) problems.push({ path, message: r.message, fix: r.fix });
    else if (isMapping(node[key])) walkRemoved(node[key] as Record<string, unknown>, path, problems);
  }
}

function unknownKey(path: readonly string[], chart: ChartKeys): HelmValuesProblem {
  const dotted = path.join('.');
  const parent = path.slice(0, -1).join('.');
  const key = path[path.length - 1];
  const where = parent ? `under ${parent}` : 'at the top level';
  const message = `'${key}' is not a value of the Karpenter ${chart.version} chart ${where}`;
  const suggestion = suggest(path, chart);
  if (suggestion) {
    const managed = MANAGED_HELM_VALUES.find((m) => m.path.join('.') === suggestion);
    const fix = managed
      ? `Did you mean ${suggestion}? The tool sets it from ${managed.field}; set that and remove this key`
      : `Did you mean ${suggestion}?`;
    return { path, message, fix };
  }
  const siblings = [...chart.keys.keys()]
    .filter((k) => (parent ? k.startsWith(`${parent}.`) : true) && k.split('.').length === path.length)
    .map((k) => k.split('.').pop() as string);
  return {
    path,
    message,
    fix: `Remove ${dotted}; the chart's keys ${where} are: ${siblings.join(', ')}`,
  };
}

/** The closest real key: a sibling with a similar name, or the same name elsewhere in the tree. */
function suggest(path: readonly string[], chart: ChartKeys): string | undefined {
  const key = path[path.length - 1];
  const parent = path.slice(0, -1).join('.');
  const siblings = [...chart.keys.keys()].filter(
    (k) => k.split('.').length === path.length && (parent === '' || k.startsWith(`${parent}.`)),
  );
  const byName = new Map(siblings.map((k) => [k.split('.').pop() as string, k]));
  const close = didYouMean(key, [...byName.keys()]);
  if (close !== undefined) return byName.get(close);
  // Same key written at the wrong level, e.g. `isolatedVPC` at the top instead of under settings.
  const elsewhere = [...chart.keys.keys()].filter(
    (k) => (k.split('.').pop() as string).toLowerCase() === key.toLowerCase(),
  );
  return elsewhere.length === 1 ? elsewhere[0] : undefined;
}

function shapeProblem(type: ChartValueType, value: unknown): { expected: string; fix: string } | undefined {
  switch (type) {
    case 'any':
      return undefined;
    case 'object':
    case 'map':
      return isMapping(value) ? undefined : { expected: 'a map', fix: 'Write it as a YAML map of keys' };
    case 'list':
      return Array.isArray(value) ? undefined : { expected: 'a list', fix: 'Write it as a YAML list' };
    case 'string':
      return typeof value === 'string'
        ? undefined
        : { expected: 'a string', fix: `Quote it: "${typeof value === 'object' ? '...' : String(value)}"` };
    case 'number':
      return typeof value === 'number'
        ? undefined
        : { expected: 'a number', fix: 'Write it unquoted, e.g. 2 rather than "2"' };
    case 'boolean':
      return typeof value === 'boolean'
        ? undefined
        : {
            expected: 'true or false',
            fix: 'Write true or false unquoted (a quoted "false" is a non-empty string, which Helm treats as true)',
          };
  }
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  if (typeof v === 'string') return `the string "${v}"`;
  return `${typeof v} ${String(v)}`;
}
