/** Semantic checks of one node class (after the schema passed). */
import { ALIAS_FAMILIES, parseAlias } from './ami-alias';
import { tomlProblem } from './bottlerocket-toml';
import { CheckContext } from './check-context';
import { objectNameProblem } from './check-names';
import { TAGS } from './constants';
import { didYouMean } from './did-you-mean';
import { PathSegment } from './located';
import { RawNodeClass, RawSelectorTerm } from './raw-fleet';
import { show } from './show-value';

const VOLUME_SIZE = /^[1-9][0-9]*(Gi|G|Ti|T)$/;
/** Eviction signals the kubelet settings of an EC2NodeClass accept. */
const EVICTION_SIGNALS = [
  'memory.available',
  'nodefs.available',
  'nodefs.inodesFree',
  'imagefs.available',
  'imagefs.inodesFree',
  'pid.available',
] as const satisfies readonly string[];
/** Resources kubeReserved / systemReserved accept. */
const RESERVED_RESOURCES = ['cpu', 'memory', 'ephemeral-storage', 'pid'] as const satisfies readonly string[];
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
      'Add alias: al2023@v20250505 (a pinned family@version), or amiSelectorTerms',
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
  let aliasFamily: string | undefined;
  for (const { path, alias } of aliases) {
    const parsed = parseAlias(alias);
    if (!parsed) {
      ctx.error(
        path,
        `'${show(alias)}' is not an AMI alias of the form family@version`,
        'Write e.g. al2023@v20250505 or bottlerocket@v1.39.1',
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
    if (parsed.amiFamily.startsWith('Windows') && parsed.version !== 'latest') {
      ctx.error(
        path,
        `Windows AMI aliases cannot be pinned ('${show(alias)}')`,
        `Karpenter accepts only ${parsed.family}@latest; set allowLatestAmi: true, or pin with amiSelectorTerms by id`,
      );
    } else if (parsed.version === 'latest') {
      if (nc.allowLatestAmi === true) {
        ctx.warn(
          path,
          `'${show(alias)}' is not pinned: nodes change AMI whenever a new one is released, without a change in Git`,
          `Pin a version such as ${parsed.family}@v20250505 and remove allowLatestAmi`,
        );
      } else {
        ctx.error(
          path,
          `'${show(alias)}' is not pinned: nodes would change AMI without a change in Git`,
          `Pin a version such as ${parsed.family}@v20250505, or set allowLatestAmi: true to accept this knowingly`,
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
        'Use alias: bottlerocket@v1.39.1, or write userData for this family',
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

  checkSelectorTerms(ctx, at('subnetSelectorTerms'), nc.subnetSelectorTerms);
  checkSelectorTerms(ctx, at('securityGroupSelectorTerms'), nc.securityGroupSelectorTerms);

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
        `'${show(b.ebs.volumeSize)}' is not a volume size`,
        'Write a whole size in Gi, G, Ti or T, e.g. 20Gi',
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
  const k = nc.kubelet;
  if (k) {
    const keyed: [keyof typeof k, readonly string[]][] = [
      ['evictionHard', EVICTION_SIGNALS],
      ['evictionSoft', EVICTION_SIGNALS],
      ['evictionSoftGracePeriod', EVICTION_SIGNALS],
      ['kubeReserved', RESERVED_RESOURCES],
      ['systemReserved', RESERVED_RESOURCES],
    ];
    for (const [field, allowed] of keyed) {
      for (const key of Object.keys((k[field] as Readonly<Record<string, string>> | undefined) ?? {})) {
        if (allowed.includes(key)) continue;
        const guess = didYouMean(key, allowed);
        ctx.error(
          at('kubelet', field, key),
          `'${show(key)}' is not a valid key of kubelet.${field}`,
          `${guess ? `Did you mean '${guess}'? ` : ''}Use one of: ${allowed.join(', ')}`,
          'key',
        );
      }
    }
    if (
      k.imageGCHighThresholdPercent !== undefined &&
      k.imageGCLowThresholdPercent !== undefined &&
      k.imageGCLowThresholdPercent >= k.imageGCHighThresholdPercent
    ) {
      ctx.error(
        at('kubelet', 'imageGCLowThresholdPercent'),
        'imageGCLowThresholdPercent must be lower than imageGCHighThresholdPercent',
        'Lower it below the high threshold',
      );
    }
    const soft = Object.keys(k.evictionSoft ?? {}).sort();
    const grace = Object.keys(k.evictionSoftGracePeriod ?? {}).sort();
    for (const key of soft.filter((s) => !grace.includes(s))) {
      ctx.error(
        at('kubelet', 'evictionSoft', key),
        `evictionSoft '${show(key)}' has no grace period`,
        `Add kubelet.evictionSoftGracePeriod.${show(key)}, e.g. 1m`,
        'key',
      );
    }
    for (const key of grace.filter((g) => !soft.includes(g))) {
      ctx.error(
        at('kubelet', 'evictionSoftGracePeriod', key),
        `grace period for '${show(key)}' has no evictionSoft threshold`,
        `Add kubelet.evictionSoft.${show(key)}, or remove this`,
        'key',
      );
    }
  }
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
): void {
  (terms ?? []).forEach((term, i) => {
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
