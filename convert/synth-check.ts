/**
 * The converter runs synth itself on what it writes: the converted file is put into the target
 * fleet (`clusters/_defaults.yaml`, the other clusters, the rings) and the real pipeline runs in
 * memory (load → generate → validate, nothing written). Whatever synth refuses is an error of the
 * conversion, at the source manifest line the value came from; synth's warnings are report
 * lines. So a conversion that exits 0 synthesizes as it is, in that fleet.
 */
import { Diagnostic, UserError, DistFiles, textsOf, valuesOf } from '../model';
import { loadFleetFromSources } from '../model/load-fleet';
import { synthesizeFiles } from '../synth/synthesize';
import { validateStep } from '../synth/validate-step';
import { ReportEntry } from './conversion-report';
import { formatPath } from './document-context';
import { ClusterSettings } from './fleet-description';
import { documentLabel, FieldPath, SourceManifest } from './manifest-documents';
import { locateInSource, placeAt, valuesAtPath, WrittenPlace } from './source-positions';
import { fleetWithConverted, TargetFleet } from './target-fleet';
import { parseDocument } from 'yaml';

/** Where a converted fleet entry came from. */
export interface DraftOrigin {
  /** The source objects to search, the one it was converted from first. */
  readonly docs: readonly SourceManifest[];
}

export interface SynthCheckInput {
  /** The converted fleet description, as it will be written. */
  readonly yaml: string;
  readonly cluster: ClusterSettings;
  /** `nodePools.<name>` / `nodeClasses.<name>` / ... → the manifests it was converted from. */
  readonly origins: ReadonlyMap<string, DraftOrigin>;
  /** The first source file, for findings that concern no single object. */
  readonly firstFile: string;
  /**
   * Every converted manifest: a cluster-level value (e.g. `iam.nodeRoleName`) is looked for in them.
   * @default none
   */
  readonly documents?: readonly SourceManifest[];
  /**
   * The fleet the file is written into.
   * @default none: the converted file is checked as a fleet of its own
   */
  readonly fleet?: TargetFleet;
  /**
   * Path of the converted file in that fleet.
   * @default `<fleet dir>/<cluster>.yaml`
   */
  readonly convertedPath?: string;
}

export interface SynthCheckResult {
  /** What synth refuses: errors at the source line (or at the fleet file, for the rest of the fleet). */
  readonly errors: readonly Diagnostic[];
  /** Synth's warnings about the converted cluster, as report lines at the source line. */
  readonly entries: readonly ReportEntry[];
}

/** The fleet-description map each generated kind lives in. */
const FLEET_KEY_OF_KIND: Readonly<Record<string, string>> = {
  NodePool: 'nodePools',
  EC2NodeClass: 'nodeClasses',
  NodeOverlay: 'nodeOverlays',
  CapacityBuffer: 'capacityBuffers',
};
const ENTRY_MAPS = new Set(Object.values(FLEET_KEY_OF_KIND));

/** The option that sets a cluster-level field of the converted file. */
const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  'aws.accountId': '--account ID',
  'aws.region': '--region REGION',
  'gitops.destination': '--destination NAME',
  'gitops.repoURL': '--repo-url URL',
  'gitops.ring': '--ring NAME',
  name: '--cluster NAME',
};

/** Runs synth on the target fleet with the converted file in it; see the file comment. */
export function synthCheck(input: SynthCheckInput): SynthCheckResult {
  const c = input.cluster;
  const convertedPath = input.convertedPath ?? `${input.fleet?.dir ?? 'clusters'}/${c.name}.yaml`;
  const sources = fleetWithConverted(input.fleet, convertedPath, input.yaml);
  const errors: Diagnostic[] = [];
  const entries: ReportEntry[] = [];
  const written = lazyData(input.yaml);
  const report = (d: Diagnostic, place: WrittenPlace | undefined, object: string | undefined): void => {
    const key = entryKey(place?.path, object);
    const origin = key === undefined ? undefined : input.origins.get(key);
    // A field set from the command line (--destination, --account, ...) has no source line.
    const flag = place
      ? (FLAG_OF_FIELD[formatPath(place.path.slice(0, 2))] ?? FLAG_OF_FIELD[String(place.path[0])])
      : undefined;
    const found =
      !place || (flag !== undefined && origin === undefined)
        ? undefined
        : origin
          ? locateInSource(origin.docs, place)
          : locateInSource(input.documents ?? [], place, { valueOnly: true });
    const doc = found?.doc ?? origin?.docs[0];
    const target = place ? formatPath(place.path) : d.path;
    const fix =
      flag && doc === undefined ? `${d.fix ? `${d.fix}; or pass` : 'Pass'} ${flag} to convert` : d.fix;
    const file = doc?.file ?? input.firstFile;
    const line = found?.position.line ?? doc?.line ?? 0;
    const col = found?.position.col ?? doc?.col ?? 0;
    const sourceField = doc
      ? `${doc.kind}/${doc.name}${found && found.path.length > 0 ? ' ' + formatPath(found.path) : ''}`
      : 'fleet description';
    if (d.severity === 'error') {
      errors.push({
        severity: 'error',
        file,
        line,
        col,
        path: `${doc ? documentLabel(doc) + ' ' : ''}${sourceField} -> ${target}`,
        message: `synth refuses it: ${d.message}`,
        ...(fix !== undefined ? { fix } : {}),
      });
    } else {
      entries.push({
        level: 'warning',
        action: 'checked',
        file,
        line,
        col,
        source: sourceField,
        target,
        message: `synth warns: ${d.message}`,
        reason: fix ?? 'See the message',
      });
    }
  };
  const elsewhere = (d: Diagnostic): void => {
    if (d.severity !== 'error') return; // the rest of the fleet's warnings are not this conversion's
    errors.push({ ...d, message: `synth refuses the target fleet here: ${d.message}` });
  };

  let loaded: ReturnType<typeof loadFleetFromSources>;
  try {
    loaded = loadFleetFromSources(sources);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    for (const d of e.diagnostics) {
      if (d.file === convertedPath) report(d, placeOf(input.yaml, d, written), undefined);
      else elsewhere(d);
    }
    return { errors, entries };
  }
  for (const d of loaded.warnings)
    if (d.file === convertedPath) report(d, placeOf(input.yaml, d, written), undefined);
  let findings: readonly Diagnostic[];
  let files: DistFiles;
  try {
    const generated = synthesizeFiles(loaded.fleet);
    files = textsOf(generated);
    findings = validateStep(loaded.fleet, files, valuesOf(generated));
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    files = new Map();
    findings = e.diagnostics;
  }
  for (const f of findings) {
    const rel = f.file.startsWith('dist/') ? f.file.slice('dist/'.length) : undefined;
    const clusterDir = rel?.split('/')[0];
    const object = (f as { object?: string }).object;
    if (f.file === convertedPath) report(f, placeOf(input.yaml, f, written), undefined);
    else if (rel !== undefined && (clusterDir === c.name || mentions(f, c.name))) {
      const text = files.get(rel);
      const place = text === undefined ? undefined : placeAt(text, f.line, f.col);
      report(f, place ?? { path: pathSegments(f.path), values: [] }, object);
    } else elsewhere(f);
  }
  return { errors, entries };
}

/** The converted file's place a loader diagnostic names: its line, else its path. */
function placeOf(yaml: string, d: Diagnostic, data: () => unknown): WrittenPlace | undefined {
  const path = d.path ? pathSegments(d.path) : [];
  const clusterLevel = typeof path[0] === 'string' && !ENTRY_MAPS.has(path[0]);
  const atLine = clusterLevel ? undefined : placeAt(yaml, d.line, d.col);
  if (atLine && atLine.path.length > 0) return atLine;
  if (path.length === 0) return undefined;
  return { path, values: valuesAtPath(data(), path) };
}

/** `nodePools.web.zones[0]` → `['nodePools', 'web', 'zones', 0]`. */
function pathSegments(path: string): FieldPath {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/** `nodePools.<name>` for a place in the fleet description, or the entry of a generated object. */
function entryKey(path: FieldPath | undefined, object: string | undefined): string | undefined {
  if (object !== undefined) {
    const [kind, name] = object.split('/');
    const map = FLEET_KEY_OF_KIND[kind];
    if (map !== undefined && name) return `${map}.${name}`;
  }
  if (path && typeof path[0] === 'string' && ENTRY_MAPS.has(path[0]) && path[1] !== undefined)
    return `${path[0]}.${String(path[1])}`;
  return undefined;
}

/** A fleet-level finding (dist/fleet/...) about this cluster. */
function mentions(f: Diagnostic, cluster: string): boolean {
  return f.file.split('/').some((seg) => seg.replace(/\.(ya?ml|json)$/, '').endsWith(`-${cluster}`));
}

function lazyData(yaml: string): () => unknown {
  let data: unknown;
  let done = false;
  return () => {
    if (!done) {
      data = parseDocument(yaml).toJS();
      done = true;
    }
    return data;
  };
}
