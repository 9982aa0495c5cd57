/**
 * Where every generated file goes, relative to `dist/`. Generators, the validator, the
 * impact report and Argo CD Applications all take paths from here.
 *
 *   dist/<cluster>/karpenter/ec2nodeclass-<name>.yaml   one EC2NodeClass per file
 *   dist/<cluster>/karpenter/nodepool-<name>.yaml       one NodePool per file
 *   dist/<cluster>/values/karpenter.yaml                Helm values of the controller chart
 *   dist/<cluster>/argocd/*.yaml                        AppProject and Applications
 *   dist/<cluster>/cloudformation/karpenter.json        the AWS side
 *   dist/fleet/*.yaml                                   the fleet entry point for Argo CD
 */
export const FLEET_DIR = 'fleet';

/** Cluster names that would collide with a folder the tool owns in `dist/`. */
export const RESERVED_CLUSTER_NAMES: readonly string[] = [FLEET_DIR];

export const distPaths = {
  clusterDir: (cluster: string) => cluster,
  karpenterDir: (cluster: string) => `${cluster}/karpenter`,
  nodeClass: (cluster: string, name: string) => `${cluster}/karpenter/ec2nodeclass-${name}.yaml`,
  nodePool: (cluster: string, name: string) => `${cluster}/karpenter/nodepool-${name}.yaml`,
  valuesDir: (cluster: string) => `${cluster}/values`,
  karpenterValues: (cluster: string) => `${cluster}/values/karpenter.yaml`,
  argocdDir: (cluster: string) => `${cluster}/argocd`,
  cloudFormationDir: (cluster: string) => `${cluster}/cloudformation`,
  cloudFormation: (cluster: string) => `${cluster}/cloudformation/karpenter.json`,
  fleetDir: () => FLEET_DIR,
} as const;

/**
 * Generated output held in memory before it is written: path relative to `dist/`
 * (POSIX separators) → file content. Every generator returns one of these; the synth
 * pipeline merges them, validates, and only then writes `dist/` atomically.
 */
export type DistFiles = Map<string, string>;
