/**
 * Values of the Karpenter controller chart for one cluster: what the tool sets from the
 * fleet description, then the user's `karpenter.helmValues` deep-merged on top.
 *
 * Every key set here exists in the chart (test/charts/helm-values checks them against the
 * generated imports/karpenter-chart-v1.14.1/values-keys.ts). Objects are built in a fixed
 * key order and free-form maps are sorted, so the same cluster always gives the same text.
 */
import { LABELS, ClusterModel, TolerationModel, sortedRecord } from '../../model';
import { arnBuilder } from '../../policies/partition';
import { deepMergeValues, HelmValuesMap } from './deep-merge';

/** Annotation EKS reads to give a service account an IAM role through IRSA. */
export const IRSA_ROLE_ANNOTATION = 'eks.amazonaws.com/role-arn';

/** Toleration every controller gets: EKS system node groups are commonly tainted with it. */
export const CRITICAL_ADDONS_TOLERATION: ControllerToleration = {
  key: 'CriticalAddonsOnly',
  operator: 'Exists',
};

/** The chart's PodDisruptionBudget name (its default, kept explicit). */
export const CONTROLLER_PDB_NAME = 'karpenter';

export interface ControllerToleration {
  readonly key?: string;
  readonly operator: 'Exists' | 'Equal';
  readonly value?: string;
  readonly effect?: string;
}

export interface NodeSelectorRequirement {
  readonly key: string;
  readonly operator: 'DoesNotExist' | 'Exists' | 'In' | 'NotIn';
  readonly values?: readonly string[];
}

export interface TopologySpreadConstraint {
  readonly maxSkew: number;
  readonly topologyKey: string;
  readonly whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
}

/** The chart values the tool sets (a subset of the chart's keys). */
export interface KarpenterControllerValues {
  readonly settings: {
    readonly clusterName: string;
    /** Omitted: Karpenter discovers the endpoint at startup. */
    readonly clusterEndpoint?: string;
    /** The SQS queue NAME (not its ARN or URL). */
    readonly interruptionQueue: string;
    /** Only when the cluster opted into zonal shift (`iam.zonalShift`). */
    readonly enableZonalShift?: boolean;
    /** Only the gates the user set, sorted. */
    readonly featureGates?: Readonly<Record<string, boolean>>;
  };
  readonly logLevel: string;
  readonly serviceAccount: {
    readonly create: boolean;
    readonly name: string;
    /** Only for IRSA: the controller role's ARN. EKS Pod Identity needs no annotation. */
    readonly annotations?: Readonly<Record<string, string>>;
  };
  readonly replicas: number;
  readonly controller: {
    readonly resources: {
      readonly requests: Readonly<Record<string, string>>;
      readonly limits: Readonly<Record<string, string>>;
    };
  };
  readonly priorityClassName: string;
  readonly podDisruptionBudget: { readonly name: string; readonly maxUnavailable: number };
  readonly nodeSelector: Readonly<Record<string, string>>;
  readonly affinity: {
    readonly nodeAffinity: {
      readonly requiredDuringSchedulingIgnoredDuringExecution: {
        readonly nodeSelectorTerms: readonly {
          readonly matchExpressions: readonly NodeSelectorRequirement[];
        }[];
      };
    };
    readonly podAntiAffinity: {
      readonly requiredDuringSchedulingIgnoredDuringExecution: readonly { readonly topologyKey: string }[];
    };
  };
  readonly tolerations: readonly ControllerToleration[];
  /** `[]` when spreading is off, so the chart's default constraint does not apply either. */
  readonly topologySpreadConstraints: readonly TopologySpreadConstraint[];
}

/** ARN of the controller role: `arn:<partition>:iam::<account>:role<path><name>`. */
export function controllerRoleArn(cluster: ClusterModel): string {
  return arnBuilder(cluster.aws).role(cluster.iam.controllerRoleName, cluster.iam.path);
}

/** The values the tool sets for `cluster`, before the user's helmValues. */
export function karpenterControllerValues(cluster: ClusterModel): KarpenterControllerValues {
  const k = cluster.karpenter;
  const c = k.controller;
  const gates = Object.keys(k.featureGates).length > 0 ? sortedRecord(k.featureGates) : undefined;
  return {
    settings: {
      clusterName: cluster.name,
      ...(k.clusterEndpoint !== undefined ? { clusterEndpoint: k.clusterEndpoint } : {}),
      interruptionQueue: k.interruptionQueue.name,
      ...(cluster.iam.zonalShift ? { enableZonalShift: true } : {}),
      ...(gates ? { featureGates: gates } : {}),
    },
    logLevel: c.logLevel,
    serviceAccount: {
      create: true,
      name: k.serviceAccount,
      ...(cluster.iam.identity.type === 'irsa'
        ? { annotations: { [IRSA_ROLE_ANNOTATION]: controllerRoleArn(cluster) } }
        : {}),
    },
    replicas: c.replicas,
    controller: {
      resources: { requests: sortedRecord(c.resources.requests), limits: sortedRecord(c.resources.limits) },
    },
    priorityClassName: c.priorityClassName,
    podDisruptionBudget: { name: CONTROLLER_PDB_NAME, maxUnavailable: c.pdbMaxUnavailable },
    nodeSelector: sortedRecord({ [LABELS.os]: 'linux', ...c.nodeSelector }),
    affinity: {
      // Never on a node Karpenter launched: the controller would be consolidating its own node.
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: LABELS.nodePool, operator: 'DoesNotExist' }] }],
        },
      },
      // One replica per node (the chart adds the pod label selector).
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: LABELS.hostname }] },
    },
    tolerations: controllerTolerations(c.tolerations),
    topologySpreadConstraints: c.topologySpread
      ? [{ maxSkew: 1, topologyKey: LABELS.zone, whenUnsatisfiable: 'DoNotSchedule' }]
      : [],
  };
}

/** CriticalAddonsOnly first, then the user's tolerations in their order, without duplicates. */
function controllerTolerations(user: readonly TolerationModel[]): ControllerToleration[] {
  const out: ControllerToleration[] = [CRITICAL_ADDONS_TOLERATION];
  const seen = new Set([JSON.stringify(CRITICAL_ADDONS_TOLERATION)]);
  for (const t of user) {
    const toleration: ControllerToleration = {
      ...(t.key !== undefined ? { key: t.key } : {}),
      operator: t.operator,
      ...(t.value !== undefined ? { value: t.value } : {}),
      ...(t.effect !== undefined ? { effect: t.effect } : {}),
    };
    const id = JSON.stringify(toleration);
    if (!seen.has(id)) {
      seen.add(id);
      out.push(toleration);
    }
  }
  return out;
}

/** The final values file content: generated values with `karpenter.helmValues` merged on top. */
export function karpenterValues(cluster: ClusterModel): HelmValuesMap {
  const generated = karpenterControllerValues(cluster) as unknown as HelmValuesMap;
  return deepMergeValues(generated, cluster.karpenter.helmValues);
}
