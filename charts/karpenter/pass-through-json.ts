/**
 * The spec fields of an imported Karpenter version a typed class does not know, written into its
 * manifest (model/schema/pass-through.ts): the typed classes' own `toJson` keep only the fields of
 * 1.14.1, so each Karpenter object's class applies these after it. The imported CRD validates them
 * with the rest of dist/.
 */

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * `json` with each pass-through value set at its place below `spec` (`hibernation`,
 * `template.spec.x`): a field the tool also writes is replaced by the value as written.
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
    node[path[path.length - 1]] = value;
  }
  return out;
}
