/**
 * The read-only RBAC the promotion gate needs, as a ClusterRole (`promote --print-rbac`): on the
 * Argo CD management cluster it reads Applications (bind it with a RoleBinding in the Argo CD
 * namespace to keep it to that namespace), on each workload cluster NodePools, EC2NodeClasses and
 * NodeClaims (bind it with a ClusterRoleBinding: they are cluster-scoped). Built from the same
 * resource list the reader uses, so the two cannot drift apart.
 */
import { stringify } from 'yaml';
import { MANAGED_BY, TAGS } from '../model';
import { GATE_RESOURCES, GATE_VERBS } from './kube-resources';

export const GATE_CLUSTER_ROLE = 'karpenter-gitops-promote-gate';

export function gateClusterRole(): Record<string, unknown> {
  const groups = [...new Set(GATE_RESOURCES.map((r) => r.group))];
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: GATE_CLUSTER_ROLE, labels: { [TAGS.managedBy]: MANAGED_BY } },
    rules: groups.map((group) => ({
      apiGroups: [group],
      resources: GATE_RESOURCES.filter((r) => r.group === group).map((r) => r.plural),
      verbs: [...GATE_VERBS],
    })),
  };
}

/** The ClusterRole as YAML with a comment saying how to bind it. */
export function gateRbacYaml(): string {
  return [
    `# Read-only access for \`karpenter-gitops promote\`'s landed gate (get, list, watch; nothing else).`,
    '# Apply on the Argo CD management cluster and on every workload cluster of the rings; bind it to',
    '# the identity the promotion runs as: a RoleBinding in the Argo CD namespace on the management',
    '# cluster (Applications), a ClusterRoleBinding on workload clusters (Karpenter objects).',
    stringify(gateClusterRole()).trimEnd(),
    '',
  ].join('\n');
}
