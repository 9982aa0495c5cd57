/**
 * The fleet a conversion is written into (`clusters/`: `_defaults.yaml`, the other clusters, the
 * rollout rings). The converter checks its output against it, so "converted" means "synthesizes
 * there as it is". Pure: the CLI reads the files and passes their texts in.
 */
import { parseDocument } from 'yaml';
import { FleetSource } from '../model/load-fleet';

export interface TargetFleet {
  /** Folder of the fleet files as shown to the user, e.g. `clusters`. */
  readonly dir: string;
  /** Its files (`<dir>/_defaults.yaml`, `<dir>/<cluster>.yaml`), paths as shown to the user. */
  readonly sources: readonly FleetSource[];
}

const DEFAULTS = '_defaults.yaml';

/** The rollout rings of a fleet in promotion order: `gitops.rings` of `_defaults.yaml`, else of any cluster file. */
export function fleetRings(fleet: TargetFleet | undefined): {
  readonly names: readonly string[];
  readonly file?: string;
} {
  if (fleet === undefined) return { names: [] };
  const ordered = [...fleet.sources].sort(
    (a, b) => Number(!isDefaults(a.path)) - Number(!isDefaults(b.path)),
  );
  for (const s of ordered) {
    const rings = ringsOf(s.text);
    if (rings.length > 0) return { names: rings, file: s.path };
  }
  return { names: [] };
}

/** Whether the fleet's `_defaults.yaml` sets `gitops.repoURL` (then the converted file need not). */
export function fleetSetsRepoURL(fleet: TargetFleet | undefined): boolean {
  const defaults = fleet?.sources.find((s) => isDefaults(s.path));
  if (defaults === undefined) return false;
  const data = safeParse(defaults.text);
  const gitops = isObject(data) ? data.gitops : undefined;
  return isObject(gitops) && typeof gitops.repoURL === 'string' && gitops.repoURL !== '';
}

/**
 * A usage problem with `--ring` for this fleet, as a sentence; undefined when the ring is fine
 * or not given (a missing ring in a ringed fleet is a refusal, reported with the conversion).
 */
export function ringUsageProblem(
  ring: string | undefined,
  fleet: TargetFleet | undefined,
): string | undefined {
  if (ring === undefined) return undefined;
  const rings = fleetRings(fleet);
  if (rings.names.length === 0)
    return `--ring '${ring}': the target fleet${fleet ? ` (${fleet.dir}/)` : ''} has no rollout rings (gitops.rings); leave --ring out, or define the rings in ${fleet?.dir ?? 'clusters'}/${DEFAULTS} first`;
  if (!rings.names.includes(ring))
    return `--ring '${ring}' is not a ring of the target fleet (${rings.file}): use one of ${rings.names.join(', ')}`;
  return undefined;
}

/**
 * The fleet synth would load once the converted file is in place: the fleet's files, with the
 * converted one added (replacing a file of the same path, as `--force` would).
 */
export function fleetWithConverted(
  fleet: TargetFleet | undefined,
  convertedPath: string,
  text: string,
): FleetSource[] {
  const others = (fleet?.sources ?? []).filter((s) => s.path !== convertedPath);
  return [...others, { path: convertedPath, text }];
}

function ringsOf(text: string): string[] {
  const data = safeParse(text);
  const gitops = isObject(data) ? data.gitops : undefined;
  const rings = isObject(gitops) ? gitops.rings : undefined;
  if (!Array.isArray(rings)) return [];
  return rings.map((r) => (isObject(r) && typeof r.name === 'string' ? r.name : '')).filter((n) => n !== '');
}

function safeParse(text: string): unknown {
  try {
    const doc = parseDocument(text);
    return doc.errors.length > 0 ? undefined : doc.toJS();
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isDefaults(path: string): boolean {
  return path === DEFAULTS || path.endsWith(`/${DEFAULTS}`);
}
