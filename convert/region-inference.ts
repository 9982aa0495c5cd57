/**
 * The AWS region the input implies: zone names (`us-east-2a`, Local Zones `us-west-2-lax-1a`),
 * zone IDs (`use2-az1`), ARNs with a region (subnets, AMIs, KMS keys, capacity reservations) and
 * `topology.kubernetes.io/region` values. Without `--region` the one region they name is used
 * (and the report says so); a `--region` they contradict, or zones of two regions, is an error
 * at the line that contradicts.
 */
import { Diagnostic, LABELS, knownRegions, regionOfZoneId, regionOfZoneName } from '../model';
import { ReportEntry } from './conversion-report';
import { formatPath } from './document-context';
import { FieldPath, SourceManifest, documentLabel } from './manifest-documents';

/** One value in the input that names a region. */
export interface RegionEvidence {
  readonly region: string;
  /** What it is, e.g. `zone us-east-2a`, `subnet ARN arn:aws:ec2:...`. */
  readonly what: string;
  readonly doc: SourceManifest;
  readonly path: FieldPath;
  readonly line: number;
  readonly col: number;
}

export interface RegionDecision {
  /** The region to write: `--region`, else the one the input implies; undefined when neither. */
  readonly region?: string;
  readonly entries: readonly ReportEntry[];
  readonly diagnostics: readonly Diagnostic[];
}

const ARN = /^arn:aws(?:-[a-z]+)*:([a-z0-9-]+):([a-z0-9-]*):/;

/** Every value of the documents that implies a region, in input order. */
export function regionEvidence(docs: readonly SourceManifest[]): RegionEvidence[] {
  const regions = new Set(knownRegions());
  const out: RegionEvidence[] = [];
  for (const doc of docs) {
    const visit = (v: unknown, path: (string | number)[]): void => {
      if (path[0] === 'status') return;
      if (path[0] === 'metadata' && path[1] !== 'labels') return; // annotations repeat the object
      if (Array.isArray(v)) return v.forEach((c, i) => visit(c, [...path, i]));
      if (v !== null && typeof v === 'object') {
        for (const [k, c] of Object.entries(v as object)) {
          visit(c, [...path, k]);
          if (k === LABELS.region && typeof c === 'string' && regions.has(c))
            add(c, `region label ${c}`, [...path, k]);
        }
        return;
      }
      if (typeof v !== 'string') return;
      const arn = ARN.exec(v);
      if (arn && regions.has(arn[2])) return add(arn[2], `${arn[1]} ARN ${v}`, path);
      const zone = regionOfZoneName(v);
      if (zone !== undefined) return add(zone, `zone ${v}`, path);
      const zoneId = /-az[0-9]+$/.test(v) ? regionOfZoneId(v) : undefined;
      if (zoneId !== undefined) return add(zoneId, `zone ID ${v}`, path);
      if (regions.has(v) && requirementKey(doc.body, path) === LABELS.region) add(v, `region ${v}`, path);
    };
    const add = (region: string, what: string, path: FieldPath): void => {
      const pos = doc.position(path);
      out.push({ region, what, doc, path, line: pos.line, col: pos.col });
    };
    visit(doc.body, []);
  }
  return out;
}

/** Decides the region from `--region` and the evidence (see the file comment). */
export function decideRegion(given: string | undefined, evidence: readonly RegionEvidence[]): RegionDecision {
  const diagnostics: Diagnostic[] = [];
  const entries: ReportEntry[] = [];
  const where = (e: RegionEvidence) => `${e.doc.file}:${e.line}`;
  const pathOf = (e: RegionEvidence) =>
    `${documentLabel(e.doc)} ${e.doc.kind}/${e.doc.name} ${formatPath(e.path)}`.trimEnd();
  if (given !== undefined) {
    const contradicting = evidence.filter((e) => e.region !== given);
    if (contradicting.length > 0) {
      const e = contradicting[0];
      const more =
        contradicting.length > 1 ? ` (and ${contradicting.length - 1} more value(s) after it)` : '';
      diagnostics.push({
        severity: 'error',
        file: e.doc.file,
        line: e.line,
        col: e.col,
        path: pathOf(e),
        message: `${e.what} is in ${e.region}, but --region is ${given}${more}`,
        fix: `Pass --region ${e.region} if the cluster runs there, or convert only the manifests of ${given}`,
      });
    }
    return { region: given, entries, diagnostics };
  }
  if (evidence.length === 0) return { entries, diagnostics };
  const first = evidence[0];
  const other = evidence.find((e) => e.region !== first.region);
  if (other !== undefined) {
    diagnostics.push({
      severity: 'error',
      file: other.doc.file,
      line: other.line,
      col: other.col,
      path: pathOf(other),
      message: `${other.what} is in ${other.region}, but ${first.what} (${where(first)}) is in ${first.region}: a cluster is in one region`,
      fix: `Convert the manifests of each region separately, or pass --region to say which one this cluster is in`,
    });
    return { entries, diagnostics };
  }
  entries.push({
    level: 'info',
    action: 'inferred',
    file: first.doc.file,
    line: first.line,
    col: first.col,
    source: `${first.doc.kind}/${first.doc.name} ${formatPath(first.path)}`.trimEnd(),
    target: 'aws.region',
    message: `region ${first.region} taken from ${first.what}`,
    reason: `No --region was given; every zone, ARN and region value of the input (${evidence.length}) is in ${first.region}`,
  });
  return { region: first.region, entries, diagnostics };
}

function requirementKey(body: unknown, path: FieldPath): string | undefined {
  const i = path.lastIndexOf('values');
  if (i < 1) return undefined;
  let v: unknown = body;
  for (const seg of path.slice(0, i)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  const key = v && typeof v === 'object' ? (v as Record<string, unknown>).key : undefined;
  return typeof key === 'string' ? key : undefined;
}
