/** JSON Schema of one entry of `nodeClasses:` (an EC2NodeClass). */
import {
  AMI_FAMILIES,
  AUTO_MODE_NETWORK_POLICIES,
  AUTO_MODE_NETWORK_POLICY_EVENT_LOGS,
  AUTO_MODE_SNAT_POLICIES,
  INSTANCE_MATCH_CRITERIA,
  NESTED_VIRTUALIZATION,
  NETWORK_INTERFACE_TYPES,
  VOLUME_TYPES,
} from '../facts/constants';
import {
  JsonSchema,
  bool,
  described,
  int,
  list,
  mapOf,
  obj,
  objectMetadata,
  oneOfStrings,
  str,
} from './schema-builders';

const tagMap = (): JsonSchema => mapOf(str(), 'a map of tag names to text values');

const selectorTerm = (): JsonSchema => obj({ tags: tagMap(), id: str(), name: str() });

const stringMap = (): JsonSchema => mapOf(str(), 'a map of names to text values');

export const nodeClassSchema: JsonSchema = obj({
  metadata: objectMetadata('EC2NodeClass'),
  alias: str(),
  allowLatestAmi: bool(),
  amiFamily: oneOfStrings(AMI_FAMILIES),
  amiSelectorTerms: list(
    obj({ alias: str(), id: str(), name: str(), owner: str(), ssmParameter: str(), tags: tagMap() }),
    1,
  ),
  role: str(),
  instanceProfile: str(),
  subnetSelectorTerms: list(obj({ tags: tagMap(), id: str() }), 1),
  securityGroupSelectorTerms: list(selectorTerm(), 1),
  userData: str(),
  bottlerocket: obj({ settings: { type: 'object', 'x-expected': 'a map of Bottlerocket settings' } }, [
    'settings',
  ]),
  blockDeviceMappings: list(
    obj(
      {
        deviceName: str(),
        rootVolume: bool(),
        ebs: obj(
          {
            volumeSize: { type: 'string', 'x-expected': 'a size such as 20Gi' },
            volumeType: oneOfStrings(VOLUME_TYPES),
            iops: int(0),
            throughput: int(0),
            encrypted: bool(),
            kmsKeyID: str(),
            deleteOnTermination: bool(),
            snapshotID: str(),
            volumeInitializationRate: described(
              int(100, 300),
              'MiB/s at which a volume created from snapshotID is initialized (100 to 300); needs snapshotID and Karpenter 1.14.1.',
            ),
          },
          ['volumeSize'],
        ),
      },
      ['deviceName', 'ebs'],
    ),
  ),
  metadataOptions: obj({
    httpEndpoint: oneOfStrings(['enabled', 'disabled']),
    httpProtocolIPv6: oneOfStrings(['enabled', 'disabled']),
    httpPutResponseHopLimit: int(1, 64),
    httpTokens: oneOfStrings(['required', 'optional']),
  }),
  kubelet: obj({
    maxPods: int(0, 10000),
    podsPerCore: int(0, 10000),
    systemReserved: stringMap(),
    kubeReserved: stringMap(),
    evictionHard: stringMap(),
    evictionSoft: stringMap(),
    evictionSoftGracePeriod: stringMap(),
    evictionMaxPodGracePeriod: int(0),
    imageGCHighThresholdPercent: int(0, 100),
    imageGCLowThresholdPercent: int(0, 100),
    cpuCFSQuota: bool(),
    clusterDNS: list(str()),
  }),
  tags: tagMap(),
  detailedMonitoring: bool(),
  associatePublicIPAddress: bool(),
  instanceStorePolicy: oneOfStrings(['RAID0']),
  capacityReservationSelectorTerms: described(
    list(
      obj({
        id: described(
          str(),
          'Capacity reservation ID (cr- followed by lower-case letters and digits); alone in its term.',
        ),
        ownerID: described(str(), '12-digit AWS account that owns the reservations selected by tags.'),
        tags: described(tagMap(), "Tags of the reservations to select; '*' selects any value."),
        instanceMatchCriteria: described(
          oneOfStrings(INSTANCE_MATCH_CRITERIA),
          'Select reservations by how they match instances: open or targeted.',
        ),
      }),
    ),
    'On-demand capacity reservations and capacity blocks the class may launch into (ORed terms). Pools that use them list the reserved capacity type; needs karpenter.featureGates.reservedCapacity: true and Karpenter 1.14.1.',
  ),
  networkInterfaces: described(
    list(
      obj(
        {
          networkCardIndex: int(0),
          deviceIndex: int(0),
          interfaceType: described(
            oneOfStrings(NETWORK_INTERFACE_TYPES),
            'interface (IP traffic, may carry EFA) or efa-only (EFA traffic only).',
          ),
        },
        ['networkCardIndex', 'deviceIndex', 'interfaceType'],
      ),
    ),
    'Network interfaces of each instance, e.g. one EFA interface per network card; must include the primary interface (card 0, device 0, interface). Karpenter 1.14.1.',
  ),
  cpuOptions: described(
    obj({ nestedVirtualization: oneOfStrings(NESTED_VIRTUALIZATION) }),
    'CPU options of the instances (nestedVirtualization: enabled limits instance types to those that support it). Karpenter 1.14.1.',
  ),
  placementGroupSelector: described(
    obj({
      id: described(str(), 'Placement group ID (pg- followed by lower-case letters and digits).'),
      name: described(str(), 'Placement group name.'),
    }),
    'Placement group to launch into, by id or by name (exactly one). Karpenter 1.14.1.',
  ),
  ipPrefixCount: described(
    int(0),
    'Number of IPv4 prefixes assigned to the primary network interface. Karpenter 1.14.1.',
  ),
  connectionTracking: described(
    obj({
      tcpEstablishedTimeout: described(int(60, 432000), 'Seconds, 60 to 432000.'),
      udpStreamTimeout: described(int(60, 180), 'Seconds, 60 to 180.'),
      udpTimeout: described(int(30, 60), 'Seconds, 30 to 60.'),
    }),
    'Idle connection-tracking timeouts of the interfaces Karpenter creates (at least one). Karpenter 1.14.1.',
  ),
  context: described(str(), 'EC2 Fleet Context (a reserved EC2 field, for AWS-provided values only).'),
  ...autoModeNodeClassProperties(),
});

/**
 * Fields only an EKS Auto Mode NodeClass has (karpenter.mode: eks-auto-mode); a self-managed
 * cluster that sets one gets an error at its line (model/check/check-eks-auto-mode.ts).
 * Sources: docs/eks-auto-mode.md and codegen/sources/eks-auto-mode/.
 */
function autoModeNodeClassProperties(): Record<string, JsonSchema> {
  const idOrTags = (): JsonSchema => obj({ tags: tagMap(), id: str() });
  return {
    ephemeralStorage: described(
      obj({
        size: described(
          { type: 'string', 'x-expected': 'a size such as 80Gi' },
          'Volume size: 1-59000Gi, 1-64000G, 1-58Ti or 1-64T (EKS default 80Gi).',
        ),
        iops: described(int(3000, 16000), 'IOPS, 3000 to 16000 (EKS default 3000).'),
        throughput: described(int(125, 1000), 'MiB/s, 125 to 1000 (EKS default 125).'),
        kmsKeyID: described(str(), 'Customer KMS key (ID, ARN, alias name or alias ARN) that encrypts the volume.'),
      }),
      'EKS Auto Mode only: the node ephemeral storage volume (what blockDeviceMappings are in self-managed Karpenter).',
    ),
    snatPolicy: described(
      oneOfStrings(AUTO_MODE_SNAT_POLICIES),
      'EKS Auto Mode only: source NAT of pod traffic, Random (EKS default) or Disabled.',
    ),
    networkPolicy: described(
      oneOfStrings(AUTO_MODE_NETWORK_POLICIES),
      'EKS Auto Mode only: default Kubernetes network policy, DefaultAllow (EKS default) or DefaultDeny.',
    ),
    networkPolicyEventLogs: described(
      oneOfStrings(AUTO_MODE_NETWORK_POLICY_EVENT_LOGS),
      'EKS Auto Mode only: network policy event logs, Disabled (EKS default) or Enabled.',
    ),
    podSubnetSelectorTerms: described(
      list(idOrTags(), 1),
      'EKS Auto Mode only: subnets for pods apart from the node subnets (set podSecurityGroupSelectorTerms with it).',
    ),
    podSecurityGroupSelectorTerms: described(
      list(idOrTags(), 1),
      'EKS Auto Mode only: security groups of pods in podSubnetSelectorTerms.',
    ),
    advancedNetworking: described(
      obj({
        httpsProxy: described(str(), 'Forward proxy URL, at most 255 characters.'),
        noProxy: described(list(str()), 'Destinations that bypass the proxy, at most 50.'),
        associatePublicIPAddress: described(bool(), 'Give the nodes public IP addresses.'),
      }),
      'EKS Auto Mode only: forward proxy and public IP addresses of the nodes.',
    ),
    advancedSecurity: described(
      obj({ fips: described(bool(), 'Use FIPS-validated cryptographic modules on the nodes.') }),
      'EKS Auto Mode only: security options of the node image.',
    ),
    certificateBundles: described(
      list(obj({ name: str(), data: str() }, ['name', 'data'])),
      'EKS Auto Mode only: extra CA certificates (base64 PEM) the nodes trust, e.g. for a proxy.',
    ),
  };
}
