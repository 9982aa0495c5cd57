/** Semantic checks of one node class (after the schema passed). */
import { show } from './show-value';
import { ALIAS_FAMILIES, parseAlias } from './ami-alias';
import { tomlProblem } from './bottlerocket-toml';
import { CheckContext } from './check-context';
import { objectNameProblem } from './check-names';
import { PathSegment } from './located';
import { RawNodeClass, RawSelectorTerm } from './raw-fleet';

const VOLUME_SIZE = /^[1-9][0-9]*(Gi|G|Ti|T)$/;

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
    if (parsed.version === 'latest') {
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
  if (nc.amiFamily !== undefined && aliasFamily !== undefined && nc.amiFamily !== aliasFamily) {
    ctx.error(
      at('amiFamily'),
      `amiFamily ${nc.amiFamily} does not match the alias family ${aliasFamily}`,
      'Remove amiFamily: the alias sets it',
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
  const k = nc.kubelet;
  if (k) {
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

function checkSelectorTerms(
  ctx: CheckContext,
  path: PathSegment[],
  terms: readonly RawSelectorTerm[] | undefined,
): void {
  (terms ?? []).forEach((term, i) => {
    const fields = Object.keys(term);
    if (fields.length === 0) ctx.error([...path, i], 'selector term is empty', 'Give tags or id');
    if (term.id !== undefined && fields.length > 1) {
      ctx.error(
        [...path, i, 'id'],
        'id cannot be combined with other fields in one selector term',
        'Put the id in a term of its own',
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
