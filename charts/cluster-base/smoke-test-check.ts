/**
 * Reports node pools whose smoke test (`smokeTest: true`) could never run a pod, so the
 * user learns it at synth time instead of staring at a Pending pod:
 *
 * - errors: the pool's limits leave no room for one smoke pod (e.g. `limits.cpu: "0"`), or
 *   the pool only launches Windows nodes (the smoke pod is a Linux pod);
 * - warnings: the pool has startup taints, which the smoke pods deliberately do not
 *   tolerate: they schedule only once the agent that owns the taint removes it.
 *
 * Taints (`taints`) never make it unschedulable: the Deployment tolerates each one exactly
 * (`Equal` with the value, or `Exists` for a taint without value).
 */
import {
  Diagnostic,
  ClusterModel,
  NodePoolModel,
  LABELS,
  parseQuantity,
  SMOKE_TEST_REQUESTS,
} from '../../model';

const NEEDED: ReadonlyArray<{ resource: string; amount: number; text: string }> = [
  {
    resource: 'cpu',
    amount: SMOKE_TEST_REQUESTS.cpuMillis / 1000,
    text: `${SMOKE_TEST_REQUESTS.cpuMillis}m`,
  },
  {
    resource: 'memory',
    amount: SMOKE_TEST_REQUESTS.memoryMebibytes * 2 ** 20,
    text: `${SMOKE_TEST_REQUESTS.memoryMebibytes}Mi`,
  },
  { resource: 'pods', amount: 1, text: '1' },
];

export function smokeTestDiagnostics(cluster: ClusterModel): Diagnostic[] {
  return cluster.nodePools.filter((p) => p.smokeTest).flatMap((pool) => poolDiagnostics(pool));
}

function poolDiagnostics(pool: NodePoolModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (field: string, severity: Diagnostic['severity'], message: string, fix: string): Diagnostic => ({
    severity,
    file: pool.source.file,
    line: pool.source.line,
    col: pool.source.col,
    path: `nodePools.${pool.name}.${field}`,
    message,
    fix,
  });
  for (const need of NEEDED) {
    const limit = pool.limits[need.resource];
    const value = limit === undefined ? undefined : parseQuantity(limit);
    if (value !== undefined && value < need.amount) {
      out.push(
        at(
          `limits.${need.resource}`,
          'error',
          `the smoke test needs ${need.text} ${need.resource} but the pool's limit is ${limit}, so its pod can never be scheduled`,
          `Raise limits.${need.resource} to at least ${need.text} or set smokeTest: false`,
        ),
      );
    }
  }
  if (onlyWindows(pool)) {
    out.push(
      at(
        'requirements',
        'error',
        'the pool only launches Windows nodes but the smoke test is a Linux pod, so it can never be scheduled',
        'Set smokeTest: false on this pool',
      ),
    );
  }
  for (const taint of pool.startupTaints) {
    out.push(
      at(
        'startupTaints',
        'warning',
        `the smoke pods do not tolerate the startup taint ${taint.key}:${taint.effect}; they stay Pending until whatever owns it removes it from the node`,
        'Make sure the agent that removes the startup taint runs on this pool',
      ),
    );
  }
  return out;
}

function onlyWindows(pool: NodePoolModel): boolean {
  return pool.requirements.some(
    (r) =>
      r.key === LABELS.os &&
      ((r.operator === 'In' && (r.values ?? []).length > 0 && !(r.values ?? []).includes('linux')) ||
        (r.operator === 'NotIn' && (r.values ?? []).includes('linux'))),
  );
}
