/** Semantic checks of one node class (after the schema passed). */
import { ALIAS_FAMILIES, aliasVersionProblem, exampleAlias, parseAlias } from '../../facts/ami-alias';
import { aliasKubernetesProblem } from '../../facts/ami-publication';
import { renderBottlerocketToml, tomlProblem, TomlValue } from '../../facts/bottlerocket-toml';
import { checkAwsTags } from '../check-aws-tags';
import { checkBlockDevices } from './check-block-devices';
import { bottlerocketSettingsProblems } from './check-bottlerocket-settings';
import { checkBottlerocketUserData } from './check-bottlerocket-user-data';
import { checkUserData } from './check-user-data';
import { checkCapacityReservationTerms } from './check-capacity-reservations';
import { checkNodeClassNetwork } from './check-node-class-network';
import { checkKubelet } from './check-kubelet';
import { CheckContext } from '../check-context';
import { objectNameProblem } from '../check-names';
import { AmiFamily, TAGS } from '../../facts/constants';
import { FLEET_DEFAULTS } from '../../shared/fleet-defaults';
import { PathSegment } from '../../parse/located';
import { RawNodeClass, RawSelectorTerm } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

/** Volume sizes the EC2NodeClass CRD accepts (its own pattern: up to 59000Gi, 64000G, 58Ti, 64T). */
const VOLUME_SIZE =
  /^((?:[1-9][0-9]{0,3}|[1-4][0-9]{4}|[5][0-8][0-9]{3}|59000)Gi|(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|[6][0-3][0-9]{3}|64000)G|([1-9]|[1-5][0-7]|58)Ti|([1-9]|[1-5][0-9]|6[0-3]|64)T)$/;
/** IDs of AWS resources selected by id. */
const ID_PATTERNS = {
  subnet: /^subnet-[0-9a-z]+$/,
  securityGroup: /^sg-[0-9a-z]+$/,
  ami: /^ami-[0-9a-z]+$/,
} as const;
/** EC2 user data limit (raw, before base64). */
export const MAX_USER_DATA_BYTES = 16 * 1024;
/** Tags Karpenter sets itself: an EC2NodeClass may not set them. */
const RESERVED_TAG_KEYS: readonly string[] = [TAGS.eksCluster, TAGS.nodePool, TAGS.nodeClaim, TAGS.nodeClass];
const RESERVED_TAG_PREFIX = 'kubernetes.io/cluster/';

export function checkNodeClass(ctx: CheckContext, name: string, nc: RawNodeClass): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodeClasses', name, ...rest];
  const nameProblem = objectNameProblem('node class', name);
  if (nameProblem) ctx.error(at(), nameProblem.message, nameProblem.fix, 'key');

  // AMI: exactly one of alias / amiSelectorTerms.
  if (nc.alias !== undefined && nc.amiSelectorTerms !== undefined) {
    ctx.error(
      at('alias'),
      'alias and amiSelectorTerms are both set',
      'Keep one: alias is shorthand for amiSelectorTerms: [{ alias }]',
      'key',
    );
  } else if (nc.alias === undefined && nc.amiSelectorTerms === undefined) {
    ctx.error(
      at(),
      'the node class names no AMI',
      `Add alias: ${exampleAlias('AL2023')} (a pinned family@version), or amiSelectorTerms`,
      'key',
    );
  }
  const aliases: { path: PathSegment[]; alias: string }[] = [];
  if (nc.alias !== undefined) aliases.push({ path: at('alias'), alias: nc.alias });
  (nc.amiSelectorTerms ?? []).forEach((term, i) => {
    const fields = Object.keys(term);
    if (fields.length === 0) {
      ctx.error(
        at('amiSelectorTerms', i),
        'AMI selector term is empty',
        'Give alias, id, name, ssmParameter or tags',
      );
    }
    if (term.alias !== undefined) {
      aliases.push({ path: at('amiSelectorTerms', i, 'alias'), alias: term.alias });
      if (fields.length > 1) {
        ctx.error(
          at('amiSelectorTerms', i, 'alias'),
          'alias cannot be combined with other fields in one AMI selector term',
          'Use the alias alone',
        );
      }
      if ((nc.amiSelectorTerms ?? []).length > 1) {
        ctx.error(
          at('amiSelectorTerms', i, 'alias'),
          'an alias term must be the only AMI selector term',
          'Remove the other terms, or drop the alias',
        );
      }
    }
    if (term.id !== undefined && fields.length > 1) {
      ctx.error(
        at('amiSelectorTerms', i, 'id'),
        'id cannot be combined with other fields in one AMI selector term',
        'Use the id alone',
      );
    }
  });
  let aliasFamily: AmiFamily | undefined;
  for (const { path, alias } of aliases) {
    const parsed = parseAlias(alias);
    if (!parsed) {
      ctx.error(
        path,
        `'${show(alias)}' is not an AMI alias of the form family@version`,
        `Write e.g. ${exampleAlias('AL2023')} or ${exampleAlias('Bottlerocket')}`,
      );
      continue;
    }
    if (!parsed.amiFamily) {
      ctx.error(
        path,
        `unknown AMI alias family '${parsed.family}'`,
        `Use one of: ${Object.keys(ALIAS_FAMILIES).join(', ')}`,
      );
      continue;
    }
    aliasFamily = parsed.amiFamily;
    const kubernetesVersion = ctx.raw.kubernetesVersion ?? FLEET_DEFAULTS.kubernetesVersion;
    const unpublished = aliasKubernetesProblem(parsed.family, kubernetesVersion);
    if (unpublished) {
      const implied = ctx.raw.kubernetesVersion === undefined ? ' (kubernetesVersion defaults to it)' : '';
      ctx.error(path, `${unpublished.message}${implied}`, unpublished.fix);
    }
    const versionProblem = aliasVersionProblem(parsed);
    if (versionProblem) {
      ctx.error(path, versionProblem.message, versionProblem.fix);
    } else if (parsed.version === 'latest') {
      const pinned = exampleAlias(parsed.amiFamily);
      const pin =
        pinned !== undefined && !pinned.endsWith('@latest')
          ? `Pin a version such as ${pinned}`
          : 'Pin with amiSelectorTerms by AMI id (Windows aliases cannot be pinned)';
      if (nc.allowLatestAmi === true) {
        ctx.warn(
          path,
          `'${show(alias)}' is not pinned: nodes change AMI whenever a new one is released, without a change in Git`,
          `${pin} and remove allowLatestAmi`,
        );
      } else {
        ctx.error(
          path,
          `'${show(alias)}' is not pinned: nodes would change AMI without a change in Git`,
          `${pin}, or set allowLatestAmi: true to accept this knowingly`,
        );
      }
    }
  }
  if (
    nc.amiFamily !== undefined &&
    nc.amiFamily !== 'Custom' &&
    aliasFamily !== undefined &&
    nc.amiFamily !== aliasFamily
  ) {
    ctx.error(
      at('amiFamily'),
      `amiFamily ${nc.amiFamily} does not match the alias family ${aliasFamily}`,
      'Remove amiFamily (the alias sets it), or use Custom with your own userData',
    );
  }
  if (
    nc.amiSelectorTerms !== undefined &&
    aliasFamily === undefined &&
    aliases.length === 0 &&
    nc.amiFamily === undefined
  ) {
    ctx.error(
      at('amiSelectorTerms'),
      'amiFamily is required when no AMI selector term is an alias',
      'Add amiFamily (e.g. AL2023), which decides the userData format',
    );
  }

  if (nc.role !== undefined && nc.instanceProfile !== undefined) {
    ctx.error(
      at('instanceProfile'),
      'role and instanceProfile are both set',
      'Keep one: role (Karpenter manages the instance profile) or instanceProfile',
      'key',
    );
  }

  if (nc.userData !== undefined && nc.bottlerocket !== undefined) {
    ctx.error(
      at('bottlerocket'),
      'userData and bottlerocket are both set',
      'Keep one: bottlerocket.settings is rendered to userData',
      'key',
    );
  }
  if (nc.bottlerocket !== undefined) {
    const family = nc.amiFamily ?? aliasFamily;
    if (family !== undefined && family !== 'Bottlerocket') {
      ctx.error(
        at('bottlerocket'),
        `bottlerocket settings need a Bottlerocket AMI, but the AMI family is ${family}`,
        `Use alias: ${exampleAlias('Bottlerocket')}, or write userData for this family`,
        'key',
      );
    }
    for (const [key, value] of Object.entries(nc.bottlerocket.settings)) {
      const problem = tomlProblem(value);
      if (problem)
        ctx.error(
          at('bottlerocket', 'settings', key),
          `cannot be written to TOML: ${problem}`,
          'Give every setting a value',
        );
    }
  }

  checkSelectorTerms(ctx, at('subnetSelectorTerms'), nc.subnetSelectorTerms, 'subnet');
  checkSelectorTerms(ctx, at('securityGroupSelectorTerms'), nc.securityGroupSelectorTerms, 'securityGroup');
  (nc.amiSelectorTerms ?? []).forEach((term, i) => {
    if (term.id !== undefined && !ID_PATTERNS.ami.test(term.id)) {
      ctx.error(
        at('amiSelectorTerms', i, 'id'),
        `'${show(term.id)}' is not an AMI ID`,
        'Write ami- followed by lower-case letters and digits',
      );
    }
  });

  let roots = 0;
  (nc.blockDeviceMappings ?? []).forEach((b, i) => {
    if (b.rootVolume === true) roots++;
    if (roots > 1 && b.rootVolume === true) {
      ctx.error(
        at('blockDeviceMappings', i, 'rootVolume'),
        'more than one block device is the root volume',
        'Set rootVolume: true on one device only',
      );
    }
    if (!VOLUME_SIZE.test(b.ebs.volumeSize)) {
      ctx.error(
        at('blockDeviceMappings', i, 'ebs', 'volumeSize'),
        `'${show(b.ebs.volumeSize)}' is not a volume size EBS and Karpenter accept`,
        'Write a whole size in Gi, G, Ti or T (at most 59000Gi / 64000G / 58Ti / 64T), e.g. 20Gi',
      );
    }
    if (b.ebs.volumeInitializationRate !== undefined && (b.ebs.snapshotID ?? '') === '') {
      ctx.error(
        at('blockDeviceMappings', i, 'ebs', 'volumeInitializationRate'),
        'volumeInitializationRate is set but the volume is not created from a snapshot',
        'Add snapshotID (the rate is how fast the snapshot is copied to the volume), or remove volumeInitializationRate',
        'key',
      );
    }
    if (b.ebs.encrypted === false) {
      if (b.ebs.kmsKeyID !== undefined) {
        ctx.error(
          at('blockDeviceMappings', i, 'ebs', 'kmsKeyID'),
          'kmsKeyID is set but encrypted is false',
          'Remove encrypted: false (volumes are encrypted by default)',
        );
      } else {
        ctx.warn(
          at('blockDeviceMappings', i, 'ebs', 'encrypted'),
          'volume is not encrypted',
          'Remove encrypted: false unless you really need unencrypted volumes',
        );
      }
    }
  });

  if (nc.metadataOptions?.httpTokens === 'optional') {
    ctx.warn(
      at('metadataOptions', 'httpTokens'),
      'IMDSv1 is allowed (httpTokens: optional)',
      'Use httpTokens: required (IMDSv2) unless a workload cannot',
    );
  }
  checkNodeClassTags(ctx, at('tags'), nc.tags);
  // Cluster tags are checked (and counted) at the cluster; these land on instances and volumes.
  checkAwsTags(ctx, at('tags'), nc.tags, 0);
  if (nc.userData !== undefined && Buffer.byteLength(nc.userData, 'utf8') > MAX_USER_DATA_BYTES) {
    ctx.error(
      at('userData'),
      `userData is ${Buffer.byteLength(nc.userData, 'utf8')} bytes, more than the ${MAX_USER_DATA_BYTES} EC2 accepts`,
      'Move the bulk into a script the node downloads, and keep userData short',
    );
  }
  if (nc.bottlerocket !== undefined && nc.bottlerocket.settings !== null) {
    const settings = nc.bottlerocket.settings as { readonly [key: string]: TomlValue };
    if (tomlProblem(settings) === undefined) {
      const bytes = Buffer.byteLength(renderBottlerocketToml(settings), 'utf8');
      if (bytes > MAX_USER_DATA_BYTES) {
        ctx.error(
          at('bottlerocket', 'settings'),
          `the settings render to ${bytes} bytes of userData, more than the ${MAX_USER_DATA_BYTES} EC2 accepts`,
          'Set fewer Bottlerocket settings',
          'key',
        );
      }
    }
  }
  if (nc.kubelet) checkKubelet(ctx, at('kubelet'), nc.kubelet);

  // What the AMI family does with the class (model/facts/ami-families.ts).
  const family = nc.amiFamily ?? aliasFamily;
  checkBlockDevices(ctx, at, nc, family);
  checkUserData(ctx, at, nc, family);
  // With bottlerocket.settings too, the conflict is already reported: one of them goes.
  if (family === 'Bottlerocket' && nc.bottlerocket === undefined)
    checkBottlerocketUserData(ctx, at('userData'), nc);
  const settings: unknown = nc.bottlerocket?.settings;
  if (
    (family === undefined || family === 'Bottlerocket') &&
    typeof settings === 'object' &&
    settings !== null
  ) {
    for (const p of bottlerocketSettingsProblems(settings as Record<string, unknown>, nc)) {
      const path = at('bottlerocket', 'settings', ...p.path);
      if (p.severity === 'error') ctx.error(path, p.message, p.fix, p.anchor);
      else ctx.warn(path, p.message, p.fix, p.anchor);
    }
  }
  checkCapacityReservationTerms(ctx, at, nc);
  checkNodeClassNetwork(ctx, at, nc);
}

/** Node class tags (cluster tags are merged under them, so they are checked here too). */
export function checkNodeClassTags(
  ctx: CheckContext,
  path: PathSegment[],
  tags: Readonly<Record<string, string>> | undefined,
): void {
  for (const key of Object.keys(tags ?? {})) {
    if (key === '') {
      ctx.error([...path, key], 'empty tag keys are not supported', 'Give the tag a key', 'key');
    } else if (RESERVED_TAG_KEYS.includes(key) || key.startsWith(RESERVED_TAG_PREFIX)) {
      ctx.error(
        [...path, key],
        `tag '${show(key)}' is set by Karpenter itself`,
        'Remove it (Karpenter tags every instance with the cluster, node pool, node claim and node class)',
        'key',
      );
    }
  }
}

function checkSelectorTerms(
  ctx: CheckContext,
  path: PathSegment[],
  terms: readonly RawSelectorTerm[] | undefined,
  kind: 'subnet' | 'securityGroup',
): void {
  (terms ?? []).forEach((term, i) => {
    if (term.id !== undefined && !ID_PATTERNS[kind].test(term.id)) {
      const prefix = kind === 'subnet' ? 'subnet-' : 'sg-';
      ctx.error(
        [...path, i, 'id'],
        `'${show(term.id)}' is not a ${kind === 'subnet' ? 'subnet' : 'security group'} ID`,
        `Write ${prefix} followed by lower-case letters and digits`,
      );
    }
    const fields = Object.keys(term);
    if (fields.length === 0) ctx.error([...path, i], 'selector term is empty', 'Give tags or id');
    const alone = (['id', 'name'] as const).find((f) => term[f] !== undefined);
    if (alone !== undefined && fields.length > 1) {
      ctx.error(
        [...path, i, alone],
        `${alone} cannot be combined with other fields in one selector term`,
        `Put the ${alone} in a term of its own`,
      );
    }
    for (const [key, value] of Object.entries(term.tags ?? {})) {
      if (key === '' || value === '') {
        ctx.error(
          [...path, i, 'tags', key],
          'empty tag keys or values cannot select anything',
          "Give the tag and its value, or '*' for any value",
        );
      }
    }
  });
}
