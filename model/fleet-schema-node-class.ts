/** JSON Schema of one entry of `nodeClasses:` (an EC2NodeClass). */
import { AMI_FAMILIES, VOLUME_TYPES } from './constants';
import { JsonSchema, bool, int, list, mapOf, obj, oneOfStrings, str } from './schema-builders';

const tagMap = (): JsonSchema => mapOf(str(), 'a map of tag names to text values');

const selectorTerm = (): JsonSchema => obj({ tags: tagMap(), id: str(), name: str() });

const stringMap = (): JsonSchema => mapOf(str(), 'a map of names to text values');

export const nodeClassSchema: JsonSchema = obj({
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
});
