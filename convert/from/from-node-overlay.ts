/**
 * `karpenter.sh/v1alpha1` NodeOverlay → an entry of `nodeOverlays:`, every spec field kept
 * under its own name (requirements, price, priceAdjustment, capacity, weight).
 */
import { DocumentContext } from '../document-context';
import { reportObjectExtras } from '../object-metadata';

type Obj = Record<string, unknown>;

export const NODE_OVERLAY_SPEC_KEYS = ['requirements', 'price', 'priceAdjustment', 'capacity', 'weight'];

export interface OverlayDraft {
  readonly name: string;
  readonly ctx: DocumentContext;
  readonly value: Obj;
}

export function convertNodeOverlay(ctx: DocumentContext): OverlayDraft {
  const name = ctx.doc.name;
  reportObjectExtras(ctx, `nodeOverlays.${name}`);
  ctx.dropUnknownKeys(['spec'], NODE_OVERLAY_SPEC_KEYS, 'NodeOverlay v1alpha1 has no such field');
  const value: Obj = {};
  const requirements = ctx.list(['spec', 'requirements']) ?? [];
  value.requirements = requirements.map((_, i) => {
    const path = ['spec', 'requirements', i];
    ctx.dropUnknownKeys(path, ['key', 'operator', 'values'], 'NodeOverlay requirements have no such field');
    const r: Obj = { key: ctx.str([...path, 'key']), operator: ctx.str([...path, 'operator']) };
    const values = ctx.list([...path, 'values']);
    if (values !== undefined) r.values = values.map((_v, j) => ctx.scalarString([...path, 'values', j]));
    return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));
  });
  const price = ctx.scalarString(['spec', 'price']);
  if (price !== undefined) value.price = price;
  const adjustment = ctx.scalarString(['spec', 'priceAdjustment']);
  if (adjustment !== undefined) value.priceAdjustment = adjustment;
  const capacity = ctx.stringMap(['spec', 'capacity']);
  if (capacity !== undefined && Object.keys(capacity).length > 0) value.capacity = sorted(capacity);
  const weight = ctx.int(['spec', 'weight']);
  if (weight !== undefined) value.weight = weight;
  return { name, ctx, value };
}

function sorted<T>(m: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(m)
      .sort()
      .map((k) => [k, m[k]]),
  );
}
