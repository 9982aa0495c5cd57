/**
 * Karpenter v1 moved kubelet settings from the NodePool to the EC2NodeClass. Pools that
 * share a class but disagree on kubelet settings cannot share it any more: each such pool
 * gets its own copy of the class, `<class>-<pool>` (what Karpenter's v1 migration guide
 * asks for by hand). Moving a pool to a new class replaces its nodes (drift): reported.
 */
import { compareCodeUnits } from '../model';
import { KubeletDraft, NodeClassDraft, NodePoolDraft } from './drafts';

export function placeKubelet(pools: NodePoolDraft[], classes: Map<string, NodeClassDraft>): void {
  const byClass = new Map<string, NodePoolDraft[]>();
  for (const pool of pools) {
    const list = byClass.get(pool.nodeClass) ?? [];
    list.push(pool);
    byClass.set(pool.nodeClass, list);
  }
  for (const className of [...byClass.keys()].sort()) {
    const cls = classes.get(className);
    const users = byClass.get(className)!;
    if (!cls || !users.some((p) => p.poolKubelet)) continue;
    /** What each pool's nodes actually got: its own settings if it had the field, else the class's. */
    const effective = users.map((p) => (p.poolKubelet ? p.poolKubelet.value : cls.kubelet));
    const keys = effective.map(kubeletKey);
    if (keys.every((k) => k === keys[0])) {
      const value = effective[0];
      if (value !== undefined && !isEmpty(value)) {
        cls.kubelet = value;
        for (const pool of users) {
          if (pool.poolKubelet?.value) {
            pool.ctx.report(
              'info',
              'moved',
              pool.poolKubelet.path,
              `nodeClasses.${className}.kubelet`,
              `kubelet settings moved to node class ${className}`,
              'Karpenter v1 keeps kubelet settings on the EC2NodeClass',
            );
          }
        }
      }
      continue;
    }
    splitClass(cls, users, classes, effective);
  }
}

function splitClass(
  cls: NodeClassDraft,
  users: NodePoolDraft[],
  classes: Map<string, NodeClassDraft>,
  effective: (KubeletDraft | undefined)[],
): void {
  const className = cls.name;
  const names = users.map((p) => `${className}-${p.name}`);
  const clash = names.find((n) => classes.has(n));
  if (clash) {
    const pool = users[names.indexOf(clash)];
    pool.ctx.error(
      pool.poolKubelet?.path ?? pool.nodeClassPath,
      `needs its own copy of node class ${className} (pools sharing it have different kubelet settings), but ${clash} already exists`,
      `Rename node class ${clash}, or give the pools of ${className} the same kubelet settings`,
    );
    return;
  }
  users.forEach((pool, i) => {
    const variant: NodeClassDraft = { ...cls, name: names[i] };
    const value = effective[i];
    if (value !== undefined && !isEmpty(value)) variant.kubelet = value;
    else delete variant.kubelet;
    classes.set(variant.name, variant);
    pool.nodeClass = variant.name;
    pool.ctx.report(
      'warning',
      'split',
      pool.poolKubelet?.path ?? pool.nodeClassPath,
      `nodeClasses.${variant.name}`,
      `node class ${className} was split: this pool now uses ${variant.name}${value && !isEmpty(value) ? ' with its kubelet settings' : ' (no kubelet settings)'}`,
      `Pools sharing ${className} set different kubelet settings, which Karpenter v1 keeps on the node class; the changed nodeClassRef replaces this pool's nodes (drift) when synced`,
    );
  });
  classes.delete(className);
  cls.ctx.report(
    'warning',
    'split',
    [],
    '',
    `node class ${className} was replaced by ${names.join(', ')}`,
    'Each pool that used it has its own copy now; the original is not generated any more',
  );
}

/** Order-independent text of a kubelet configuration, for comparing pools. */
function kubeletKey(value: KubeletDraft | undefined): string {
  if (value === undefined || isEmpty(value)) return '';
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => compareCodeUnits(a, b)),
        )
      : v,
  );
}

function isEmpty(value: KubeletDraft): boolean {
  return Object.keys(value).length === 0;
}
