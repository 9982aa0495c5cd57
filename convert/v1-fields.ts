/**
 * Readers for the pieces NodePools and EC2NodeClasses share across generations: taints,
 * budgets, selector terms, block device mappings, metadata options and kubelet settings.
 * Each takes a path into the document, checks types, reports fields it cannot carry over.
 */
import {
  DISRUPTION_REASONS,
  DisruptionReason,
  TAINT_EFFECTS,
  TaintEffect,
  VOLUME_TYPES,
  VolumeType,
} from '../model';
import { DocumentContext } from './document-context';
import {
  AmiTermDraft,
  BlockDeviceMappingDraft,
  BudgetDraft,
  KUBELET_KEYS,
  KubeletDraft,
  MetadataOptionsDraft,
  SelectorTermDraft,
  TaintDraft,
} from './drafts';
import { FieldPath } from './manifest-documents';

export function readTaints(ctx: DocumentContext, path: FieldPath, target: string): TaintDraft[] {
  const list = ctx.list(path) ?? [];
  const out: TaintDraft[] = [];
  list.forEach((_, i) => {
    const p = [...path, i];
    if (!ctx.map(p)) return;
    if (ctx.has([...p, 'timeAdded'])) {
      ctx.report(
        'info',
        'dropped',
        [...p, 'timeAdded'],
        target,
        'timeAdded was left out',
        'Only the kubelet sets timeAdded, on a node; it means nothing in a template',
      );
    }
    ctx.dropUnknownKeys(p, ['key', 'value', 'effect', 'timeAdded'], 'A taint has only key, value and effect');
    const key = ctx.str([...p, 'key']);
    const value = ctx.scalarString([...p, 'value']);
    const effect = ctx.str([...p, 'effect']);
    if (!key) {
      ctx.error(p, 'has no key', 'Give every taint a key');
      return;
    }
    if (!effect || !(TAINT_EFFECTS as readonly string[]).includes(effect)) {
      ctx.error(
        [...p, 'effect'],
        `'${effect ?? ''}' is not a taint effect`,
        `Use one of ${TAINT_EFFECTS.join(', ')}`,
      );
      return;
    }
    const taint: TaintDraft = { key, effect: effect as TaintEffect };
    if (value !== undefined && value !== '') taint.value = value;
    out.push(taint);
  });
  return out;
}

export function readBudgets(ctx: DocumentContext, path: FieldPath): BudgetDraft[] | undefined {
  const list = ctx.list(path);
  if (!list) return undefined;
  const out: BudgetDraft[] = [];
  list.forEach((_, i) => {
    const p = [...path, i];
    if (!ctx.map(p)) return;
    ctx.dropUnknownKeys(
      p,
      ['nodes', 'schedule', 'duration', 'reasons'],
      'A disruption budget has only nodes, schedule, duration and reasons',
    );
    const budget: BudgetDraft = { nodes: ctx.scalarString([...p, 'nodes']) ?? '10%' };
    const schedule = ctx.str([...p, 'schedule']);
    const duration = ctx.str([...p, 'duration']);
    if (schedule !== undefined) budget.schedule = schedule;
    if (duration !== undefined) budget.duration = duration;
    const reasons = ctx.list([...p, 'reasons']);
    if (reasons) {
      const kept: DisruptionReason[] = [];
      reasons.forEach((r, j) => {
        if (typeof r === 'string' && (DISRUPTION_REASONS as readonly string[]).includes(r))
          kept.push(r as DisruptionReason);
        else
          ctx.error(
            [...p, 'reasons', j],
            `'${String(r)}' is not a disruption reason`,
            `Use one of ${DISRUPTION_REASONS.join(', ')}`,
          );
      });
      budget.reasons = kept;
    }
    out.push(budget);
  });
  return out;
}

/** v1beta1/v1 subnet or security group selector terms. */
export function readSelectorTerms(
  ctx: DocumentContext,
  path: FieldPath,
  allowName: boolean,
): SelectorTermDraft[] | undefined {
  const list = ctx.list(path);
  if (!list) return undefined;
  const out: SelectorTermDraft[] = [];
  list.forEach((_, i) => {
    const p = [...path, i];
    if (!ctx.map(p)) return;
    const known = allowName ? ['tags', 'id', 'name'] : ['tags', 'id'];
    ctx.dropUnknownKeys(p, known, `A selector term here has only ${known.join(', ')}`);
    const term: SelectorTermDraft = {};
    const tags = ctx.stringMap([...p, 'tags']);
    const id = ctx.str([...p, 'id']);
    const name = allowName ? ctx.str([...p, 'name']) : undefined;
    if (tags && Object.keys(tags).length > 0) term.tags = tags;
    if (id !== undefined) term.id = id;
    if (name !== undefined) term.name = name;
    out.push(term);
  });
  return out;
}

export function readAmiTerms(ctx: DocumentContext, path: FieldPath): AmiTermDraft[] | undefined {
  const list = ctx.list(path);
  if (!list) return undefined;
  const out: AmiTermDraft[] = [];
  list.forEach((_, i) => {
    const p = [...path, i];
    if (!ctx.map(p)) return;
    ctx.dropUnknownKeys(
      p,
      ['alias', 'id', 'name', 'owner', 'ssmParameter', 'tags'],
      'An AMI selector term has only alias, id, name, owner, ssmParameter and tags',
    );
    const term: AmiTermDraft = {};
    for (const key of ['alias', 'id', 'name', 'ssmParameter'] as const) {
      const v = ctx.str([...p, key]);
      if (v !== undefined) term[key] = v;
    }
    const owner = ctx.scalarString([...p, 'owner']);
    if (owner !== undefined) term.owner = owner;
    const tags = ctx.stringMap([...p, 'tags']);
    if (tags && Object.keys(tags).length > 0) term.tags = tags;
    out.push(term);
  });
  return out;
}

const EBS_KEYS = [
  'volumeInitializationRate',
  'volumeSize',
  'volumeType',
  'iops',
  'throughput',
  'encrypted',
  'kmsKeyID',
  'deleteOnTermination',
  'snapshotID',
] as const;

export function readBlockDeviceMappings(
  ctx: DocumentContext,
  path: FieldPath,
  target: string,
): BlockDeviceMappingDraft[] | undefined {
  const list = ctx.list(path);
  if (!list) return undefined;
  const out: BlockDeviceMappingDraft[] = [];
  list.forEach((_, i) => {
    const p = [...path, i];
    if (!ctx.map(p)) return;
    ctx.dropUnknownKeys(
      p,
      ['deviceName', 'rootVolume', 'ebs'],
      'The fleet format has only deviceName, rootVolume and ebs for a block device mapping',
    );
    const deviceName = ctx.str([...p, 'deviceName']);
    if (!deviceName) {
      ctx.error(p, 'has no deviceName', 'Name the device, e.g. /dev/xvda');
      return;
    }
    const bdm: BlockDeviceMappingDraft = { deviceName, ebs: {} };
    const rootVolume = ctx.bool([...p, 'rootVolume']);
    if (rootVolume !== undefined) bdm.rootVolume = rootVolume;
    const ebsPath = [...p, 'ebs'];
    if (ctx.map(ebsPath)) {
      ctx.dropUnknownKeys(ebsPath, EBS_KEYS, 'Not an EBS setting of the EC2NodeClass');
      const size = ctx.scalarString([...ebsPath, 'volumeSize']);
      if (size !== undefined) bdm.ebs.volumeSize = size;
      const type = ctx.str([...ebsPath, 'volumeType']);
      if (type !== undefined) {
        if ((VOLUME_TYPES as readonly string[]).includes(type)) bdm.ebs.volumeType = type as VolumeType;
        else
          ctx.error(
            [...ebsPath, 'volumeType'],
            `'${type}' is not an EBS volume type`,
            `Use one of ${VOLUME_TYPES.join(', ')}`,
          );
      }
      for (const key of ['iops', 'throughput', 'volumeInitializationRate'] as const) {
        const v = ctx.int([...ebsPath, key]);
        if (v !== undefined) bdm.ebs[key] = v;
      }
      for (const key of ['encrypted', 'deleteOnTermination'] as const) {
        const v = ctx.bool([...ebsPath, key]);
        if (v !== undefined) bdm.ebs[key] = v;
      }
      for (const key of ['kmsKeyID', 'snapshotID'] as const) {
        const v = ctx.str([...ebsPath, key]);
        if (v !== undefined) bdm.ebs[key] = v;
      }
      if (bdm.ebs.encrypted === undefined) {
        ctx.report(
          'warning',
          'defaulted',
          ebsPath,
          `${target}[${i}].ebs.encrypted`,
          'the volume will be encrypted (encrypted: true)',
          'Without encrypted EC2 used the account default, usually unencrypted; the fleet format encrypts by default. Write encrypted: false to keep unencrypted volumes',
        );
      }
      if (bdm.ebs.deleteOnTermination === undefined) {
        ctx.report(
          'info',
          'defaulted',
          ebsPath,
          `${target}[${i}].ebs.deleteOnTermination`,
          'the volume will be deleted with its node (deleteOnTermination: true)',
          'The fleet format writes deleteOnTermination out; EC2 deletes the volumes it creates at launch by default too, so nothing changes. Write deleteOnTermination: false to keep volumes after their node is gone',
        );
      }
      if (bdm.ebs.volumeType === undefined) {
        ctx.report(
          'warning',
          'defaulted',
          ebsPath,
          `${target}[${i}].ebs.volumeType`,
          'the volume type will be gp3',
          'Without volumeType EC2 created gp2 volumes; the fleet format defaults to gp3. Write volumeType: gp2 to keep gp2',
        );
      }
    }
    out.push(bdm);
  });
  return out;
}

export function readMetadataOptions(ctx: DocumentContext, path: FieldPath): MetadataOptionsDraft | undefined {
  if (!ctx.map(path)) return undefined;
  ctx.dropUnknownKeys(
    path,
    ['httpEndpoint', 'httpProtocolIPv6', 'httpPutResponseHopLimit', 'httpTokens'],
    'Instance metadata options have only httpEndpoint, httpProtocolIPv6, httpPutResponseHopLimit and httpTokens',
  );
  const out: MetadataOptionsDraft = {};
  const endpoint = enumOf(ctx, [...path, 'httpEndpoint'], ['enabled', 'disabled'] as const);
  const ipv6 = enumOf(ctx, [...path, 'httpProtocolIPv6'], ['enabled', 'disabled'] as const);
  const tokens = enumOf(ctx, [...path, 'httpTokens'], ['required', 'optional'] as const);
  const hops = ctx.int([...path, 'httpPutResponseHopLimit']);
  if (endpoint !== undefined) out.httpEndpoint = endpoint;
  if (ipv6 !== undefined) out.httpProtocolIPv6 = ipv6;
  if (hops !== undefined) out.httpPutResponseHopLimit = hops;
  if (tokens !== undefined) out.httpTokens = tokens;
  return out;
}

/** Kubelet settings; `containerRuntime` (v1alpha5/v1beta1) is reported and left out. */
export function readKubelet(ctx: DocumentContext, path: FieldPath): KubeletDraft | undefined {
  if (!ctx.map(path)) return undefined;
  if (ctx.has([...path, 'containerRuntime'])) {
    ctx.report(
      'info',
      'dropped',
      [...path, 'containerRuntime'],
      '',
      'containerRuntime was left out',
      'Karpenter v1beta1 removed it: every supported EKS version runs containerd',
    );
  }
  ctx.dropUnknownKeys(
    path,
    [...KUBELET_KEYS, 'containerRuntime'],
    'Karpenter v1 has no such kubelet setting',
  );
  return readKubeletMap(ctx, path);
}

function readKubeletMap(ctx: DocumentContext, path: FieldPath): KubeletDraft {
  const out: KubeletDraft = {};
  for (const key of [
    'maxPods',
    'podsPerCore',
    'evictionMaxPodGracePeriod',
    'imageGCHighThresholdPercent',
    'imageGCLowThresholdPercent',
  ] as const) {
    const v = ctx.int([...path, key]);
    if (v !== undefined) out[key] = v;
  }
  for (const key of [
    'systemReserved',
    'kubeReserved',
    'evictionHard',
    'evictionSoft',
    'evictionSoftGracePeriod',
  ] as const) {
    const v = ctx.stringMap([...path, key]);
    if (v !== undefined) out[key] = v;
  }
  const quota = ctx.bool([...path, 'cpuCFSQuota']);
  if (quota !== undefined) out.cpuCFSQuota = quota;
  const dns = ctx.list([...path, 'clusterDNS']);
  if (dns) out.clusterDNS = dns.map(String);
  return out;
}

/**
 * Kubelet settings from JSON text: the `compatibility.karpenter.sh/v1beta1-kubelet-conversion`
 * annotation Karpenter's conversion webhook puts on v1 NodePools.
 */
export function parseKubeletJson(
  ctx: DocumentContext,
  path: FieldPath,
  text: string,
): KubeletDraft | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    ctx.error(path, 'is not valid JSON', 'Copy the kubelet settings from the NodePool the webhook converted');
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    ctx.error(
      path,
      'is not a JSON object of kubelet settings',
      'Copy the kubelet settings from the NodePool the webhook converted',
    );
    return undefined;
  }
  const out: KubeletDraft = {};
  const obj = parsed as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (!(KUBELET_KEYS as readonly string[]).includes(key)) {
      ctx.report(
        'warning',
        'dropped',
        path,
        '',
        `kubelet setting '${key}' was left out`,
        'Karpenter v1 has no such kubelet setting',
      );
      continue;
    }
    if (key === 'clusterDNS' && Array.isArray(v)) out.clusterDNS = v.map(String);
    else if (key === 'cpuCFSQuota' && typeof v === 'boolean') out.cpuCFSQuota = v;
    else if (typeof v === 'number') (out as Record<string, unknown>)[key] = v;
    else if (v && typeof v === 'object' && !Array.isArray(v))
      (out as Record<string, unknown>)[key] = Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, String(x)]),
      );
  }
  return out;
}

function enumOf<T extends string>(
  ctx: DocumentContext,
  path: FieldPath,
  allowed: readonly T[],
): T | undefined {
  const v = ctx.str(path);
  if (v === undefined) return undefined;
  if ((allowed as readonly string[]).includes(v)) return v as T;
  ctx.error(path, `'${v}' is not allowed`, `Use one of ${allowed.join(', ')}`);
  return undefined;
}
