/** RawNodeOverlay → NodeOverlayModel (NodeOverlays have no defaults of the tool's own). */
import { SourceLocation } from '../shared/fleet-model';
import { NodeOverlayModel } from '../shared/overlay-buffer-model';
import { RawNodeOverlay } from '../parse/raw-overlay-buffer';
import { sortedRecord } from '../shared/sorted';

export function resolveNodeOverlay(
  name: string,
  raw: RawNodeOverlay,
  source: SourceLocation,
): NodeOverlayModel {
  const capacity: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw.capacity ?? {})) capacity[k] = String(v);
  return {
    name,
    source,
    requirements: raw.requirements.map((r) => ({
      key: r.key,
      operator: r.operator,
      ...(r.values !== undefined ? { values: [...r.values] } : {}),
    })),
    ...(raw.price !== undefined ? { price: String(raw.price) } : {}),
    ...(raw.priceAdjustment !== undefined ? { priceAdjustment: raw.priceAdjustment } : {}),
    capacity: sortedRecord(capacity),
    ...(raw.weight !== undefined ? { weight: raw.weight } : {}),
  };
}
