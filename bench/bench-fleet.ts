/**
 * A synthetic fleet description for the benchmark (bench/bench.ts): `clusters` cluster
 * files × `pools` node pools each, plus `_defaults.yaml`, as a platform team would write
 * them: requirement shorthands, taints, labels, limits, disruption budgets with schedules,
 * node classes with block devices, kubelet settings and Bottlerocket settings, both IAM
 * identities. Deterministic: the same size gives byte-identical text.
 */
import type { FleetSource } from '../model/load-fleet';

const REGIONS = ['us-east-1', 'eu-west-1', 'ap-northeast-2', 'us-west-2', 'eu-central-1'] as const;

export const BENCH_DEFAULTS_YAML = `# Fleet-wide settings of the synthetic benchmark fleet.
karpenter:
  version: 1.14.1
  controller:
    replicas: 2
    logLevel: info
tags:
  managed-by-team: platform
  cost-center: "4200"
gitops:
  repoURL: https://github.com/example/platform-gitops.git
  targetRevision: main
  distPath: dist
  argocdNamespace: argocd
  syncPolicy:
    automated: true
    prune: true
    selfHeal: true
`;

/** `cluster-0007`: sortable, DNS-1123, never a reserved name. */
export function benchClusterName(index: number): string {
  return `cluster-${String(index + 1).padStart(4, '0')}`;
}

/** 12-digit account ID, distinct per cluster. */
function accountId(index: number): string {
  return String(100_000_000_000 + index * 7_919);
}

function nodeClassesYaml(name: string, account: string, region: string): string {
  return `nodeClasses:
  general:
    alias: al2023@v20260714
    subnetSelectorTerms:
      - tags: { karpenter.sh/discovery: ${name}, example.com/tier: private }
    securityGroupSelectorTerms:
      - tags: { karpenter.sh/discovery: ${name} }
    blockDeviceMappings:
      - deviceName: /dev/xvda
        rootVolume: true
        ebs:
          volumeSize: 80Gi
          volumeType: gp3
          iops: 3000
          throughput: 125
          encrypted: true
          kmsKeyID: arn:aws:kms:${region}:${account}:key/1234abcd-12ab-34cd-56ef-1234567890ab
    kubelet:
      maxPods: 110
      systemReserved: { cpu: 100m, memory: 100Mi, ephemeral-storage: 1Gi }
      kubeReserved: { cpu: 200m, memory: 100Mi, ephemeral-storage: 3Gi }
      evictionHard: { memory.available: 5%, nodefs.available: 10% }
      evictionSoft: { memory.available: 500Mi }
      evictionSoftGracePeriod: { memory.available: 1m }
      evictionMaxPodGracePeriod: 60
      imageGCHighThresholdPercent: 85
      imageGCLowThresholdPercent: 80
    metadataOptions:
      httpEndpoint: enabled
      httpProtocolIPv6: disabled
      httpPutResponseHopLimit: 1
      httpTokens: required
    detailedMonitoring: true
    tags:
      workload: general
  bottlerocket:
    alias: bottlerocket@v1.39.1
    bottlerocket:
      settings:
        host-containers:
          admin: { enabled: false }
          control: { enabled: true }
        kernel:
          lockdown: integrity
    blockDeviceMappings:
      - deviceName: /dev/xvda
        ebs: { volumeSize: 4Gi, volumeType: gp3 }
      - deviceName: /dev/xvdb
        rootVolume: true
        ebs: { volumeSize: 100Gi, volumeType: gp3, iops: 4000, throughput: 250 }
    kubelet:
      maxPods: 58
      podsPerCore: 10
    tags:
      os: bottlerocket
`;
}

/** Node pool `j` of a cluster in `region`: six shapes, repeated with different numbers. */
function nodePoolYaml(j: number, region: string): string {
  const zones = `[${region}a, ${region}b, ${region}c]`;
  const n = j + 1;
  const cpu = 100 + ((j * 37) % 400);
  switch (j % 6) {
    case 0:
      return `  critical-${n}:
    nodeClass: general
    capacityTypes: [on-demand]
    architectures: [amd64]
    zones: ${zones}
    instanceCategories: { in: [c, m, r], minValues: 2 }
    instanceGenerationGreaterThan: 5
    labels: { workload: critical, example.com/pool: critical-${n} }
    disruption:
      consolidationPolicy: WhenEmptyOrUnderutilized
      consolidateAfter: 2m
      budgets:
        - nodes: "10%"
        - nodes: "0"
          schedule: "0 9 * * mon-fri"
          duration: 8h
          reasons: [Underutilized, Empty]
    limits: { cpu: "${cpu}", memory: ${cpu * 4}Gi }
    weight: ${50 + (j % 40)}
`;
    case 1:
      return `  spot-${n}:
    nodeClass: general
    capacityTypes: [spot]
    architectures: [amd64, arm64]
    instanceFamilies: { notIn: [t2, t3] }
    instanceSizes: { notIn: [nano, micro, small] }
    disruption:
      consolidateAfter: 30s
      budgets: [{ nodes: "20%" }]
    limits: { cpu: "${cpu}" }
    weight: ${10 + (j % 40)}
`;
    case 2:
      return `  batch-${n}:
    nodeClass: bottlerocket
    architectures: [arm64]
    capacityTypes: { in: [spot, on-demand] }
    instanceTypes: [m7g.large, m7g.xlarge, m7g.2xlarge, c7g.xlarge]
    labels: { role: batch }
    annotations: { example.com/owner: data-platform }
    taints:
      - key: dedicated
        value: batch
        effect: NoSchedule
    startupTaints:
      - key: example.com/agent-not-ready
        value: "true"
        effect: NoExecute
    disruption:
      consolidationPolicy: WhenEmpty
      consolidateAfter: 5m
    expireAfter: 336h
    terminationGracePeriod: 48h
    limits: { cpu: "${cpu}", memory: ${cpu * 8}Gi }
`;
    case 3:
      return `  gpu-${n}:
    nodeClass: general
    capacityTypes: [on-demand]
    architectures: [amd64]
    instanceCategories: [g, p]
    requirements:
      - key: karpenter.k8s.aws/instance-gpu-manufacturer
        operator: In
        values: [nvidia]
        minValues: 1
      - key: karpenter.k8s.aws/instance-gpu-count
        operator: Exists
    labels: { example.com/accelerator: nvidia }
    taints:
      - key: nvidia.com/gpu
        value: "true"
        effect: NoSchedule
    limits: { cpu: "${cpu}", memory: 1024Gi, nvidia.com/gpu: "${1 + (j % 8)}" }
    disruption:
      consolidationPolicy: WhenEmpty
      consolidateAfter: 10m
    expireAfter: Never
    weight: ${20 + (j % 40)}
`;
    case 4:
      return `  edge-${n}:
    nodeClass: bottlerocket
    operatingSystems: { notIn: [windows] }
    architectures: [arm64]
    zones: { in: ${zones}, minValues: 2 }
    instanceCategories: { in: [m, c], minValues: 1 }
    labels: { node.role: edge }
    disruption:
      budgets:
        - nodes: "1"
        - nodes: "0"
          schedule: "@daily"
          duration: 10m
    limits: { cpu: "${cpu}" }
`;
    default:
      return `  loadtest-${n}:
    nodeClass: general
    capacityTypes: [spot]
    labels: { workload: loadtest }
    taints:
      - key: example.com/loadtest
        value: "true"
        effect: NoSchedule
    disruption:
      consolidationPolicy: WhenEmpty
      consolidateAfter: 1m
    expireAfter: 24h
    limits: { cpu: "${cpu}" }
`;
  }
}

/** The text of cluster file `index` (0-based) with `pools` node pools. */
export function benchClusterYaml(index: number, pools: number): string {
  const name = benchClusterName(index);
  const region = REGIONS[index % REGIONS.length];
  const account = accountId(index);
  const irsa = index % 2 === 1;
  const iam = irsa
    ? `iam:
  identity: irsa
  oidcProviderArn: arn:aws:iam::${account}:oidc-provider/oidc.eks.${region}.amazonaws.com/id/EXAMPLE${String(index).padStart(27, '0')}
  createInstanceProfile: true
`
    : `iam:
  identity: pod-identity
  zonalShift: true
  createSpotServiceLinkedRole: true
`;
  const poolText = Array.from({ length: pools }, (_, j) => nodePoolYaml(j, region)).join('');
  return `# Synthetic benchmark cluster ${index + 1}.
aws:
  accountId: "${account}"
  region: ${region}
kubernetesVersion: "1.33"
karpenter:
  interruptionQueue:
    name: ${name}-interruptions
  featureGates:
    spotToSpotConsolidation: ${index % 3 === 0}
${iam}tags:
  team: team-${index % 17}
gitops:
  destination:
    name: ${name}
  clusterLabels:
    env: ${index % 4 === 0 ? 'staging' : 'prod'}
${nodeClassesYaml(name, account, region)}nodePools:
${poolText}`;
}

/** The whole synthetic fleet description: `clusters/_defaults.yaml` and one file per cluster. */
export function benchFleetSources(clusters: number, pools: number): FleetSource[] {
  const out: FleetSource[] = [{ path: 'clusters/_defaults.yaml', text: BENCH_DEFAULTS_YAML }];
  for (let i = 0; i < clusters; i++) {
    out.push({ path: `clusters/${benchClusterName(i)}.yaml`, text: benchClusterYaml(i, pools) });
  }
  return out;
}
