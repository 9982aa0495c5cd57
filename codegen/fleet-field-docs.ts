/**
 * What each field of the fleet description means, keyed by its path in the fleet JSON Schema
 * (model/schema/fleet-schema*.ts): `<name>` stands for a key of a map, `[]` for an item of a list.
 * codegen/generate-fleet-reference.ts joins these with the schema (types, allowed values,
 * required keys) into docs/fleet-fields.md; a test fails when a schema field has no entry here,
 * when an entry names no field, or when the committed page is stale. A `description` in the
 * schema itself wins over an entry here.
 */
import { defaultControllerRoleName, defaultNodeRoleName, FLEET_DEFAULTS } from '../model';

/** A default as the docs show it, taken from model/shared/fleet-defaults.ts so it cannot drift. */
const c = (v: string | number): string => `\`${v}\``;

export interface FieldDoc {
  readonly description: string;
  /** What the tool uses when the field is absent (applied in model/resolve/resolve-*.ts). @default none */
  readonly default?: string;
}

export const FLEET_FIELD_DOCS: Readonly<Record<string, FieldDoc>> = {
  name: {
    description: 'EKS cluster name; a DNS-1123 label, not `fleet`',
    default: 'the file name without `.yaml`',
  },
  aws: { description: 'The AWS account and region of the cluster' },
  'aws.accountId': { description: '12-digit AWS account ID, in quotes' },
  'aws.region': { description: 'AWS region code of the cluster, e.g. `eu-west-1`' },
  'aws.partition': {
    description: 'AWS partition the region belongs to',
    default: c(FLEET_DEFAULTS.partition),
  },
  'aws.ack': {
    description:
      'With `aws.managedBy: ack`: where the AWS Controllers for Kubernetes objects go and what deleting them does ([ACK](ack.md))',
  },
  'aws.ack.destination': {
    description:
      'The Argo CD cluster (registered name) the ACK objects are applied to, where the ACK controllers run: the `gitops.destination` name of a cluster of the fleet, or `in-cluster`',
    default: 'the workload cluster (`gitops.destination`)',
  },
  'aws.ack.deletionPolicy': {
    description:
      'ACK `services.k8s.aws/deletion-policy` of the roles, the Spot service-linked role and the queue: `retain` keeps the AWS resource when Argo CD prunes or deletes the object',
    default: c(FLEET_DEFAULTS.ackDeletionPolicy),
  },
  kubernetesVersion: {
    description: 'Kubernetes minor version of the cluster',
    default: c(FLEET_DEFAULTS.kubernetesVersion),
  },
  karpenter: { description: 'The Karpenter controller: version, namespace, settings and Helm values' },
  'karpenter.version': {
    description: 'Karpenter version (chart and CRDs)',
    default: c(FLEET_DEFAULTS.karpenterVersion),
  },
  'karpenter.namespace': {
    description: 'Namespace the controller runs in',
    default: c(FLEET_DEFAULTS.karpenterNamespace),
  },
  'karpenter.serviceAccount': {
    description: "The controller's service account",
    default: c(FLEET_DEFAULTS.serviceAccount),
  },
  'karpenter.clusterEndpoint': {
    description: "The cluster's API server endpoint (`settings.clusterEndpoint`)",
    default: 'discovered by Karpenter',
  },
  'karpenter.interruptionQueue': { description: 'The SQS queue Karpenter reads interruption events from' },
  'karpenter.interruptionQueue.name': { description: 'Queue name', default: 'the cluster name' },
  'karpenter.interruptionQueue.kmsKeyArn': {
    description: 'Customer-managed KMS key that encrypts the queue',
    default: 'SSE-SQS (SQS-managed encryption)',
  },
  'karpenter.featureGates': { description: 'Feature gates of the controller (`settings.featureGates`)' },
  'karpenter.featureGates.<name>': { description: 'A gate the chart knows, on (`true`) or off (`false`)' },
  'karpenter.controller': { description: 'The controller Deployment' },
  'karpenter.controller.replicas': {
    description: 'Controller replicas',
    default: c(FLEET_DEFAULTS.controller.replicas),
  },
  'karpenter.controller.logLevel': {
    description: 'Log level',
    default: c(FLEET_DEFAULTS.controller.logLevel),
  },
  'karpenter.controller.resources': { description: "The controller container's resources" },
  'karpenter.controller.resources.requests': {
    description: 'Resource requests',
    default: '`cpu: 1`, `memory: 1Gi`',
  },
  'karpenter.controller.resources.requests.<name>': { description: 'Request of one resource' },
  'karpenter.controller.resources.limits': { description: 'Resource limits', default: '`memory: 1Gi`' },
  'karpenter.controller.resources.limits.<name>': { description: 'Limit of one resource' },
  'karpenter.controller.priorityClassName': {
    description: "The controller pods' priority class",
    default: c(FLEET_DEFAULTS.controller.priorityClassName),
  },
  'karpenter.controller.pdbMaxUnavailable': {
    description: "maxUnavailable of the controller's PodDisruptionBudget",
    default: c(FLEET_DEFAULTS.controller.pdbMaxUnavailable),
  },
  'karpenter.controller.tolerations': { description: "Tolerations of the controller's pods" },
  'karpenter.controller.tolerations[]': { description: 'One toleration' },
  'karpenter.controller.tolerations[].key': { description: 'Taint key to tolerate' },
  'karpenter.controller.tolerations[].operator': {
    description: 'How the value is matched',
    default: '`Equal`',
  },
  'karpenter.controller.tolerations[].value': { description: 'Taint value (with `Equal`)' },
  'karpenter.controller.tolerations[].effect': {
    description: 'Taint effect to tolerate',
    default: 'every effect',
  },
  'karpenter.controller.topologySpread': {
    description: 'Spread controller replicas across zones',
    default: c(String(FLEET_DEFAULTS.controller.topologySpread)),
  },
  'karpenter.controller.nodeSelector': { description: "Node selector of the controller's pods" },
  'karpenter.controller.nodeSelector.<name>': { description: 'Label value the node must have' },
  'karpenter.helmValues': {
    description:
      "Further values of the controller chart, checked against the chart's keys and merged over the generated ones",
  },
  iam: { description: 'IAM roles, identity and options of the CloudFormation template' },
  'iam.identity': {
    description: 'How the controller gets AWS credentials',
    default: c(FLEET_DEFAULTS.identity),
  },
  'iam.oidcProviderArn': { description: "The cluster's IAM OIDC provider (required with `irsa`)" },
  'iam.controllerRoleName': {
    description: "The controller's IAM role",
    default: c(defaultControllerRoleName('<cluster>')),
  },
  'iam.nodeRoleName': { description: "The nodes' IAM role", default: c(defaultNodeRoleName('<cluster>')) },
  'iam.nodeRoleExtraPolicyArns': {
    description: 'Managed policies attached to the node role besides the EKS ones',
  },
  'iam.nodeRoleExtraPolicyArns[]': { description: 'One managed policy ARN' },
  'iam.createInstanceProfile': {
    description: 'Create an instance profile for node classes that name one',
    default: '`false`',
  },
  'iam.createSpotServiceLinkedRole': {
    description: 'Create the EC2 Spot service-linked role (only where the account has none)',
    default: '`false`',
  },
  'iam.zonalShift': {
    description: "Allow the controller to read the cluster's zonal shifts (Karpenter's zonal shift support)",
    default: '`false`',
  },
  'iam.permissionsBoundaryArn': { description: 'Permissions boundary on every role the template creates' },
  'iam.path': { description: 'IAM path of the roles', default: c(FLEET_DEFAULTS.iamPath) },
  tags: { description: 'Tags on every AWS resource the tool creates for the cluster and on every node' },
  'tags.<name>': { description: 'Tag value' },
  gitops: { description: 'Where Argo CD reads dist/ from and where it syncs the cluster' },
  'gitops.repoURL': { description: 'Git repository Argo CD reads dist/ from' },
  'gitops.targetRevision': {
    description: 'Branch, tag or commit Argo CD reads',
    default: c(FLEET_DEFAULTS.targetRevision),
  },
  'gitops.distPath': {
    description: 'Folder of dist/ in that repository',
    default: c(FLEET_DEFAULTS.distPath),
  },
  'gitops.destination': {
    description: 'The cluster as Argo CD knows it: exactly one of `name` and `server`',
  },
  'gitops.destination.name': { description: 'Cluster name as registered in Argo CD' },
  'gitops.destination.server': { description: 'API server URL as registered in Argo CD' },
  'gitops.argocdNamespace': {
    description: 'Namespace Argo CD runs in',
    default: c(FLEET_DEFAULTS.argocdNamespace),
  },
  'gitops.project': { description: "The cluster's Argo CD AppProject", default: 'the cluster name' },
  'gitops.syncPolicy': { description: "The Applications' automated sync" },
  'gitops.syncPolicy.automated': { description: 'Sync automatically', default: '`true`' },
  'gitops.syncPolicy.prune': { description: 'Delete resources removed from dist/', default: '`true`' },
  'gitops.syncPolicy.selfHeal': { description: 'Undo changes made in the cluster', default: '`true`' },
  'gitops.clusterLabels': { description: "Labels on the cluster's Argo CD objects (`argocd app list -l`)" },
  'gitops.clusterLabels.<name>': { description: 'Label value' },
  nodeClasses: { description: 'EC2NodeClasses, by name' },
  'nodeClasses.<name>': { description: 'One EC2NodeClass' },
  'nodeClasses.<name>.alias': {
    description: 'AMI alias `<family>@<version>` (pinned; `@latest` needs `allowLatestAmi`)',
  },
  'nodeClasses.<name>.allowLatestAmi': {
    description: 'Allow an `@latest` alias (warns)',
    default: '`false`',
  },
  'nodeClasses.<name>.amiFamily': {
    description: 'AMI family (bootstrap format); required with `amiSelectorTerms` that select by id or name',
    default: 'the alias family',
  },
  'nodeClasses.<name>.amiSelectorTerms': { description: 'AMIs by id, name, owner, SSM parameter or tags' },
  'nodeClasses.<name>.amiSelectorTerms[]': { description: 'One term' },
  'nodeClasses.<name>.amiSelectorTerms[].alias': { description: 'AMI alias (alone in its term)' },
  'nodeClasses.<name>.amiSelectorTerms[].id': { description: 'AMI id' },
  'nodeClasses.<name>.amiSelectorTerms[].name': { description: 'AMI name (wildcards allowed)' },
  'nodeClasses.<name>.amiSelectorTerms[].owner': { description: 'AMI owner (with `name`)' },
  'nodeClasses.<name>.amiSelectorTerms[].ssmParameter': { description: 'SSM parameter holding the AMI id' },
  'nodeClasses.<name>.amiSelectorTerms[].tags': { description: 'AMI tags' },
  'nodeClasses.<name>.amiSelectorTerms[].tags.<name>': { description: 'Tag value (`*` for any)' },
  'nodeClasses.<name>.role': {
    description: "Nodes' IAM role; must be the cluster's node role",
    default: '`iam.nodeRoleName`',
  },
  'nodeClasses.<name>.instanceProfile': { description: 'Instance profile instead of `role`' },
  'nodeClasses.<name>.subnetSelectorTerms': {
    description: 'Subnets by tags or id',
    default: 'tag `karpenter.sh/discovery: <cluster>`',
  },
  'nodeClasses.<name>.subnetSelectorTerms[]': { description: 'One term' },
  'nodeClasses.<name>.subnetSelectorTerms[].tags': { description: 'Subnet tags' },
  'nodeClasses.<name>.subnetSelectorTerms[].tags.<name>': { description: 'Tag value (`*` for any)' },
  'nodeClasses.<name>.subnetSelectorTerms[].id': { description: 'Subnet id' },
  'nodeClasses.<name>.securityGroupSelectorTerms': {
    description: 'Security groups by tags, id or name',
    default: 'tag `karpenter.sh/discovery: <cluster>`',
  },
  'nodeClasses.<name>.securityGroupSelectorTerms[]': { description: 'One term' },
  'nodeClasses.<name>.securityGroupSelectorTerms[].tags': { description: 'Security group tags' },
  'nodeClasses.<name>.securityGroupSelectorTerms[].tags.<name>': { description: 'Tag value (`*` for any)' },
  'nodeClasses.<name>.securityGroupSelectorTerms[].id': { description: 'Security group id' },
  'nodeClasses.<name>.securityGroupSelectorTerms[].name': { description: 'Security group name' },
  'nodeClasses.<name>.userData': { description: "Extra user data, in the AMI family's format" },
  'nodeClasses.<name>.bottlerocket': { description: 'Bottlerocket settings, rendered to TOML user data' },
  'nodeClasses.<name>.bottlerocket.settings': { description: 'The `settings` tree, as a map' },
  'nodeClasses.<name>.blockDeviceMappings': {
    description: 'EBS volumes of the nodes',
    default: "the AMI family's",
  },
  'nodeClasses.<name>.blockDeviceMappings[]': { description: 'One volume' },
  'nodeClasses.<name>.blockDeviceMappings[].deviceName': { description: 'Device name, e.g. `/dev/xvda`' },
  'nodeClasses.<name>.blockDeviceMappings[].rootVolume': {
    description: "The volume Karpenter sizes the node's ephemeral storage from",
    default: '`false`',
  },
  'nodeClasses.<name>.blockDeviceMappings[].ebs': { description: 'The EBS volume' },
  'nodeClasses.<name>.blockDeviceMappings[].ebs.volumeSize': { description: 'Size, e.g. `100Gi`' },
  'nodeClasses.<name>.blockDeviceMappings[].ebs.volumeType': {
    description: 'Volume type',
    default: c(FLEET_DEFAULTS.volumeType),
  },
  'nodeClasses.<name>.blockDeviceMappings[].ebs.iops': { description: 'Provisioned IOPS' },
  'nodeClasses.<name>.blockDeviceMappings[].ebs.throughput': { description: 'Throughput in MiB/s (gp3)' },
  'nodeClasses.<name>.blockDeviceMappings[].ebs.encrypted': {
    description: 'Encrypt the volume',
    default: '`true`',
  },
  'nodeClasses.<name>.blockDeviceMappings[].ebs.kmsKeyID': {
    description: 'Customer-managed KMS key',
    default: 'the account default EBS key',
  },
  'nodeClasses.<name>.blockDeviceMappings[].ebs.deleteOnTermination': {
    description: 'Delete the volume with the node',
    default: '`true`',
  },
  'nodeClasses.<name>.blockDeviceMappings[].ebs.snapshotID': {
    description: 'Snapshot to create the volume from',
  },
  'nodeClasses.<name>.metadataOptions': { description: 'Instance metadata service (IMDS) options' },
  'nodeClasses.<name>.metadataOptions.httpEndpoint': {
    description: 'IMDS on or off',
    default: c(FLEET_DEFAULTS.metadataOptions.httpEndpoint),
  },
  'nodeClasses.<name>.metadataOptions.httpProtocolIPv6': {
    description: 'IMDS over IPv6',
    default: c(FLEET_DEFAULTS.metadataOptions.httpProtocolIPv6),
  },
  'nodeClasses.<name>.metadataOptions.httpPutResponseHopLimit': {
    description: 'Hop limit of IMDS responses (1 keeps pods from the node role)',
    default: c(FLEET_DEFAULTS.metadataOptions.httpPutResponseHopLimit),
  },
  'nodeClasses.<name>.metadataOptions.httpTokens': {
    description: 'IMDSv2 (`required`) or not',
    default: c(FLEET_DEFAULTS.metadataOptions.httpTokens),
  },
  'nodeClasses.<name>.kubelet': { description: 'Kubelet configuration of the nodes' },
  'nodeClasses.<name>.kubelet.maxPods': {
    description: 'Pods per node',
    default: "Karpenter's per instance type",
  },
  'nodeClasses.<name>.kubelet.podsPerCore': { description: 'Pods per core' },
  'nodeClasses.<name>.kubelet.systemReserved': { description: 'Resources reserved for the system' },
  'nodeClasses.<name>.kubelet.systemReserved.<name>': { description: 'Quantity of one resource' },
  'nodeClasses.<name>.kubelet.kubeReserved': { description: 'Resources reserved for Kubernetes' },
  'nodeClasses.<name>.kubelet.kubeReserved.<name>': { description: 'Quantity of one resource' },
  'nodeClasses.<name>.kubelet.evictionHard': { description: 'Hard eviction thresholds' },
  'nodeClasses.<name>.kubelet.evictionHard.<name>': { description: 'Threshold of one signal' },
  'nodeClasses.<name>.kubelet.evictionSoft': { description: 'Soft eviction thresholds' },
  'nodeClasses.<name>.kubelet.evictionSoft.<name>': { description: 'Threshold of one signal' },
  'nodeClasses.<name>.kubelet.evictionSoftGracePeriod': { description: 'Grace periods of soft thresholds' },
  'nodeClasses.<name>.kubelet.evictionSoftGracePeriod.<name>': { description: 'Grace period of one signal' },
  'nodeClasses.<name>.kubelet.evictionMaxPodGracePeriod': {
    description: 'Longest pod grace period on soft eviction (s)',
  },
  'nodeClasses.<name>.kubelet.imageGCHighThresholdPercent': { description: 'Disk use that starts image GC' },
  'nodeClasses.<name>.kubelet.imageGCLowThresholdPercent': { description: 'Disk use image GC frees down to' },
  'nodeClasses.<name>.kubelet.cpuCFSQuota': { description: 'Enforce CPU limits with CFS quota' },
  'nodeClasses.<name>.kubelet.clusterDNS': { description: 'Cluster DNS server addresses' },
  'nodeClasses.<name>.kubelet.clusterDNS[]': { description: 'One address' },
  'nodeClasses.<name>.tags': {
    description: 'Tags on the EC2 resources of the class',
    default: "the cluster's `tags`",
  },
  'nodeClasses.<name>.tags.<name>': { description: 'Tag value' },
  'nodeClasses.<name>.detailedMonitoring': { description: 'EC2 detailed monitoring', default: '`false`' },
  'nodeClasses.<name>.associatePublicIPAddress': {
    description: 'Public IP on the primary interface',
    default: "the subnet's setting",
  },
  'nodeClasses.<name>.instanceStorePolicy': { description: 'Use local NVMe instance store (`RAID0`)' },
  nodePools: { description: 'NodePools, by name' },
  'nodePools.<name>': { description: 'One NodePool' },
  'nodePools.<name>.nodeClass': { description: 'The node class (a key of `nodeClasses`)' },
  'nodePools.<name>.capacityTypes': { description: 'Requirement on `karpenter.sh/capacity-type`' },
  'nodePools.<name>.architectures': { description: 'Requirement on `kubernetes.io/arch`' },
  'nodePools.<name>.operatingSystems': { description: 'Requirement on `kubernetes.io/os`' },
  'nodePools.<name>.zones': { description: 'Requirement on `topology.kubernetes.io/zone`' },
  'nodePools.<name>.instanceCategories': {
    description: 'Requirement on `karpenter.k8s.aws/instance-category`',
  },
  'nodePools.<name>.instanceFamilies': { description: 'Requirement on `karpenter.k8s.aws/instance-family`' },
  'nodePools.<name>.instanceSizes': { description: 'Requirement on `karpenter.k8s.aws/instance-size`' },
  'nodePools.<name>.instanceTypes': { description: 'Requirement on `node.kubernetes.io/instance-type`' },
  'nodePools.<name>.instanceGenerationGreaterThan': {
    description: 'Requirement `karpenter.k8s.aws/instance-generation Gt N`',
  },
  'nodePools.<name>.requirements': { description: 'Raw requirements, after the shorthands' },
  'nodePools.<name>.requirements[]': { description: 'One requirement' },
  'nodePools.<name>.requirements[].key': { description: 'Label key' },
  'nodePools.<name>.requirements[].operator': { description: 'Operator' },
  'nodePools.<name>.requirements[].values': { description: 'Values' },
  'nodePools.<name>.requirements[].values[]': { description: 'One value' },
  'nodePools.<name>.requirements[].minValues': { description: 'Least number of distinct values to keep' },
  'nodePools.<name>.labels': { description: 'Labels on the nodes' },
  'nodePools.<name>.labels.<name>': { description: 'Label value' },
  'nodePools.<name>.annotations': { description: 'Annotations on the nodes' },
  'nodePools.<name>.annotations.<name>': { description: 'Annotation value' },
  'nodePools.<name>.taints': { description: 'Taints on the nodes' },
  'nodePools.<name>.taints[]': { description: 'One taint' },
  'nodePools.<name>.taints[].key': { description: 'Taint key' },
  'nodePools.<name>.taints[].value': { description: 'Taint value' },
  'nodePools.<name>.taints[].effect': { description: 'Taint effect' },
  'nodePools.<name>.startupTaints': { description: 'Taints that a node-setup agent removes' },
  'nodePools.<name>.startupTaints[]': { description: 'One taint' },
  'nodePools.<name>.startupTaints[].key': { description: 'Taint key' },
  'nodePools.<name>.startupTaints[].value': { description: 'Taint value' },
  'nodePools.<name>.startupTaints[].effect': { description: 'Taint effect' },
  'nodePools.<name>.limits': { description: 'Most resources the pool may launch' },
  'nodePools.<name>.limits.<name>': { description: 'Limit of one resource' },
  'nodePools.<name>.disruption': { description: 'When and how Karpenter may disrupt nodes' },
  'nodePools.<name>.disruption.consolidationPolicy': {
    description: 'Which nodes consolidation may remove',
    default: c(FLEET_DEFAULTS.consolidationPolicy),
  },
  'nodePools.<name>.disruption.consolidateAfter': {
    description: 'Wait before consolidating',
    default: c(FLEET_DEFAULTS.consolidateAfter),
  },
  'nodePools.<name>.disruption.budgets': {
    description: 'Disruption budgets',
    default: '`[{ nodes: "10%" }]`',
  },
  'nodePools.<name>.disruption.budgets[]': { description: 'One budget' },
  'nodePools.<name>.disruption.budgets[].nodes': { description: 'Nodes that may be disrupted at once' },
  'nodePools.<name>.disruption.budgets[].schedule': {
    description: 'Cron schedule the budget is active from',
  },
  'nodePools.<name>.disruption.budgets[].duration': {
    description: 'How long it stays active (with `schedule`)',
  },
  'nodePools.<name>.disruption.budgets[].reasons': {
    description: 'Disruption reasons it applies to',
    default: 'all',
  },
  'nodePools.<name>.disruption.budgets[].reasons[]': { description: 'One reason' },
  'nodePools.<name>.expireAfter': { description: 'Node lifetime', default: c(FLEET_DEFAULTS.expireAfter) },
  'nodePools.<name>.terminationGracePeriod': { description: 'Longest time to drain a node' },
  'nodePools.<name>.weight': { description: 'Priority among pools (higher first; equal weights by name)' },
  'nodePools.<name>.smokeTest': {
    description: 'Deploy a smoke test that needs a node of this pool',
    default: '`false`',
  },
  'gitops.rings[]': { description: 'One ring: its name and the revision its clusters track' },
  'secretPatterns[]': {
    description:
      'One pattern of your own: its name, an RE2 regular expression and an optional entropy threshold',
  },
  'overridesDefaults.nodeClasses': {
    description:
      "Node classes this cluster defines although `_defaults.yaml` defines them too (the cluster's replace the defaults')",
  },
  'overridesDefaults.nodeClasses[]': { description: 'One node class name' },
  'overridesDefaults.nodePools': {
    description: 'Node pools this cluster defines although `_defaults.yaml` defines them too',
  },
  'overridesDefaults.nodePools[]': { description: 'One node pool name' },
  'nodeClasses.<name>.metadata.annotations.<name>': { description: 'Annotation value' },
  'nodeClasses.<name>.capacityReservationSelectorTerms[]': {
    description: 'One term: an `id` alone, or `tags` (and optional `ownerID`, `instanceMatchCriteria`)',
  },
  'nodeClasses.<name>.capacityReservationSelectorTerms[].tags.<name>': { description: 'Tag value' },
  'nodeClasses.<name>.networkInterfaces[]': { description: 'One network interface' },
  'nodeClasses.<name>.networkInterfaces[].networkCardIndex': { description: 'Network card of the interface' },
  'nodeClasses.<name>.networkInterfaces[].deviceIndex': {
    description: 'Device index on that card (0 is the primary interface)',
  },
  'nodeClasses.<name>.cpuOptions.nestedVirtualization': {
    description: 'Nested virtualization on the instances',
  },
  'nodePools.<name>.metadata.annotations.<name>': { description: 'Annotation value' },
  nodeOverlays: { description: 'NodeOverlays, by name (Karpenter 1.14, gate `nodeOverlay`)' },
  'nodeOverlays.<name>': { description: 'One NodeOverlay' },
  'nodeOverlays.<name>.requirements[]': { description: 'One requirement' },
  'nodeOverlays.<name>.requirements[].values[]': { description: 'One value' },
  'nodeOverlays.<name>.capacity.<name>': { description: 'Quantity of one extended resource' },
  capacityBuffers: { description: 'CapacityBuffers, by name (Karpenter 1.14, gate `capacityBuffer`)' },
  'capacityBuffers.<name>': { description: 'One CapacityBuffer' },
  'capacityBuffers.<name>.limits.<name>': { description: 'Limit of one resource' },
  podTemplates: { description: 'PodTemplates the CapacityBuffers refer to, by name' },
  'podTemplates.<name>': { description: 'One PodTemplate' },
  'podTemplates.<name>.labels.<name>': { description: 'Label value' },
  'podTemplates.<name>.annotations.<name>': { description: 'Annotation value' },
  'podTemplates.<name>.template.metadata': { description: "Metadata of the buffer's placeholder pods" },
  'podTemplates.<name>.template.metadata.labels.<name>': { description: 'Label value' },
  'podTemplates.<name>.template.metadata.annotations.<name>': { description: 'Annotation value' },
  'podTemplates.<name>.template.spec.containers[]': { description: 'One container' },
  'podTemplates.<name>.template.spec.containers[].resources.requests': { description: 'Resource requests' },
  'podTemplates.<name>.template.spec.containers[].resources.requests.<name>': {
    description: 'Request of one resource',
  },
  'podTemplates.<name>.template.spec.containers[].resources.limits': { description: 'Resource limits' },
  'podTemplates.<name>.template.spec.containers[].resources.limits.<name>': {
    description: 'Limit of one resource',
  },
  'podTemplates.<name>.template.spec.containers[].ports[]': { description: 'One container port' },
  'podTemplates.<name>.template.spec.containers[].ports[].name': { description: 'Port name' },
  'podTemplates.<name>.template.spec.containers[].ports[].containerPort': {
    description: 'Port number in the container',
  },
  'podTemplates.<name>.template.spec.containers[].ports[].hostPort': {
    description: 'Port number on the node',
  },
  'podTemplates.<name>.template.spec.containers[].ports[].protocol': { description: 'Protocol' },
  'podTemplates.<name>.template.spec.initContainers[]': { description: 'One init container' },
  'podTemplates.<name>.template.spec.initContainers[].resources.requests': {
    description: 'Resource requests',
  },
  'podTemplates.<name>.template.spec.initContainers[].resources.requests.<name>': {
    description: 'Request of one resource',
  },
  'podTemplates.<name>.template.spec.initContainers[].resources.limits': { description: 'Resource limits' },
  'podTemplates.<name>.template.spec.initContainers[].resources.limits.<name>': {
    description: 'Limit of one resource',
  },
  'podTemplates.<name>.template.spec.nodeSelector.<name>': { description: 'Label value the node must have' },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity': {
    description: 'Node affinity of the buffer pods',
  },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution': {
    description: 'Terms of which one must match (checked against the pools)',
  },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms':
    { description: 'The terms, any one of which must match' },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[]':
    { description: 'One term' },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions':
    { description: 'Requirements of the term, all of which must match' },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions[]':
    { description: 'One requirement' },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions[].key':
    { description: 'Node label key' },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions[].operator':
    { description: 'In, NotIn, Exists, DoesNotExist, Gt or Lt' },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions[].values':
    { description: 'Values (none for Exists and DoesNotExist, one integer for Gt and Lt)' },
  'podTemplates.<name>.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions[].values[]':
    { description: 'One value' },
  'podTemplates.<name>.template.spec.tolerations[]': { description: 'One toleration' },
  'podTemplates.<name>.template.spec.tolerations[].key': { description: 'Taint key to tolerate' },
  'podTemplates.<name>.template.spec.tolerations[].operator': { description: 'How the value is matched' },
  'podTemplates.<name>.template.spec.tolerations[].value': { description: 'Taint value (with `Equal`)' },
  'podTemplates.<name>.template.spec.tolerations[].effect': { description: 'Taint effect to tolerate' },
  'podTemplates.<name>.template.spec.tolerations[].tolerationSeconds': {
    description: 'How long a NoExecute taint is tolerated',
  },
  'nodeClasses.<name>.metadata.labels.<name>': { description: 'Label value' },
  'nodePools.<name>.metadata.labels.<name>': { description: 'Label value' },
};
