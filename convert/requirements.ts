/**
 * Node requirements: reading them from any generation, correcting label keys people got
 * wrong or that Kubernetes renamed (reported), and the defaults v1alpha5 added silently.
 */
import { LABELS, REQUIREMENT_OPERATORS, RequirementOperator } from '../model';
import { DocumentContext } from './document-context';
import { RequirementDraft } from './drafts';
import { FieldPath } from './manifest-documents';

/** Label keys that are mistakes or deprecated aliases, and the key Karpenter v1 means. */
const KEY_CORRECTIONS: Readonly<Record<string, { readonly key: string; readonly reason: string }>> = {
  'karpenter.k8s.aws/capacity-type': {
    key: LABELS.capacityType,
    reason:
      'The capacity type label lives in the karpenter.sh domain; karpenter.k8s.aws/capacity-type matches no node',
  },
  'eks.amazonaws.com/capacityType': {
    key: LABELS.capacityType,
    reason:
      'eks.amazonaws.com/capacityType is the managed node group label; Karpenter selects capacity with karpenter.sh/capacity-type',
  },
  'beta.kubernetes.io/arch': {
    key: LABELS.arch,
    reason: 'Kubernetes deprecated the beta label for kubernetes.io/arch',
  },
  'beta.kubernetes.io/os': {
    key: LABELS.os,
    reason: 'Kubernetes deprecated the beta label for kubernetes.io/os',
  },
  'beta.kubernetes.io/instance-type': {
    key: LABELS.instanceType,
    reason: 'Kubernetes deprecated the beta label for node.kubernetes.io/instance-type',
  },
  'failure-domain.beta.kubernetes.io/zone': {
    key: LABELS.zone,
    reason: 'Kubernetes deprecated the failure-domain label for topology.kubernetes.io/zone',
  },
  'topology.ebs.csi.aws.com/zone': {
    key: LABELS.zone,
    reason: 'Karpenter treats the EBS CSI zone label as topology.kubernetes.io/zone',
  },
};

/** Values of the EKS managed node group capacity label and their Karpenter spelling. */
const EKS_CAPACITY_VALUES: Readonly<Record<string, string>> = { ON_DEMAND: 'on-demand', SPOT: 'spot' };

/** Reads a requirements list (v1alpha5, v1beta1 and v1 share the shape). */
export function readRequirements(ctx: DocumentContext, path: FieldPath, target: string): RequirementDraft[] {
  const list = ctx.list(path) ?? [];
  const out: RequirementDraft[] = [];
  list.forEach((_, i) => {
    const req = readRequirement(ctx, [...path, i], target);
    if (req) out.push(req);
  });
  return out;
}

function readRequirement(
  ctx: DocumentContext,
  path: FieldPath,
  target: string,
): RequirementDraft | undefined {
  if (!ctx.map(path)) return undefined;
  ctx.dropUnknownKeys(
    path,
    ['key', 'operator', 'values', 'minValues'],
    'A node requirement has only key, operator, values and minValues',
  );
  const rawKey = ctx.str([...path, 'key']);
  const operator = ctx.str([...path, 'operator']);
  if (!rawKey) {
    ctx.error([...path], 'has no key', 'Give every requirement a label key');
    return undefined;
  }
  if (!operator || !(REQUIREMENT_OPERATORS as readonly string[]).includes(operator)) {
    ctx.error(
      [...path, 'operator'],
      `'${operator ?? ''}' is not a requirement operator`,
      `Use one of ${REQUIREMENT_OPERATORS.join(', ')}`,
    );
    return undefined;
  }
  const rawValues = ctx.list([...path, 'values']);
  let values: string[] | undefined;
  if (rawValues) {
    values = [];
    rawValues.forEach((v, j) => {
      if (typeof v === 'string') values!.push(v);
      else if (typeof v === 'number' || typeof v === 'boolean') {
        values!.push(String(v));
        ctx.report(
          'info',
          'converted',
          [...path, 'values', j],
          target,
          `${String(v)} written as the string "${String(v)}"`,
          'Requirement values are strings in every Karpenter API',
        );
      } else ctx.error([...path, 'values', j], 'must be a string', 'Write the value as a string');
    });
  }
  const minValues = ctx.int([...path, 'minValues']);
  let key = rawKey;
  const correction = KEY_CORRECTIONS[rawKey];
  if (correction) {
    key = correction.key;
    ctx.report(
      'warning',
      'renamed',
      [...path, 'key'],
      target,
      `key ${rawKey} became ${key}`,
      correction.reason,
    );
    if (rawKey === 'eks.amazonaws.com/capacityType' && values) {
      values = values.map((v) => EKS_CAPACITY_VALUES[v] ?? v);
    }
  }
  const req: RequirementDraft = { key, operator: operator as RequirementOperator };
  if (values !== undefined && values.length > 0) req.values = values;
  if (minValues !== undefined) req.minValues = minValues;
  return req;
}

/** Keys whose presence means the Provisioner constrained instance types itself (no v1alpha5 default then). */
const INSTANCE_SHAPE_KEYS: readonly string[] = [
  LABELS.instanceType,
  LABELS.instanceFamily,
  LABELS.instanceCategory,
  LABELS.instanceGeneration,
  LABELS.instanceSize,
];

/**
 * The requirements a v1alpha5 Provisioner got from Karpenter's defaulting webhook when it
 * did not set them: on-demand, linux, amd64, and (with no instance-shape requirement) the
 * c/m/r categories of generation > 2. NodePools get no such defaults, so they are written out.
 */
export function v1alpha5DefaultRequirements(existing: readonly RequirementDraft[]): RequirementDraft[] {
  const has = (key: string) => existing.some((r) => r.key === key);
  const out: RequirementDraft[] = [];
  if (!has(LABELS.capacityType))
    out.push({ key: LABELS.capacityType, operator: 'In', values: ['on-demand'] });
  if (!has(LABELS.os)) out.push({ key: LABELS.os, operator: 'In', values: ['linux'] });
  if (!has(LABELS.arch)) out.push({ key: LABELS.arch, operator: 'In', values: ['amd64'] });
  if (!INSTANCE_SHAPE_KEYS.some(has)) {
    out.push({ key: LABELS.instanceCategory, operator: 'In', values: ['c', 'm', 'r'] });
    out.push({ key: LABELS.instanceGeneration, operator: 'Gt', values: ['2'] });
  }
  return out;
}
