/**
 * Names of the Argo CD objects the tool generates. One Argo CD usually serves the whole
 * fleet, and Application names are unique per Argo CD namespace, so every Application
 * carries its cluster's name as a prefix: `ticketing-karpenter`, `ticketing-karpenter-crd`...
 * The suffixes are distinct and none ends another, so distinct cluster names always give
 * distinct Application names.
 */
import { ClusterModel } from '../../model';

/** The Applications of one cluster, by role (also the file name: `application-<role>.yaml`). */
export const APPLICATION_ROLES = ['base', 'crd', 'controller', 'nodepools', 'aws'] as const;
export type ApplicationRole = (typeof APPLICATION_ROLES)[number];

const SUFFIX: Readonly<Record<ApplicationRole | 'root', string>> = {
  base: '-karpenter-base',
  crd: '-karpenter-crd',
  controller: '-karpenter',
  nodepools: '-karpenter-nodepools',
  /** The AWS side as objects Argo CD syncs (`aws.managedBy: ack`). */
  aws: '-karpenter-aws',
  root: '-karpenter-root',
};

export function applicationName(cluster: Pick<ClusterModel, 'name'>, role: ApplicationRole | 'root'): string {
  return `${cluster.name}${SUFFIX[role]}`;
}

/** AppProject of the root Applications (one per Argo CD namespace); cluster projects may not use this name. */
export const FLEET_PROJECT = 'karpenter-gitops';

/** Helm release names: the upstream defaults, so the chart's objects keep their documented names. */
export const RELEASE_NAMES = { crd: 'karpenter-crd', controller: 'karpenter' } as const;

/** The `ref` of the GitOps source that the controller Application reads its values file through. */
export const VALUES_REF = 'values';
