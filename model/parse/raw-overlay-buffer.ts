/**
 * The NodeOverlay, CapacityBuffer and PodTemplate entries of a cluster file as written
 * (schema passed, nothing defaulted). Field names are Karpenter's (and Kubernetes') own.
 */
import { CapacityBufferStrategy, RequirementOperator } from '../facts/constants';

type Dict<T> = Readonly<Record<string, T>>;

/** One entry of `nodeOverlays:` (a `karpenter.sh/v1alpha1` NodeOverlay). */
export interface RawNodeOverlay {
  readonly requirements: readonly {
    readonly key: string;
    readonly operator: RequirementOperator;
    readonly values?: readonly string[];
  }[];
  readonly price?: string | number;
  readonly priceAdjustment?: string;
  readonly capacity?: Dict<string | number>;
  readonly weight?: number;
}

/** One entry of `capacityBuffers:` (an `autoscaling.x-k8s.io/v1beta1` CapacityBuffer). */
export interface RawCapacityBuffer {
  readonly namespace?: string;
  readonly podTemplateRef?: { readonly name: string; readonly existing?: boolean };
  readonly scalableRef?: { readonly apiGroup?: string; readonly kind: string; readonly name: string };
  readonly replicas?: number;
  readonly percentage?: number;
  readonly limits?: Dict<string | number>;
  readonly provisioningStrategy?: CapacityBufferStrategy;
}

/** One entry of `podTemplates:` (a core/v1 PodTemplate generated for capacity buffers). */
export interface RawPodTemplate {
  readonly namespace?: string;
  readonly labels?: Dict<string>;
  readonly annotations?: Dict<string>;
  readonly template: {
    readonly metadata?: { readonly labels?: Dict<string>; readonly annotations?: Dict<string> };
    readonly spec: RawPodSpec;
  };
}

export interface RawContainer {
  readonly name: string;
  readonly image: string;
  readonly resources?: {
    readonly requests?: Dict<string | number>;
    readonly limits?: Dict<string | number>;
  };
  readonly ports?: readonly {
    readonly name?: string;
    readonly containerPort: number;
    readonly hostPort?: number;
    readonly protocol?: 'TCP' | 'UDP' | 'SCTP';
  }[];
}

/** The scheduling-relevant part of a pod spec the fleet format accepts (see fleet-schema-capacity-buffer.ts). */
export interface RawPodSpec {
  readonly containers: readonly RawContainer[];
  readonly initContainers?: readonly Omit<RawContainer, 'ports'>[];
  readonly nodeSelector?: Dict<string>;
  readonly affinity?: {
    readonly nodeAffinity?: {
      readonly requiredDuringSchedulingIgnoredDuringExecution?: {
        readonly nodeSelectorTerms: readonly {
          readonly matchExpressions?: readonly {
            readonly key: string;
            readonly operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';
            readonly values?: readonly string[];
          }[];
        }[];
      };
    };
  };
  readonly tolerations?: readonly {
    readonly key?: string;
    readonly operator?: 'Exists' | 'Equal';
    readonly value?: string;
    readonly effect?: string;
    readonly tolerationSeconds?: number;
  }[];
  readonly priorityClassName?: string;
  readonly runtimeClassName?: string;
  readonly hostNetwork?: boolean;
}
