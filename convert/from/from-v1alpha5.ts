/**
 * v1alpha5 `Provisioner` (Karpenter up to v0.31) → a node pool draft (and a node class
 * draft for an inline `spec.provider`). Facts from Karpenter's v1beta1 migration guide:
 * fields moved under the template, the TTLs became consolidation policy and expiry,
 * `provider`/`providerRef` became a node class reference.
 */
import { DocumentContext } from '../document-context';
import { NodeClassDraft, NodePoolDraft } from '../drafts';
import { secondsToDuration } from '../durations';
import { convertNodeTemplateSpec, LegacyGlobalSettings } from './from-aws-node-template';
import { reportObjectExtras } from '../object-metadata';
import { readRequirements, v1alpha5DefaultRequirements } from '../requirements';
import { readKubelet, readTaints } from '../v1-fields';

const PROVISIONER_KEYS = [
  'annotations',
  'consolidation',
  'kubeletConfiguration',
  'labels',
  'limits',
  'provider',
  'providerRef',
  'requirements',
  'startupTaints',
  'taints',
  'ttlSecondsAfterEmpty',
  'ttlSecondsUntilExpired',
  'weight',
];

export interface ProvisionerResult {
  readonly pool: NodePoolDraft;
  /** The node class made from an inline `spec.provider`, named after the Provisioner. */
  readonly inlineClass?: NodeClassDraft;
}

export function convertProvisioner(
  ctx: DocumentContext,
  settings: LegacyGlobalSettings = {},
): ProvisionerResult {
  const name = ctx.doc.name;
  const t = `nodePools.${name}`;
  reportObjectExtras(ctx, t);
  ctx.map(['spec']);
  ctx.dropUnknownKeys(['spec'], PROVISIONER_KEYS, 'Provisioner v1alpha5 has no such field');

  const pool: NodePoolDraft = {
    name,
    ctx,
    nodeClass: name,
    nodeClassPath: ['spec'],
    requirements: readRequirementsWithDefaults(ctx, t),
    labels: ctx.stringMap(['spec', 'labels']) ?? {},
    annotations: ctx.stringMap(['spec', 'annotations']) ?? {},
    taints: readTaints(ctx, ['spec', 'taints'], `${t}.taints`),
    startupTaints: readTaints(ctx, ['spec', 'startupTaints'], `${t}.startupTaints`),
    limits: {},
    disruption: {},
  };
  reportMetadataMoved(ctx, t);
  convertLimits(ctx, pool, t);
  convertDisruption(ctx, pool, t);
  const weight = ctx.int(['spec', 'weight']);
  if (weight !== undefined) pool.weight = weight;
  convertKubelet(ctx, pool);
  const inlineClass = convertProvider(ctx, pool, settings);
  return { pool, inlineClass };
}

/** The Provisioner's requirements, plus those v1alpha5 added by default (written out, reported). */
function readRequirementsWithDefaults(ctx: DocumentContext, t: string): NodePoolDraft['requirements'] {
  const requirements = readRequirements(ctx, ['spec', 'requirements'], t);
  const defaults = v1alpha5DefaultRequirements(requirements);
  for (const req of defaults) {
    ctx.report(
      'info',
      'defaulted',
      ['spec', 'requirements'],
      t,
      `${req.key} ${req.operator} ${(req.values ?? []).join(',')} written out`,
      'v1alpha5 added this requirement when the Provisioner had none for the key; NodePools add no defaults',
    );
  }
  return [...requirements, ...defaults];
}

function reportMetadataMoved(ctx: DocumentContext, t: string): void {
  for (const part of ['labels', 'annotations'] as const) {
    if (ctx.has(['spec', part])) {
      ctx.report(
        'info',
        'moved',
        ['spec', part],
        `${t}.${part}`,
        `spec.${part} moved to spec.template.metadata.${part}`,
        'NodePools template the node metadata',
      );
    }
  }
}

function convertLimits(ctx: DocumentContext, pool: NodePoolDraft, t: string): void {
  if (!ctx.has(['spec', 'limits'])) return;
  ctx.dropUnknownKeys(['spec', 'limits'], ['resources'], 'Provisioner limits have only resources');
  pool.limits = ctx.stringMap(['spec', 'limits', 'resources']) ?? {};
  ctx.report(
    'info',
    'moved',
    ['spec', 'limits', 'resources'],
    `${t}.limits`,
    'limits.resources moved to limits',
    'NodePool limits are the resource list itself',
  );
}

function convertKubelet(ctx: DocumentContext, pool: NodePoolDraft): void {
  if (ctx.has(['spec', 'kubeletConfiguration'])) {
    pool.poolKubelet = {
      value: readKubelet(ctx, ['spec', 'kubeletConfiguration']),
      path: ['spec', 'kubeletConfiguration'],
    };
  } else {
    pool.poolKubelet = { path: ['spec'] };
  }
}

/**
 * `provider` (inline, becomes a node class named after the pool) or `providerRef` (an
 * AWSNodeTemplate, becomes the node class reference): exactly one of them.
 */
function convertProvider(
  ctx: DocumentContext,
  pool: NodePoolDraft,
  settings: LegacyGlobalSettings,
): NodeClassDraft | undefined {
  const hasProvider = ctx.has(['spec', 'provider']);
  const hasRef = ctx.has(['spec', 'providerRef']);
  if (hasProvider && hasRef) {
    ctx.error(
      ['spec', 'providerRef'],
      'sets both provider and providerRef',
      'Keep one: providerRef naming an AWSNodeTemplate, or the inline provider',
    );
  } else if (hasProvider) {
    return convertInlineProvider(ctx, pool, settings);
  } else if (hasRef) {
    convertProviderRef(ctx, pool);
  } else {
    ctx.error(
      ['spec'],
      'has neither provider nor providerRef',
      'Add providerRef naming the AWSNodeTemplate these nodes use',
    );
  }
  return undefined;
}

function convertInlineProvider(
  ctx: DocumentContext,
  pool: NodePoolDraft,
  settings: LegacyGlobalSettings,
): NodeClassDraft {
  const name = pool.name;
  const inlineClass = convertNodeTemplateSpec(ctx, ['spec', 'provider'], name, settings);
  pool.nodeClassPath = ['spec', 'provider'];
  ctx.report(
    'info',
    'moved',
    ['spec', 'provider'],
    `nodeClasses.${name}`,
    `the inline provider became node class ${name}`,
    'v1beta1 removed spec.provider; its settings live in an EC2NodeClass the pool references',
  );
  return inlineClass;
}

function convertProviderRef(ctx: DocumentContext, pool: NodePoolDraft): void {
  ctx.dropUnknownKeys(
    ['spec', 'providerRef'],
    ['apiVersion', 'kind', 'name'],
    'providerRef has only apiVersion, kind and name',
  );
  const kind = ctx.str(['spec', 'providerRef', 'kind']);
  const refName = ctx.str(['spec', 'providerRef', 'name']);
  if (kind !== undefined && kind !== 'AWSNodeTemplate') {
    ctx.error(
      ['spec', 'providerRef', 'kind'],
      `'${kind}' is not a node template kind this tool converts`,
      'Reference an AWSNodeTemplate',
    );
  }
  if (!refName) {
    ctx.error(['spec', 'providerRef'], 'has no name', 'Name the AWSNodeTemplate this Provisioner uses');
    return;
  }
  pool.nodeClass = refName;
  pool.nodeClassPath = ['spec', 'providerRef', 'name'];
  ctx.report(
    'info',
    'renamed',
    ['spec', 'providerRef'],
    `nodePools.${pool.name}.nodeClass`,
    `providerRef became nodeClassRef to EC2NodeClass ${refName}`,
    'v1beta1 renamed providerRef and AWSNodeTemplate',
  );
}

function convertDisruption(ctx: DocumentContext, pool: NodePoolDraft, t: string): void {
  const empty = ctx.int(['spec', 'ttlSecondsAfterEmpty']);
  if (ctx.has(['spec', 'consolidation'])) {
    ctx.dropUnknownKeys(['spec', 'consolidation'], ['enabled'], 'consolidation has only enabled');
  }
  const consolidation = ctx.bool(['spec', 'consolidation', 'enabled']);
  if (empty !== undefined && consolidation === true) {
    ctx.error(
      ['spec', 'ttlSecondsAfterEmpty'],
      'is set together with consolidation.enabled: true, which v1alpha5 itself refused',
      'Remove ttlSecondsAfterEmpty (consolidation also removes empty nodes) or disable consolidation',
    );
  }
  if (consolidation === true) {
    pool.disruption.consolidationPolicy = 'WhenEmptyOrUnderutilized';
    pool.disruption.consolidateAfter = '0s';
    ctx.report(
      'info',
      'converted',
      ['spec', 'consolidation', 'enabled'],
      `${t}.disruption`,
      'consolidation.enabled: true became consolidationPolicy WhenEmptyOrUnderutilized, consolidateAfter 0s',
      'v1beta1 folded consolidation into consolidationPolicy (WhenUnderutilized, renamed in v1); 0s keeps consolidating as soon as possible',
    );
  } else if (empty !== undefined) {
    const after = secondsToDuration(empty);
    pool.disruption.consolidationPolicy = 'WhenEmpty';
    pool.disruption.consolidateAfter = after;
    ctx.report(
      'info',
      'converted',
      ['spec', 'ttlSecondsAfterEmpty'],
      `${t}.disruption`,
      `ttlSecondsAfterEmpty: ${empty} became consolidationPolicy WhenEmpty, consolidateAfter ${after}`,
      'v1beta1 replaced the empty-node TTL with consolidation of empty nodes after consolidateAfter',
    );
  } else {
    pool.disruption.consolidationPolicy = 'WhenEmpty';
    pool.disruption.consolidateAfter = 'Never';
    ctx.report(
      'info',
      'defaulted',
      ['spec'],
      `${t}.disruption`,
      'consolidationPolicy WhenEmpty, consolidateAfter Never written out',
      'The Provisioner had neither ttlSecondsAfterEmpty nor consolidation, so Karpenter never removed nodes; NodePools consolidate by default',
    );
  }
  if (consolidation === false) {
    ctx.report(
      'info',
      'dropped',
      ['spec', 'consolidation'],
      '',
      'consolidation.enabled: false left out',
      'It was the v1alpha5 default',
    );
  }

  const expire = ctx.int(['spec', 'ttlSecondsUntilExpired']);
  if (expire !== undefined) {
    pool.expireAfter = secondsToDuration(expire);
    ctx.report(
      'info',
      'moved',
      ['spec', 'ttlSecondsUntilExpired'],
      `${t}.expireAfter`,
      `ttlSecondsUntilExpired: ${expire} became expireAfter ${pool.expireAfter}`,
      'v1 keeps expireAfter in spec.template.spec; expiry is forceful in v1 (nodes drain without waiting for replacements)',
    );
  } else {
    pool.expireAfter = 'Never';
    ctx.report(
      'info',
      'defaulted',
      ['spec'],
      `${t}.expireAfter`,
      'expireAfter Never written out',
      'Without ttlSecondsUntilExpired nodes never expired; NodePools expire nodes after 720h by default',
    );
  }
}
