/**
 * Block devices checked against what the AMI family does with them (model/facts/ami-families.ts):
 * a list of mappings replaces the family's defaults whole, and the node's ephemeral-storage
 * capacity is read from the `rootVolume: true` mapping, else the family's data device
 * (Karpenter v1.14.1 pkg/providers/instancetype/types.go, ephemeralStorage).
 */
import { behaviourOf } from '../../facts/ami-families';
import { CheckContext } from '../check-context';
import { AmiFamily } from '../../facts/constants';
import { PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

type Mapping = NonNullable<RawNodeClass['blockDeviceMappings']>[number];

export function checkBlockDevices(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  nc: RawNodeClass,
  family: AmiFamily | undefined,
): void {
  const mappings = nc.blockDeviceMappings ?? [];
  if (mappings.length === 0 || family === undefined) return;
  const b = behaviourOf(family);
  const data = b.dataDevice;
  const dataIndex = data === undefined ? -1 : mappings.findIndex((m) => m.deviceName === data);
  const rootIndex = mappings.findIndex((m) => m.rootVolume === true);

  // Bottlerocket: xvda is only the OS; without an xvdb mapping the data volume is the AMI's own.
  if (b.osDevice !== undefined && data !== undefined && dataIndex < 0) {
    const osIndex = mappings.findIndex((m) => m.deviceName === b.osDevice);
    if (osIndex >= 0) {
      const os = mappings[osIndex];
      ctx.error(
        at('blockDeviceMappings', osIndex, 'deviceName'),
        `${b.osDevice} is only ${family}'s OS volume, and no mapping names its data volume ${data}: containers, images and pods' ephemeral storage get ${data} at the AMI's default size${os.ebs.kmsKeyID !== undefined ? ', not encrypted with your key' : ''}`,
        `Keep ${b.osDevice} small (volumeSize: ${defaultSize(family, b.osDevice)}) and add a mapping for ${data} with rootVolume: true, volumeSize: ${os.ebs.volumeSize}${os.ebs.kmsKeyID !== undefined ? ' and the kmsKeyID' : ''}`,
      );
    }
  }

  // rootVolume decides the node's ephemeral-storage capacity: it must be the data device.
  if (rootIndex >= 0 && data !== undefined && mappings[rootIndex].deviceName !== data) {
    const root = mappings[rootIndex];
    ctx.error(
      at('blockDeviceMappings', rootIndex, 'rootVolume'),
      `rootVolume: true on ${show(root.deviceName)}, but ${family} keeps pods' ephemeral storage on ${data}: Karpenter would advertise ${root.ebs.volumeSize} of ephemeral storage that pods do not get`,
      `Move rootVolume: true to the ${data} mapping${dataIndex < 0 ? ` (add one with volumeSize: ${root.ebs.volumeSize})` : ''}`,
    );
  }

  // A customer key on some volumes but not on the one holding pod data.
  const keyed = mappings.filter((m) => m.ebs.kmsKeyID !== undefined);
  const podData = podDataIndex(mappings, data, rootIndex);
  if (keyed.length > 0 && podData >= 0 && mappings[podData].ebs.kmsKeyID === undefined) {
    ctx.warn(
      at('blockDeviceMappings', podData, 'ebs'),
      `${show(mappings[podData].deviceName)} holds pods' data but is not encrypted with the customer KMS key the other volumes use (it gets the account's default EBS key)`,
      `Add kmsKeyID: ${show(keyed[0].ebs.kmsKeyID ?? '')} to this mapping`,
    );
  }

  // RAID0: ephemeral storage is the instance store; the root volume's size no longer counts.
  if (nc.instanceStorePolicy === 'RAID0' && rootIndex >= 0) {
    ctx.warn(
      at('blockDeviceMappings', rootIndex, 'ebs', 'volumeSize'),
      `with instanceStorePolicy: RAID0, pods' ephemeral storage is the instance store on types that have one, so this rootVolume size of ${mappings[rootIndex].ebs.volumeSize} is not what pods get there`,
      `Size the volume for the OS and images only, and pick instance types with local NVMe storage; or remove instanceStorePolicy`,
    );
  }
}

/** The mapping Karpenter counts as holding pod data: rootVolume, else the family's data device. */
function podDataIndex(mappings: readonly Mapping[], data: string | undefined, rootIndex: number): number {
  if (data === undefined) return rootIndex;
  return mappings.findIndex((m) => m.deviceName === data);
}

function defaultSize(family: AmiFamily, device: string): string {
  return behaviourOf(family).defaultBlockDevices.find((d) => d.deviceName === device)?.volumeSize ?? '20Gi';
}
