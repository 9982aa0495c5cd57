/**
 * v1alpha1 `AWSNodeTemplate` (and a v1alpha5 Provisioner's inline `spec.provider`, which
 * has the same fields) → a node class draft. Facts from Karpenter's v1beta1 migration
 * guide: selectors became terms, `launchTemplate` was removed, `instanceProfile` gave way
 * to `role` (v1 accepts `instanceProfile` again), `amiFamily` defaulted to AL2.
 */
import { chooseAmi } from '../ami-selection';
import { DocumentContext } from '../document-context';
import { NodeClassDraft } from '../drafts';
import { dropRemovedTags, reportHopLimitDefault } from '../legacy-class-fields';
import { convertLegacyAmiSelector, convertLegacySelector } from '../legacy-selectors';
import { FieldPath } from '../manifest-documents';
import { reportObjectExtras } from '../object-metadata';
import { readBlockDeviceMappings, readMetadataOptions } from '../v1-fields';

/** Settings of the v1alpha5 era that lived in the `karpenter-global-settings` ConfigMap. */
export interface LegacyGlobalSettings {
  /** `aws.defaultInstanceProfile`: used by node templates that name no instanceProfile. */
  readonly defaultInstanceProfile?: string;
}

/** Name of the ConfigMap Karpenter v0.x read its global settings from. */
export const GLOBAL_SETTINGS_CONFIGMAP = 'karpenter-global-settings';

export function convertAwsNodeTemplate(
  ctx: DocumentContext,
  settings: LegacyGlobalSettings = {},
): NodeClassDraft {
  reportObjectExtras(ctx, `nodeClasses.${ctx.doc.name}`);
  ctx.map(['spec']);
  return convertNodeTemplateSpec(ctx, ['spec'], ctx.doc.name, settings);
}

const NODE_TEMPLATE_KEYS = [
  'amiFamily',
  'amiSelector',
  'apiVersion',
  'blockDeviceMappings',
  'context',
  'detailedMonitoring',
  'instanceProfile',
  'kind',
  'launchTemplate',
  'metadataOptions',
  'securityGroupSelector',
  'subnetSelector',
  'tags',
  'userData',
];

/** AWSNodeTemplate spec, or a Provisioner's inline `spec.provider` (same fields). */
export function convertNodeTemplateSpec(
  ctx: DocumentContext,
  base: FieldPath,
  name: string,
  settings: LegacyGlobalSettings,
): NodeClassDraft {
  const t = `nodeClasses.${name}`;
  const at = (...p: (string | number)[]) => [...base, ...p];
  ctx.dropUnknownKeys(base, NODE_TEMPLATE_KEYS, 'AWSNodeTemplate v1alpha1 has no such field');
  const cls: NodeClassDraft = { name, ctx };

  for (const key of ['apiVersion', 'kind'] as const) {
    if (ctx.has(at(key))) {
      ctx.report(
        'info',
        'dropped',
        at(key),
        '',
        `${key} inside the provider left out`,
        'A leftover of the inline provider format; the node class kind is fixed',
      );
    }
  }
  if (ctx.has(at('launchTemplate'))) {
    ctx.report(
      'warning',
      'dropped',
      at('launchTemplate'),
      '',
      `launchTemplate '${String(ctx.get(at('launchTemplate')))}' was left out`,
      'Karpenter v1beta1 removed unmanaged launch templates: write its AMI, userData, block devices and metadata options into the node class',
    );
  }
  if (ctx.has(at('context'))) {
    ctx.report(
      'warning',
      'dropped',
      at('context'),
      '',
      'context was left out',
      'The fleet format has no context field; add it to the generated EC2NodeClass by other means if you need it',
    );
  }

  const terms = ctx.has(at('amiSelector'))
    ? convertLegacyAmiSelector(ctx, at('amiSelector'), `${t}.amiSelectorTerms`)
    : undefined;
  const ami = chooseAmi(ctx, {
    generation: 'v1alpha5',
    family: ctx.str(at('amiFamily')),
    familyPath: ctx.has(at('amiFamily')) ? at('amiFamily') : base,
    terms,
    termsPath: at('amiSelector'),
    target: t,
  });
  Object.assign(cls, ami ?? {});

  const profile = ctx.str(at('instanceProfile'));
  if (profile !== undefined) {
    cls.instanceProfile = profile;
    ctx.report(
      'info',
      'converted',
      at('instanceProfile'),
      `${t}.instanceProfile`,
      `instanceProfile ${profile} kept`,
      'v1 accepts an existing instanceProfile (Karpenter then does not manage it); switch to role: <node role> to let Karpenter create profiles',
    );
  } else if (settings.defaultInstanceProfile !== undefined) {
    cls.instanceProfile = settings.defaultInstanceProfile;
    ctx.report(
      'info',
      'converted',
      base,
      `${t}.instanceProfile`,
      `instanceProfile ${settings.defaultInstanceProfile} taken from ${GLOBAL_SETTINGS_CONFIGMAP} aws.defaultInstanceProfile`,
      'The template named no instanceProfile, so Karpenter used the global default, which v1 removed',
    );
  } else {
    ctx.report(
      'warning',
      'defaulted',
      base,
      `${t}.role`,
      "the cluster's node role (iam.nodeRoleName) will be used",
      'The template used the global defaultInstanceProfile setting, which v1 removed; check the node role is the one behind that instance profile, or set role or instanceProfile',
    );
  }

  if (ctx.has(at('subnetSelector')))
    cls.subnetSelectorTerms = convertLegacySelector(ctx, at('subnetSelector'), `${t}.subnetSelectorTerms`);
  else ctx.error(base, 'has no subnetSelector', 'Add subnetSelector (Karpenter required it in v1alpha1 too)');
  if (ctx.has(at('securityGroupSelector')))
    cls.securityGroupSelectorTerms = convertLegacySelector(
      ctx,
      at('securityGroupSelector'),
      `${t}.securityGroupSelectorTerms`,
    );
  else
    ctx.error(
      base,
      'has no securityGroupSelector',
      'Add securityGroupSelector (Karpenter required it in v1alpha1 too)',
    );

  const userData = ctx.str(at('userData'));
  if (userData !== undefined) cls.userData = userData;
  const bdm = readBlockDeviceMappings(ctx, at('blockDeviceMappings'), `${t}.blockDeviceMappings`);
  if (bdm) cls.blockDeviceMappings = bdm;
  const metadata = readMetadataOptions(ctx, at('metadataOptions'));
  if (metadata) cls.metadataOptions = metadata;
  reportHopLimitDefault(ctx, metadata, at('metadataOptions'), base, t);
  const tags = ctx.stringMap(at('tags'));
  if (tags) cls.tags = dropRemovedTags(ctx, at('tags'), tags);
  const monitoring = ctx.bool(at('detailedMonitoring'));
  if (monitoring !== undefined) cls.detailedMonitoring = monitoring;
  return cls;
}
