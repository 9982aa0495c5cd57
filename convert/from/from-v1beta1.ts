/**
 * v1beta1 `NodePool` and `EC2NodeClass` (Karpenter v0.32–v0.37) → drafts. Facts from
 * Karpenter's v1 migration guide: WhenUnderutilized was renamed, expireAfter moved into
 * the template, kubelet moved to the node class, nodeClassRef.apiVersion became group,
 * AMI selection needs terms or an alias, the metadata hop limit default dropped to 1.
 */
import { chooseAmi } from '../ami-selection';
import { DocumentContext } from '../document-context';
import { readNodePoolTemplate, TEMPLATE_SPEC } from '../node-pool-template';
import { NodeClassDraft, NodePoolDraft } from '../drafts';
import { isDurationOrNever, simplifyDuration } from '../durations';
import { dropRemovedTags, reportHopLimitDefault } from '../legacy-class-fields';
import { keepMetadata, reportObjectExtras } from '../object-metadata';
import {
  readAmiTerms,
  readBlockDeviceMappings,
  readBudgets,
  readKubelet,
  readMetadataOptions,
  readSelectorTerms,
} from '../v1-fields';

export function convertV1beta1NodePool(ctx: DocumentContext): NodePoolDraft {
  const name = ctx.doc.name;
  const t = `nodePools.${name}`;
  const metadata = reportObjectExtras(ctx, t, true);
  const ts = [...TEMPLATE_SPEC];
  const pool = readNodePoolTemplate(ctx, {
    version: 'v1beta1',
    specFields: ['template', 'disruption', 'limits', 'weight'],
    templateSpecFields: ['nodeClassRef', 'requirements', 'taints', 'startupTaints', 'kubelet', 'resources'],
  });
  keepMetadata(pool, metadata);

  readNodeClassRef(ctx, pool, 'karpenter.k8s.aws/v1beta1');

  if (ctx.has([...ts, 'resources'])) {
    ctx.report(
      'info',
      'dropped',
      [...ts, 'resources'],
      '',
      'resources left out',
      'Karpenter never used template resources and v1 removed the field',
    );
  }
  pool.poolKubelet = ctx.has([...ts, 'kubelet'])
    ? { value: readKubelet(ctx, [...ts, 'kubelet']), path: [...ts, 'kubelet'] }
    : { path: ts };

  const d = ['spec', 'disruption'];
  ctx.dropUnknownKeys(
    d,
    ['consolidationPolicy', 'consolidateAfter', 'expireAfter', 'budgets'],
    'NodePool v1beta1 disruption has no such field',
  );
  const policy = ctx.str([...d, 'consolidationPolicy']) ?? 'WhenUnderutilized';
  const after = ctx.str([...d, 'consolidateAfter']);
  if (policy === 'WhenUnderutilized') {
    pool.disruption.consolidationPolicy = 'WhenEmptyOrUnderutilized';
    pool.disruption.consolidateAfter = '0s';
    ctx.report(
      'info',
      'renamed',
      ctx.has([...d, 'consolidationPolicy']) ? [...d, 'consolidationPolicy'] : d,
      `${t}.disruption.consolidationPolicy`,
      `${ctx.has([...d, 'consolidationPolicy']) ? '' : '(default) '}WhenUnderutilized became WhenEmptyOrUnderutilized with consolidateAfter 0s`,
      'Karpenter v1 renamed the policy and requires consolidateAfter; 0s behaves like v1beta1',
    );
    if (after !== undefined) {
      ctx.report(
        'warning',
        'dropped',
        [...d, 'consolidateAfter'],
        '',
        `consolidateAfter ${after} left out`,
        'v1beta1 refused consolidateAfter with WhenUnderutilized, so it never applied',
      );
    }
  } else if (policy === 'WhenEmpty') {
    pool.disruption.consolidationPolicy = 'WhenEmpty';
    const value = after === undefined ? undefined : checkDuration(ctx, [...d, 'consolidateAfter'], after);
    if (value !== undefined) pool.disruption.consolidateAfter = value;
  } else {
    ctx.error(
      [...d, 'consolidationPolicy'],
      `'${policy}' is not a v1beta1 consolidation policy`,
      'Use WhenEmpty or WhenUnderutilized',
    );
  }

  const expire = ctx.str([...d, 'expireAfter']);
  if (expire !== undefined) {
    const value = checkDuration(ctx, [...d, 'expireAfter'], expire);
    if (value !== undefined) pool.expireAfter = value;
    ctx.report(
      'info',
      'moved',
      [...d, 'expireAfter'],
      `${t}.expireAfter`,
      'disruption.expireAfter moved to template.spec.expireAfter',
      'Karpenter v1 moved it; it is now a drift-able field and expiry is forceful',
    );
  }
  const budgets = readBudgets(ctx, [...d, 'budgets']);
  if (budgets) pool.disruption.budgets = budgets;
  const weight = ctx.int(['spec', 'weight']);
  if (weight !== undefined) pool.weight = weight;
  return pool;
}

/** nodeClassRef of a v1beta1 (apiVersion) or v1 (group) NodePool. */
export function readNodeClassRef(
  ctx: DocumentContext,
  pool: NodePoolDraft,
  v1beta1ApiVersion?: string,
): void {
  const ref = pool.nodeClassPath;
  const t = `nodePools.${pool.name}`;
  if (!ctx.map(ref)) {
    ctx.error(ref, 'is missing', 'Add nodeClassRef naming the EC2NodeClass of this pool');
    return;
  }
  ctx.dropUnknownKeys(
    ref,
    v1beta1ApiVersion ? ['apiVersion', 'kind', 'name'] : ['group', 'kind', 'name'],
    'nodeClassRef has no such field',
  );
  const kind = ctx.str([...ref, 'kind']);
  const name = ctx.str([...ref, 'name']);
  if (kind !== undefined && kind !== 'EC2NodeClass') {
    ctx.error(
      [...ref, 'kind'],
      `'${kind}' is not EC2NodeClass`,
      'The fleet format manages AWS node classes only',
    );
  }
  if (v1beta1ApiVersion) {
    const apiVersion = ctx.str([...ref, 'apiVersion']);
    if (apiVersion !== undefined) {
      ctx.report(
        'info',
        'renamed',
        [...ref, 'apiVersion'],
        `${t}.nodeClass`,
        `apiVersion ${apiVersion} became group karpenter.k8s.aws`,
        'Karpenter v1 names the node class by group and requires group and kind',
      );
    }
  } else {
    const group = ctx.str([...ref, 'group']);
    if (group !== undefined && group !== 'karpenter.k8s.aws') {
      ctx.error(
        [...ref, 'group'],
        `'${group}' is not karpenter.k8s.aws`,
        'Reference an EC2NodeClass (group karpenter.k8s.aws)',
      );
    }
  }
  if (!name) ctx.error(ref, 'has no name', 'Name the EC2NodeClass of this pool');
  else pool.nodeClass = name;
}

export function checkDuration(
  ctx: DocumentContext,
  path: (string | number)[],
  text: string,
): string | undefined {
  if (!isDurationOrNever(text)) {
    ctx.error(
      path,
      `'${text}' is not a duration Karpenter accepts`,
      "Use hours, minutes and seconds such as 720h or 30s, or 'Never'",
    );
    return undefined;
  }
  const simple = text === 'Never' ? text : simplifyDuration(text);
  if (simple !== text) {
    ctx.report(
      'info',
      'converted',
      path,
      '',
      `${text} written as ${simple}`,
      'Same duration without the zero parts kubectl prints',
    );
  }
  return simple;
}

const V1BETA1_CLASS_KEYS = [
  'amiFamily',
  'amiSelectorTerms',
  'associatePublicIPAddress',
  'blockDeviceMappings',
  'context',
  'detailedMonitoring',
  'instanceProfile',
  'instanceStorePolicy',
  'metadataOptions',
  'role',
  'securityGroupSelectorTerms',
  'subnetSelectorTerms',
  'tags',
  'userData',
];

export function convertV1beta1NodeClass(ctx: DocumentContext): NodeClassDraft {
  const name = ctx.doc.name;
  const t = `nodeClasses.${name}`;
  const metadata = reportObjectExtras(ctx, t, true);
  ctx.dropUnknownKeys(['spec'], V1BETA1_CLASS_KEYS, 'EC2NodeClass v1beta1 has no such field');
  const cls: NodeClassDraft = { name, ctx };
  keepMetadata(cls, metadata);
  const family = ctx.str(['spec', 'amiFamily']);
  const ami = chooseAmi(ctx, {
    generation: 'v1beta1',
    family,
    familyPath: ctx.has(['spec', 'amiFamily']) ? ['spec', 'amiFamily'] : ['spec'],
    terms: readAmiTerms(ctx, ['spec', 'amiSelectorTerms']),
    termsPath: ['spec', 'amiSelectorTerms'],
    target: t,
  });
  Object.assign(cls, ami ?? {});
  readCommonClassFields(ctx, cls, t);
  reportHopLimitDefault(ctx, cls.metadataOptions, ['spec', 'metadataOptions'], ['spec'], t);
  return cls;
}

/** The EC2NodeClass fields v1beta1 and v1 share, read from `spec`. */
export function readCommonClassFields(ctx: DocumentContext, cls: NodeClassDraft, t: string): void {
  const role = ctx.str(['spec', 'role']);
  const profile = ctx.str(['spec', 'instanceProfile']);
  if (role !== undefined) cls.role = role;
  if (profile !== undefined) cls.instanceProfile = profile;
  if (role === undefined && profile === undefined) {
    ctx.report(
      'warning',
      'defaulted',
      ['spec'],
      `${t}.role`,
      "the cluster's node role (iam.nodeRoleName) will be used",
      'The class named neither role nor instanceProfile',
    );
  }
  const subnets = readSelectorTerms(ctx, ['spec', 'subnetSelectorTerms'], false);
  if (subnets) cls.subnetSelectorTerms = subnets;
  const groups = readSelectorTerms(ctx, ['spec', 'securityGroupSelectorTerms'], true);
  if (groups) cls.securityGroupSelectorTerms = groups;
  const userData = ctx.str(['spec', 'userData']);
  if (userData !== undefined) cls.userData = userData;
  const bdm = readBlockDeviceMappings(ctx, ['spec', 'blockDeviceMappings'], `${t}.blockDeviceMappings`);
  if (bdm) cls.blockDeviceMappings = bdm;
  const metadata = readMetadataOptions(ctx, ['spec', 'metadataOptions']);
  if (metadata) cls.metadataOptions = metadata;
  const tags = ctx.stringMap(['spec', 'tags']);
  if (tags) cls.tags = dropRemovedTags(ctx, ['spec', 'tags'], tags);
  for (const key of ['detailedMonitoring', 'associatePublicIPAddress'] as const) {
    const v = ctx.bool(['spec', key]);
    if (v !== undefined) cls[key] = v;
  }
  const store = ctx.str(['spec', 'instanceStorePolicy']);
  if (store !== undefined) {
    if (store === 'RAID0') cls.instanceStorePolicy = 'RAID0';
    else
      ctx.error(
        ['spec', 'instanceStorePolicy'],
        `'${store}' is not an instance store policy`,
        'Use RAID0 or leave it out',
      );
  }
  // EC2 Fleet context: the same field in v1beta1 and v1.
  const context = ctx.str(['spec', 'context']);
  if (context !== undefined) cls.context = context;
}
