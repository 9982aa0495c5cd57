/**
 * The Kubernetes resources the promotion gate reads, defined once: the kube reader lists them,
 * the generated ClusterRole grants exactly these (read-only), and the tests' fake API serves them.
 * Group and version are those of the pinned CRDs (Argo CD 3.5.1 `argoproj.io/v1alpha1`,
 * Karpenter v1 `karpenter.sh/v1` and `karpenter.k8s.aws/v1`).
 */

export interface KubeResource {
  readonly group: string;
  readonly version: string;
  /** Lower-case plural, as in the API path and in RBAC rules. */
  readonly plural: string;
  readonly kind: string;
  /** Where the resource lives: the Argo CD management cluster or each workload cluster. */
  readonly cluster: 'management' | 'workload';
  readonly namespaced: boolean;
}

export const APPLICATIONS: KubeResource = {
  group: 'argoproj.io',
  version: 'v1alpha1',
  plural: 'applications',
  kind: 'Application',
  cluster: 'management',
  namespaced: true,
};

export const NODE_POOLS: KubeResource = {
  group: 'karpenter.sh',
  version: 'v1',
  plural: 'nodepools',
  kind: 'NodePool',
  cluster: 'workload',
  namespaced: false,
};

export const NODE_CLAIMS: KubeResource = {
  group: 'karpenter.sh',
  version: 'v1',
  plural: 'nodeclaims',
  kind: 'NodeClaim',
  cluster: 'workload',
  namespaced: false,
};

export const EC2_NODE_CLASSES: KubeResource = {
  group: 'karpenter.k8s.aws',
  version: 'v1',
  plural: 'ec2nodeclasses',
  kind: 'EC2NodeClass',
  cluster: 'workload',
  namespaced: false,
};

/** Every resource the gate reads, in the order the RBAC lists them. */
export const GATE_RESOURCES: readonly KubeResource[] = [
  APPLICATIONS,
  NODE_POOLS,
  EC2_NODE_CLASSES,
  NODE_CLAIMS,
];

/** The verbs the gate needs: read-only. `watch` is granted for tools that follow the same objects. */
export const GATE_VERBS = ['get', 'list', 'watch'] as const;

/** The API path of a resource collection, e.g. `/apis/karpenter.sh/v1/nodepools`. */
export function collectionPath(resource: KubeResource, namespace?: string): string {
  const ns = resource.namespaced && namespace !== undefined ? `/namespaces/${namespace}` : '';
  return `/apis/${resource.group}/${resource.version}${ns}/${resource.plural}`;
}
