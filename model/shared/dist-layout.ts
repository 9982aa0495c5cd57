/**
 * Where every generated file goes, relative to `dist/`. Generators, the validator, the
 * impact report and Argo CD Applications all take paths from here.
 *
 *   dist/<cluster>/karpenter/ec2nodeclass-<name>.yaml   one EC2NodeClass per file
 *   dist/<cluster>/karpenter/nodepool-<name>.yaml       one NodePool per file
 *   dist/<cluster>/values/karpenter.yaml                Helm values of the controller chart
 *   dist/<cluster>/karpenter/nodeoverlay-<name>.yaml    one NodeOverlay per file
 *   dist/<cluster>/karpenter/capacitybuffer-<namespace>.<name>.yaml, podtemplate-<namespace>.<name>.yaml
 *                                                       namespaced: the namespace (a DNS label, no dot) first
 *   dist/<cluster>/karpenter/smoke-test-<pool>-*.yaml   opt-in smoke-test Deployment and PDB of a pool
 *   dist/<cluster>/base/namespace-<name>.yaml           namespaces (controller when not kube-system, smoke test)
 *   dist/<cluster>/argocd/*.yaml                        AppProject and Applications
 *   dist/<cluster>/cloudformation/karpenter.json        the AWS side (aws.managedBy: cloudformation), or
 *   dist/<cluster>/terraform/karpenter.tf.json          the AWS side as a Terraform module (aws.managedBy: terraform);
 *                                                       the folder of each target: policies/targets/targets.ts
 *   dist/<cluster>/<target>/policy-proof.txt            the inputs its policy scenarios prove (versions, hashes)
 *   dist/fleet/*.yaml                                   the fleet entry point for Argo CD (root-<cluster>.yaml
 *                                                       app-of-apps roots, appproject-<argocd namespace>.yaml,
 *                                                       applicationset-<argocd namespace>.yaml, the argocd-cm patch)
 *   dist/fleet/clusters/<cluster>.json                  parameters of a cluster's root for the ApplicationSet's
 *                                                       git-files generator (not a manifest)
 */
export const FLEET_DIR = 'fleet';

/** The proof record's file name in an AWS-side target's folder. */
export const POLICY_PROOF_FILE = 'policy-proof.txt';

/** Cluster names that would collide with a folder the tool owns in `dist/`. */
export const RESERVED_CLUSTER_NAMES: readonly string[] = [FLEET_DIR];

export const distPaths = {
  clusterDir: (cluster: string) => cluster,
  karpenterDir: (cluster: string) => `${cluster}/karpenter`,
  nodeClass: (cluster: string, name: string) => `${cluster}/karpenter/ec2nodeclass-${name}.yaml`,
  /** An EKS Auto Mode NodeClass (`karpenter.mode: eks-auto-mode`). */
  autoModeNodeClass: (cluster: string, name: string) => `${cluster}/karpenter/nodeclass-${name}.yaml`,
  nodePool: (cluster: string, name: string) => `${cluster}/karpenter/nodepool-${name}.yaml`,
  nodeOverlay: (cluster: string, name: string) => `${cluster}/karpenter/nodeoverlay-${name}.yaml`,
  capacityBuffer: (cluster: string, namespace: string, name: string) =>
    `${cluster}/karpenter/capacitybuffer-${namespace}.${name}.yaml`,
  podTemplate: (cluster: string, namespace: string, name: string) =>
    `${cluster}/karpenter/podtemplate-${namespace}.${name}.yaml`,
  valuesDir: (cluster: string) => `${cluster}/values`,
  karpenterValues: (cluster: string) => `${cluster}/values/karpenter.yaml`,
  argocdDir: (cluster: string) => `${cluster}/argocd`,
  cloudFormationDir: (cluster: string) => `${cluster}/cloudformation`,
  cloudFormation: (cluster: string) => `${cluster}/cloudformation/karpenter.json`,
  /** A file of an AWS-side target's folder (`dir`: policies/targets/targets.ts), e.g. `shop/terraform/karpenter.tf.json`. */
  awsSide: (cluster: string, dir: string, file: string) => `${cluster}/${dir}/${file}`,
  /**
   * The proof record of the cluster's policy scenarios (policies/scenarios/proof-record.ts), in the
   * folder of the cluster's AWS-side target.
   */
  policyProof: (cluster: string, dir: string = 'cloudformation') => `${cluster}/${dir}/${POLICY_PROOF_FILE}`,
  fleetDir: () => FLEET_DIR,
  /** Namespaces the cluster needs before the controller chart (synced by the `<cluster>-karpenter-base` Application). */
  baseDir: (cluster: string) => `${cluster}/base`,
  namespace: (cluster: string, namespace: string) => `${cluster}/base/namespace-${namespace}.yaml`,
  /** Opt-in smoke-test workload of a node pool, synced with the pools by the node-pools Application. */
  smokeTestDeployment: (cluster: string, pool: string) =>
    `${cluster}/karpenter/smoke-test-${pool}-deployment.yaml`,
  smokeTestPdb: (cluster: string, pool: string) => `${cluster}/karpenter/smoke-test-${pool}-pdb.yaml`,
  argocdAppProject: (cluster: string) => `${cluster}/argocd/appproject.yaml`,
  /** `app` is the Application's role: base, crd, controller, nodepools. */
  argocdApplication: (cluster: string, app: string) => `${cluster}/argocd/application-${app}.yaml`,
  /** The AppProject of the per-cluster root Applications, one per Argo CD namespace. */
  fleetAppProject: (argocdNamespace: string) => `${FLEET_DIR}/appproject-${argocdNamespace}.yaml`,
  /** The app-of-apps root of one cluster: syncs `<cluster>/argocd/`. */
  fleetRoot: (cluster: string) => `${FLEET_DIR}/root-${cluster}.yaml`,
  /** The ApplicationSet generating the roots of the clusters with `gitops.fleetEntry: applicationset`. */
  fleetApplicationSet: (argocdNamespace: string) => `${FLEET_DIR}/applicationset-${argocdNamespace}.yaml`,
  /** The ApplicationSet's git-files generator reads these: one file per cluster. */
  fleetClusterParamsGlob: () => `${FLEET_DIR}/clusters/*.json`,
  fleetClusterParams: (cluster: string) => `${FLEET_DIR}/clusters/${cluster}.json`,
  /** Ready-to-apply `argocd-cm` patch: the stricter Application health check. */
  fleetArgoCdConfigPatch: (argocdNamespace: string) => `${FLEET_DIR}/argocd-cm-patch-${argocdNamespace}.yaml`,
} as const;

/** Whether a dist/-relative path is an ApplicationSet generator parameter file (JSON, not a manifest). */
export function isFleetClusterParams(rel: string): boolean {
  return /^fleet\/clusters\/[^/]+\.json$/.test(rel);
}

/**
 * The name of the cluster a dist/-relative path was generated for: `<cluster>/...`,
 * `fleet/root-<cluster>.yaml` and `fleet/clusters/<cluster>.json`; undefined for the fleet-wide
 * files of dist/fleet/ (AppProject, argocd-cm patch, ApplicationSet) and any other path. What
 * `check --shard` splits dist/ by (review/shard-scope.ts) and what the generation cache keeps
 * per cluster (synth/generation-cache.ts).
 */
export function clusterOfDistPath(rel: string): string | undefined {
  const segs = rel.split('/');
  if (segs.length < 2) return undefined;
  if (segs[0] !== FLEET_DIR) return segs[0];
  const root = /^root-(.+)\.yaml$/.exec(segs[1]);
  if (segs.length === 2 && root) return root[1];
  const params = segs[1] === 'clusters' && segs.length === 3 ? /^(.+)\.json$/.exec(segs[2]) : null;
  return params ? params[1] : undefined;
}

/**
 * A path of dist/fleet/ no single cluster owns (ApplicationSet, AppProject, argocd-cm patch):
 * with clusterOfDistPath, every path of dist/ belongs to one cluster or is fleet-wide, or neither
 * only outside dist/fleet/ and the cluster folders.
 */
export function fleetWidePath(rel: string): boolean {
  return rel.startsWith(`${FLEET_DIR}/`) && clusterOfDistPath(rel) === undefined;
}

/**
 * Generated output held in memory before it is written: path relative to `dist/`
 * (POSIX separators) → file content. Every generator returns one of these; the synth
 * pipeline merges them, validates, and only then writes `dist/` atomically.
 */
export type DistFiles = Map<string, string>;
