/**
 * A finding on a generated NodePool, EC2NodeClass or NodeOverlay whose value came from a fleet field is
 * reported at that field (`clusters/shop.yaml:14:21 nodePools.web.disruption.budgets[0].schedule`),
 * where the user fixes it, not at the generated file; the message names the generated file. A
 * finding on anything else, or on a field the fleet does not write, keeps its place.
 */
import { Diagnostic, FleetModel, PathSegment } from '../model';
import { fleetFieldLocation, FleetText, formatPath } from '../model/stages';

/** Generated path prefix → fleet path prefix under the object, and whether the rest is one map key. */
interface FieldMapping {
  readonly generated: string;
  readonly fleet: readonly PathSegment[];
  readonly keyed: boolean;
}

const NODE_POOL_FIELDS: readonly FieldMapping[] = [
  { generated: 'spec.disruption.budgets', fleet: ['disruption', 'budgets'], keyed: false },
  { generated: 'spec.disruption.', fleet: ['disruption'], keyed: false },
  { generated: 'spec.template.metadata.labels.', fleet: ['labels'], keyed: true },
  { generated: 'spec.template.metadata.annotations.', fleet: ['annotations'], keyed: true },
  { generated: 'spec.template.spec.taints', fleet: ['taints'], keyed: false },
  { generated: 'spec.template.spec.startupTaints', fleet: ['startupTaints'], keyed: false },
  { generated: 'spec.template.spec.expireAfter', fleet: ['expireAfter'], keyed: false },
  { generated: 'spec.template.spec.terminationGracePeriod', fleet: ['terminationGracePeriod'], keyed: false },
  { generated: 'spec.template.spec.requirements', fleet: ['requirements'], keyed: false },
  { generated: 'spec.template.spec.nodeClassRef', fleet: ['nodeClass'], keyed: false },
  { generated: 'spec.limits.', fleet: ['limits'], keyed: true },
  { generated: 'spec.weight', fleet: ['weight'], keyed: false },
];

const NODE_CLASS_FIELDS: readonly FieldMapping[] = [
  { generated: 'spec.userData', fleet: ['userData'], keyed: false },
  { generated: 'spec.tags.', fleet: ['tags'], keyed: true },
  { generated: 'spec.instanceProfile', fleet: ['instanceProfile'], keyed: false },
  { generated: 'spec.role', fleet: ['role'], keyed: false },
  { generated: 'spec.blockDeviceMappings', fleet: ['blockDeviceMappings'], keyed: false },
  { generated: 'spec.metadataOptions.', fleet: ['metadataOptions'], keyed: false },
  { generated: 'spec.kubelet.', fleet: ['kubelet'], keyed: false },
  { generated: 'spec.subnetSelectorTerms', fleet: ['subnetSelectorTerms'], keyed: false },
  { generated: 'spec.securityGroupSelectorTerms', fleet: ['securityGroupSelectorTerms'], keyed: false },
  { generated: 'spec.amiSelectorTerms', fleet: ['alias'], keyed: false },
];

const NODE_OVERLAY_FIELDS: readonly FieldMapping[] = [
  { generated: 'spec.requirements', fleet: ['requirements'], keyed: false },
  { generated: 'spec.price', fleet: ['price'], keyed: false },
  { generated: 'spec.priceAdjustment', fleet: ['priceAdjustment'], keyed: false },
  { generated: 'spec.capacity.', fleet: ['capacity'], keyed: true },
  { generated: 'spec.weight', fleet: ['weight'], keyed: false },
];

/** Generated kind (file prefix) → where its objects are written in the fleet and their fields. */
const KINDS: Readonly<Record<string, { readonly map: string; readonly fields: readonly FieldMapping[] }>> = {
  nodepool: { map: 'nodePools', fields: NODE_POOL_FIELDS },
  ec2nodeclass: { map: 'nodeClasses', fields: NODE_CLASS_FIELDS },
  nodeoverlay: { map: 'nodeOverlays', fields: NODE_OVERLAY_FIELDS },
};

const GENERATED_OBJECT = /(?:^|\/)([^/]+)\/karpenter\/(nodepool|ec2nodeclass|nodeoverlay)-([^/]+)\.yaml$/;

/** `[0].schedule` → [0, 'schedule']; `.a.b` → ['a', 'b']. */
function segments(rest: string): PathSegment[] {
  const out: PathSegment[] = [];
  for (const m of rest.matchAll(/\[(\d+)\]|\.?([^.[]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return out;
}

/** The fleet path a generated object's field came from, or undefined. */
export function fleetPathOf(
  file: string,
  path: string,
): { cluster: string; path: PathSegment[] } | undefined {
  const m = GENERATED_OBJECT.exec(file);
  if (m === null) return undefined;
  const [, cluster, kind, name] = m;
  const { map, fields } = KINDS[kind];
  const base: PathSegment[] = [map, name];
  for (const f of fields) {
    if (!path.startsWith(f.generated)) continue;
    const rest = path.slice(f.generated.length);
    if (rest !== '' && !f.keyed && !/^[.[]/.test(rest) && !f.generated.endsWith('.')) continue;
    const tail = rest === '' ? [] : f.keyed ? [rest] : segments(rest);
    return { cluster, path: [...base, ...f.fleet, ...tail] };
  }
  return { cluster, path: base };
}

/**
 * Each finding on a generated object moved to the fleet field its value came from. `textOf`
 * reads fleet files; `defaultsFile` is the fleet's `_defaults.yaml` (project-relative).
 */
export function atFleetFields(
  findings: readonly Diagnostic[],
  fleet: FleetModel,
  textOf: FleetText,
  defaultsFile: string | undefined,
): Diagnostic[] {
  return findings.map((d) => {
    const origin = fleetPathOf(d.file, d.path);
    if (origin === undefined) return d;
    const cluster = fleet.clusters.find((c) => c.name === origin.cluster);
    if (cluster === undefined) return d;
    const files = [cluster.source.file, ...(defaultsFile !== undefined ? [defaultsFile] : [])];
    const found = fleetFieldLocation(textOf, files, origin.path);
    if (found === undefined) return d;
    return {
      ...d,
      file: found.loc.file,
      line: found.loc.line,
      col: found.loc.col,
      path: formatPath(found.path),
      message: `${d.message} (in the generated ${d.file}, at ${d.path})`,
    };
  });
}
