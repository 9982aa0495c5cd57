/** Semantic checks of one node class (after the schema passed), in the order they report. */
import { checkAwsTags } from '../check-aws-tags';
import { CheckContext } from '../check-context';
import { objectNameProblem } from '../check-names';
import { checkAmi } from './check-ami';
import { checkBlockDeviceMappings } from './check-block-device-mappings';
import { checkBlockDevices } from './check-block-devices';
import {
  checkBottlerocketBlock,
  checkBottlerocketSettings,
  checkBottlerocketSize,
} from './check-bottlerocket';
import { checkBottlerocketUserData } from './check-bottlerocket-user-data';
import { checkCapacityReservationTerms } from './check-capacity-reservations';
import { checkKubelet } from './check-kubelet';
import { checkFreeFormKubelet, nodeClassCelGateOn } from './check-free-form-kubelet';
import { builtInCrdTraits, CrdTraits, loadCrdTraits } from '../../facts/crd-traits';
import { AmiFamily } from '../../facts/constants';
import { checkNodeClassNetwork } from './check-node-class-network';
import { checkNodeClassTags } from './check-node-class-tags';
import { checkNodeClassSelectorTerms } from './check-selector-terms';
import { checkUserData } from './check-user-data';
import { checkUserDataSize } from './check-user-data-size';
import { PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';

export { checkNodeClassTags } from './check-node-class-tags';
export { MAX_USER_DATA_BYTES } from './check-user-data-size';

export function checkNodeClass(ctx: CheckContext, name: string, nc: RawNodeClass): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodeClasses', name, ...rest];
  const nameProblem = objectNameProblem('node class', name);
  if (nameProblem) ctx.error(at(), nameProblem.message, nameProblem.fix, 'key');
  const aliasFamily = checkAmi(ctx, at, nc);
  // What the AMI family does with the class (model/facts/ami-families.ts).
  const family = nc.amiFamily ?? aliasFamily;
  checkRoleOrInstanceProfile(ctx, at, nc);
  // On an imported version, the family and kubelet rules run only where their schema paths
  // carried over (model/facts/carry-over.ts).
  const families = ctx.applies('AMI families');
  if (families) checkBottlerocketBlock(ctx, at, nc, family);
  checkNodeClassSelectorTerms(ctx, at, nc);
  checkBlockDeviceMappings(ctx, at, nc);
  checkMetadataOptions(ctx, at, nc);
  checkNodeClassTags(ctx, at('tags'), nc.tags);
  // Cluster tags are checked (and counted) at the cluster; these land on instances and volumes.
  checkAwsTags(ctx, at('tags'), nc.tags, 0);
  checkUserDataSize(ctx, at('userData'), nc.userData);
  checkBottlerocketSize(ctx, at, nc);
  const imported = ctx.importedKarpenter;
  const traits = imported ? loadCrdTraits(imported.artifactDir) : builtInCrdTraits(ctx.karpenterVersion);
  checkNodeClassKubelet(ctx, at('kubelet'), nc, family, traits);
  if (families) checkBlockDevices(ctx, at, nc, family);
  if (families) checkUserData(ctx, at, nc, family);
  // With bottlerocket.settings too, the conflict is already reported: one of them goes.
  if (families && family === 'Bottlerocket' && nc.bottlerocket === undefined)
    checkBottlerocketUserData(ctx, at('userData'), nc);
  if (families) checkBottlerocketSettings(ctx, at, nc, family);
  checkCapacityReservationTerms(ctx, at, nc);
  checkNodeClassNetwork(ctx, at, nc);
}

/**
 * The checks of an EKS Auto Mode NodeClass that the EC2NodeClass shares: name, role or
 * instance profile, selector terms, tags (model/check/check-eks-auto-mode.ts does the rest).
 */
export function checkAutoModeNodeClass(ctx: CheckContext, name: string, nc: RawNodeClass): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodeClasses', name, ...rest];
  const nameProblem = objectNameProblem('node class', name);
  if (nameProblem) ctx.error(at(), nameProblem.message, nameProblem.fix, 'key');
  checkRoleOrInstanceProfile(ctx, at, nc);
  checkNodeClassSelectorTerms(ctx, at, nc);
  checkNodeClassTags(ctx, at('tags'), nc.tags);
  checkAwsTags(ctx, at('tags'), nc.tags, 0);
}

/**
 * The kubelet rules of the version's CRD shape (model/facts/crd-traits.ts), not of its number: a
 * free-form kubelet gets the per-family rules of check-free-form-kubelet.ts (written for that
 * shape, so they apply whatever the carry-over says of the typed rules); a typed one those of
 * check-kubelet.ts, on an imported version only where they carry over (model/facts/carry-over.ts).
 */
export function checkNodeClassKubelet(
  ctx: CheckContext,
  path: readonly PathSegment[],
  nc: RawNodeClass,
  family: AmiFamily | undefined,
  traits: CrdTraits | undefined,
): void {
  if (!nc.kubelet) return;
  if (traits?.kubelet === 'free-form') {
    const gateOn = nodeClassCelGateOn(ctx.raw.karpenter?.helmValues);
    checkFreeFormKubelet(ctx, path, nc.kubelet, family, gateOn);
  } else if (ctx.applies('kubelet rules')) checkKubelet(ctx, path, nc.kubelet);
}

/** At most one of role / instanceProfile. */
function checkRoleOrInstanceProfile(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  nc: RawNodeClass,
): void {
  if (nc.role !== undefined && nc.instanceProfile !== undefined) {
    ctx.error(
      at('instanceProfile'),
      'role and instanceProfile are both set',
      'Keep one: role (Karpenter manages the instance profile) or instanceProfile',
      'key',
    );
  }
}

/** IMDSv2 unless a workload cannot. */
function checkMetadataOptions(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  nc: RawNodeClass,
): void {
  if (nc.metadataOptions?.httpTokens === 'optional') {
    ctx.warn(
      at('metadataOptions', 'httpTokens'),
      'IMDSv1 is allowed (httpTokens: optional)',
      'Use httpTokens: required (IMDSv2) unless a workload cannot',
    );
  }
}
