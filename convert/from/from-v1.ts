/**
 * v1 `NodePool` and `EC2NodeClass` → drafts, losslessly for everything the fleet format
 * can express. A v1 field it cannot express is reported as dropped with the reason.
 */
import { CONSOLIDATION_POLICIES, ConsolidationPolicy } from '../../model';
import { chooseAmi } from '../ami-selection';
import { DocumentContext } from '../document-context';
import { readNodePoolTemplate, TEMPLATE_SPEC } from '../node-pool-template';
import { NodeClassDraft, NodePoolDraft } from '../drafts';
import { checkDuration, readCommonClassFields, readNodeClassRef } from './from-v1beta1';
import { keepMetadata, KUBELET_COMPATIBILITY_ANNOTATION, reportObjectExtras } from '../object-metadata';
import { readV114ClassFields } from '../v1-14-class-fields';
import { parseKubeletJson, readAmiTerms, readBudgets, readKubelet } from '../v1-fields';

const NOT_IN_FLEET_FORMAT =
  'The fleet format cannot express this field yet; add it to the generated manifest by other means if you need it';

export function convertV1NodePool(ctx: DocumentContext): NodePoolDraft {
  const name = ctx.doc.name;
  const t = `nodePools.${name}`;
  const metadata = reportObjectExtras(ctx, t, true);
  const ts = [...TEMPLATE_SPEC];
  const pool = readNodePoolTemplate(ctx, {
    version: 'v1',
    specFields: ['template', 'disruption', 'limits', 'weight', 'replicas'],
    templateSpecFields: [
      'nodeClassRef',
      'requirements',
      'taints',
      'startupTaints',
      'expireAfter',
      'terminationGracePeriod',
    ],
  });
  readNodeClassRef(ctx, pool);
  keepMetadata(pool, metadata);
  const replicas = ctx.int(['spec', 'replicas']);
  if (replicas !== undefined) pool.replicas = replicas;

  const compat = ctx.str(['metadata', 'annotations', KUBELET_COMPATIBILITY_ANNOTATION]);
  if (compat !== undefined) {
    const path = ['metadata', 'annotations', KUBELET_COMPATIBILITY_ANNOTATION];
    pool.poolKubelet = { value: parseKubeletJson(ctx, path, compat), path };
  }

  const d = ['spec', 'disruption'];
  ctx.dropUnknownKeys(
    d,
    ['consolidationPolicy', 'consolidateAfter', 'budgets'],
    'NodePool v1 disruption has no such field',
  );
  const policy = ctx.str([...d, 'consolidationPolicy']);
  if ((CONSOLIDATION_POLICIES as readonly string[]).includes(policy ?? ''))
    pool.disruption.consolidationPolicy = policy as ConsolidationPolicy;
  else if (policy === 'WhenUnderutilized') {
    ctx.error(
      [...d, 'consolidationPolicy'],
      "'WhenUnderutilized' is the v1beta1 name",
      'Use WhenEmptyOrUnderutilized, or apiVersion karpenter.sh/v1beta1 for a v1beta1 manifest',
    );
  } else if (policy !== undefined) {
    ctx.report(
      'warning',
      'dropped',
      [...d, 'consolidationPolicy'],
      '',
      `consolidationPolicy ${policy} was left out (WhenEmptyOrUnderutilized applies)`,
      `Karpenter v1 knows ${CONSOLIDATION_POLICIES.join(', ')} only`,
    );
  }
  const after = ctx.str([...d, 'consolidateAfter']);
  if (after !== undefined) {
    const value = checkDuration(ctx, [...d, 'consolidateAfter'], after);
    if (value !== undefined) pool.disruption.consolidateAfter = value;
  }
  const budgets = readBudgets(ctx, [...d, 'budgets']);
  if (budgets) pool.disruption.budgets = budgets;
  for (const key of ['expireAfter', 'terminationGracePeriod'] as const) {
    const text = ctx.str([...ts, key]);
    if (text === undefined) continue;
    const value = checkDuration(ctx, [...ts, key], text);
    if (value !== undefined) pool[key] = value;
  }
  const weight = ctx.int(['spec', 'weight']);
  if (weight !== undefined) pool.weight = weight;
  return pool;
}

const V1_CLASS_KEYS = [
  'amiFamily',
  'amiSelectorTerms',
  'associatePublicIPAddress',
  'blockDeviceMappings',
  'detailedMonitoring',
  'instanceProfile',
  'instanceStorePolicy',
  'kubelet',
  'metadataOptions',
  'role',
  'securityGroupSelectorTerms',
  'subnetSelectorTerms',
  'tags',
  'userData',
  // Karpenter 1.14 (read by readV114ClassFields):
  'capacityReservationSelectorTerms',
  'connectionTracking',
  'context',
  'cpuOptions',
  'ipPrefixCount',
  'networkInterfaces',
  'placementGroupSelector',
];

export function convertV1NodeClass(ctx: DocumentContext): NodeClassDraft {
  const name = ctx.doc.name;
  const t = `nodeClasses.${name}`;
  const metadata = reportObjectExtras(ctx, t, true);
  ctx.dropUnknownKeys(['spec'], V1_CLASS_KEYS, NOT_IN_FLEET_FORMAT);
  const cls: NodeClassDraft = { name, ctx };
  keepMetadata(cls, metadata);
  const ami = chooseAmi(ctx, {
    generation: 'v1',
    family: ctx.str(['spec', 'amiFamily']),
    familyPath: ['spec', 'amiFamily'],
    terms: readAmiTerms(ctx, ['spec', 'amiSelectorTerms']),
    termsPath: ['spec', 'amiSelectorTerms'],
    target: t,
  });
  Object.assign(cls, ami ?? {});
  readCommonClassFields(ctx, cls, t);
  readV114ClassFields(ctx, cls);
  const kubelet = readKubelet(ctx, ['spec', 'kubelet']);
  if (kubelet) cls.kubelet = kubelet;
  return cls;
}
