/**
 * The spec fields of an imported Karpenter version a typed class does not know, written into its
 * manifest (model/schema/pass-through.ts): the typed classes' own `toJson` keep only the fields of
 * 1.14.1, so each Karpenter object is made `carryingPassThrough`, which applies them after it. The
 * imported CRD validates them with the rest of dist/.
 */
import type { ApiObject } from 'cdk8s';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `written` over `generated`: objects merge key by key (written wins), anything else is replaced. */
function over(generated: unknown, written: unknown): unknown {
  if (!isRecord(generated) || !isRecord(written)) return written;
  const out: Record<string, unknown> = { ...generated };
  for (const [key, value] of Object.entries(written)) out[key] = over(generated[key], value);
  return out;
}

/**
 * `json` with each pass-through value set at its place below `spec` (`hibernation`,
 * `template.spec.x`). A field the tool also writes (from its defaults: the field itself was taken
 * out before resolving) gets the value as written over it: an object keeps the tool's defaults for
 * the keys not written (metadataOptions keeps httpTokens: required), a list or a scalar is replaced.
 */
export function withPassThrough(
  json: Record<string, unknown>,
  passThrough: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  if (passThrough === undefined) return json;
  const out: Record<string, unknown> = { ...json, spec: { ...(isRecord(json.spec) ? json.spec : {}) } };
  for (const [place, value] of Object.entries(passThrough)) {
    const path = place.split('.');
    let node = out.spec as Record<string, unknown>;
    for (const seg of path.slice(0, -1)) {
      const next: Record<string, unknown> = { ...(isRecord(node[seg]) ? node[seg] : {}) };
      node[seg] = next;
      node = next;
    }
    const last = path[path.length - 1];
    node[last] = over(node[last], value);
  }
  return out;
}

/**
 * `object`, whose manifest also carries `passThrough` (withPassThrough over what its typed class
 * writes): one way for every Karpenter kind, instead of a subclass per kind.
 */
export function carryingPassThrough<T extends ApiObject>(
  object: T,
  passThrough: Readonly<Record<string, unknown>> | undefined,
): T {
  if (passThrough === undefined) return object;
  const typed = object.toJson.bind(object);
  object.toJson = () => withPassThrough(typed() as Record<string, unknown>, passThrough);
  return object;
}
