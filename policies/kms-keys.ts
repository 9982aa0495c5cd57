/**
 * Customer KMS keys the controller needs to use, from the node classes' block device
 * mappings and the interruption queue. A key may be given as key ARN, key ID, alias name
 * or alias ARN; IAM can only name keys by key ARN, so aliases become a
 * `kms:ResourceAliases` condition on the keys of the alias's account and region.
 */
import { AwsLocation, ClusterModel, compareCodeUnits } from '../model';
import { arnBuilder } from './partition';

export interface KmsKeyRefs {
  /** Key ARNs, sorted, deduplicated. */
  readonly keyArns: readonly string[];
  /** Aliases (`alias/<name>`) grouped by the key-ARN pattern of their account and region, sorted. */
  readonly aliases: readonly { readonly keysArn: string; readonly aliases: readonly string[] }[];
}

const KEY_ARN = /^arn:([a-z-]+):kms:([a-z0-9-]+):(\d{12}):key\/(.+)$/;
const ALIAS_ARN = /^arn:([a-z-]+):kms:([a-z0-9-]+):(\d{12}):(alias\/.+)$/;

/** Normalise customer key references into key ARNs and alias conditions. */
export function kmsKeyRefs(aws: AwsLocation, refs: Iterable<string>): KmsKeyRefs {
  const keyArns = new Set<string>();
  const aliases = new Map<string, Set<string>>();
  const addAlias = (keysArn: string, alias: string) => {
    const set = aliases.get(keysArn) ?? new Set<string>();
    set.add(alias);
    aliases.set(keysArn, set);
  };
  for (const ref of refs) {
    if (KEY_ARN.test(ref)) keyArns.add(ref);
    else if (ALIAS_ARN.test(ref)) {
      const [, partition, region, account, alias] = ALIAS_ARN.exec(ref) as RegExpExecArray;
      addAlias(`arn:${partition}:kms:${region}:${account}:key/*`, alias);
    } else if (ref.startsWith('alias/')) addAlias(arnBuilder(aws).kmsKeys(), ref);
    else keyArns.add(arnBuilder(aws).kmsKey(ref));
  }
  return {
    keyArns: [...keyArns].sort(),
    aliases: [...aliases.entries()]
      .sort(([a], [b]) => compareCodeUnits(a, b))
      .map(([keysArn, set]) => ({ keysArn, aliases: [...set].sort() })),
  };
}

export function isEmpty(refs: KmsKeyRefs): boolean {
  return refs.keyArns.length === 0 && refs.aliases.length === 0;
}

/** Customer keys any node class encrypts EBS volumes with. */
export function volumeKmsKeys(cluster: ClusterModel): KmsKeyRefs {
  const ids = cluster.nodeClasses.flatMap((nc) => [
    ...nc.blockDeviceMappings.flatMap((bdm) => (bdm.ebs.kmsKeyID !== undefined ? [bdm.ebs.kmsKeyID] : [])),
    // EKS Auto Mode: the node volume's key.
    ...(nc.autoMode?.ephemeralStorage?.kmsKeyID !== undefined ? [nc.autoMode.ephemeralStorage.kmsKeyID] : []),
  ]);
  return kmsKeyRefs(cluster.aws, ids);
}

/** The interruption queue's customer key, if it has one. */
export function queueKmsKeys(cluster: ClusterModel): KmsKeyRefs {
  const key = cluster.karpenter.interruptionQueue.kmsKeyArn;
  return kmsKeyRefs(cluster.aws, key !== undefined ? [key] : []);
}
