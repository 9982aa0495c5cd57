/**
 * The opt-in smoke test of a node pool (`smokeTest: true`): a Deployment of pause
 * containers pinned to the pool (nodeSelector `karpenter.sh/nodepool: <pool>`, tolerating
 * the pool's taints) with zero replicas, and a PodDisruptionBudget. Scaling it up proves
 * that the pool launches nodes:
 *
 *   kubectl -n karpenter-smoke-test scale deployment/smoke-test-<pool> --replicas=1
 *
 * cdk8s-plus-30 Deployment with every name and label explicit (no construct-hash names,
 * no `cdk8s.io/metadata.addr` selector), plus the PDB as a typed k8s object.
 */
import { ApiObject, Duration, JsonPatch, Size } from 'cdk8s';
import type { TaintEffect } from 'cdk8s-plus-30';
import { Construct } from 'constructs';
import {
  ARGOCD_ANNOTATIONS,
  LABELS,
  MANAGED_BY,
  NAMESPACES,
  SMOKE_TEST_REQUESTS,
  SYNC_WAVES,
  TAGS,
  NodePoolModel,
  TaintModel,
} from '../../model';
import { cdk8sPlus } from './cdk8s-plus';

/** Pause image, pinned by tag (multi-arch: amd64 and arm64 pools both run it). */
export const PAUSE_IMAGE = 'registry.k8s.io/pause:3.10';
/** UID/GID the pause image runs as. */
export const PAUSE_USER = 65535;

/** What each smoke-test pod requests: enough to need real capacity, small enough for any instance type. */

export const SMOKE_TEST_APP = 'karpenter-smoke-test';

export function smokeTestName(pool: string): string {
  return `smoke-test-${pool}`;
}

/** Labels of the smoke-test pods of `pool`, also the Deployment's and PDB's selector. */
export function smokeTestSelector(pool: string): Record<string, string> {
  return { 'app.kubernetes.io/instance': pool, 'app.kubernetes.io/name': SMOKE_TEST_APP };
}

export interface SmokeTestProps {
  readonly pool: NodePoolModel;
  /**
   * Namespace of the Deployment and PDB.
   * @default NAMESPACES.smokeTest
   */
  readonly namespace?: string;
}

/** cdk8s-plus-30's taint effect of a pool taint (cdk8s-plus-30 is loaded on first use: ./cdk8s-plus.ts). */
function effectOf(effect: TaintModel['effect']): TaintEffect {
  const { TaintEffect: Effect } = cdk8sPlus();
  const effects: Readonly<Record<TaintModel['effect'], TaintEffect>> = {
    NoSchedule: Effect.NO_SCHEDULE,
    PreferNoSchedule: Effect.PREFER_NO_SCHEDULE,
    NoExecute: Effect.NO_EXECUTE,
  };
  return effects[effect];
}

export class SmokeTest extends Construct {
  public readonly deployment: ApiObject;
  public readonly podDisruptionBudget: ApiObject;

  constructor(scope: Construct, id: string, props: SmokeTestProps) {
    super(scope, id);
    const {
      Capability,
      Cpu,
      Deployment,
      ImagePullPolicy,
      k8s,
      LabelSelector,
      Node,
      NodeTaintQuery,
      Pod,
      RestartPolicy,
      SeccompProfileType,
    } = cdk8sPlus();
    const pool = props.pool;
    const namespace = props.namespace ?? NAMESPACES.smokeTest;
    const name = smokeTestName(pool.name);
    const selector = smokeTestSelector(pool.name);
    const metadata = {
      name,
      namespace,
      labels: { ...selector, [TAGS.managedBy]: MANAGED_BY },
      annotations: { [ARGOCD_ANNOTATIONS.syncWave]: SYNC_WAVES.smokeTest },
    };

    const deployment = new Deployment(this, 'deployment', {
      metadata,
      replicas: 0,
      select: false,
      spread: false,
      podMetadata: { labels: { ...selector } },
      automountServiceAccountToken: false,
      restartPolicy: RestartPolicy.ALWAYS,
      terminationGracePeriod: Duration.seconds(0),
      securityContext: { ensureNonRoot: true, user: PAUSE_USER, group: PAUSE_USER },
      containers: [
        {
          name: 'pause',
          image: PAUSE_IMAGE,
          imagePullPolicy: ImagePullPolicy.IF_NOT_PRESENT,
          resources: {
            cpu: { request: Cpu.millis(SMOKE_TEST_REQUESTS.cpuMillis) },
            memory: {
              request: Size.mebibytes(SMOKE_TEST_REQUESTS.memoryMebibytes),
              limit: Size.mebibytes(SMOKE_TEST_REQUESTS.memoryMebibytes),
            },
          },
          securityContext: {
            ensureNonRoot: true,
            user: PAUSE_USER,
            group: PAUSE_USER,
            privileged: false,
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: [Capability.ALL] },
            seccompProfile: { type: SeccompProfileType.RUNTIME_DEFAULT },
          },
        },
      ],
    });
    deployment.select(LabelSelector.of({ labels: selector }));
    for (const taint of pool.taints) {
      const options = { effect: effectOf(taint.effect) };
      deployment.scheduling.tolerate(
        Node.tainted(
          taint.value !== undefined
            ? NodeTaintQuery.is(taint.key, taint.value, options)
            : NodeTaintQuery.exists(taint.key, options),
        ),
      );
    }
    this.deployment = ApiObject.of(deployment);
    this.deployment.addJsonPatch(
      JsonPatch.add('/spec/template/spec/nodeSelector', { [LABELS.nodePool]: pool.name }),
      // cdk8s-plus labels every pod with a construct-path hash; the selector above does not use it.
      JsonPatch.remove(`/spec/template/metadata/labels/${Pod.ADDRESS_LABEL.replace('/', '~1')}`),
    );

    this.podDisruptionBudget = new k8s.KubePodDisruptionBudget(this, 'pdb', {
      metadata,
      spec: { maxUnavailable: k8s.IntOrString.fromNumber(1), selector: { matchLabels: selector } },
    });
  }
}
