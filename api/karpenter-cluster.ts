/**
 * The high-level construct for cdk8s users: one cluster's fleet description, written as a typed
 * object of exactly the shape of `clusters/<name>.yaml`, becomes its EC2NodeClasses, NodePools,
 * NodeOverlays, PodTemplates and CapacityBuffers inside the user's own chart.
 *
 * The props go through the very same path as a fleet file (schema, checks, defaults, resolution:
 * model/load-fleet.ts) as a virtual file named after the construct, so the defaults, the checks
 * and the messages are the YAML path's own; the objects are the synth pipeline's own constructs
 * (charts/karpenter/karpenter-chart.ts). Mistakes throw one UserError carrying every diagnostic,
 * each naming the construct path and the field (`chart/shop nodePools.general.limits: …`).
 */
import { Construct } from 'constructs';
import { addKarpenterObjects, PlacedManifest } from '../charts/karpenter/karpenter-chart';
import { Diagnostic, sortDiagnostics, UserError, ClusterModel } from '../model';
import { RawCluster } from '../model/stages';
import { loadFleetFromSources } from '../model/load-fleet';

/**
 * One cluster's fleet description: the shape of `clusters/<name>.yaml` (see docs/fleet-fields.md).
 * `name` defaults to the construct's id. A test holds this type to the fleet schema.
 */
export type KarpenterClusterProps = RawCluster;

export class KarpenterCluster extends Construct {
  /** The resolved cluster, every default applied. */
  public readonly model: ClusterModel;
  /** Findings that did not stop the construct (the YAML path prints them as warnings). */
  public readonly warnings: readonly Diagnostic[];
  /** The generated objects, each with the path `synth` would write it to below `dist/`. */
  public readonly manifests: readonly PlacedManifest[];

  constructor(scope: Construct, id: string, props: KarpenterClusterProps) {
    super(scope, id);
    const where = this.node.path || id;
    // The file name's stem is the cluster name unless `name` is set, as for clusters/<name>.yaml.
    const file = `${id}.yaml`;
    // JSON is YAML: the object is read by the fleet file parser exactly as written.
    const text = `${JSON.stringify(props, null, 2)}\n`;
    const located = (d: Diagnostic): Diagnostic =>
      d.file === file ? { ...d, file: where, line: 0, col: 0 } : d;
    let loaded;
    try {
      loaded = loadFleetFromSources([{ path: file, text }]);
    } catch (err) {
      if (err instanceof UserError) throw new UserError(err.diagnostics.map(located));
      throw err;
    }
    const cluster = loaded.fleet.clusters[0];
    if (cluster === undefined) throw new Error(`${where}: the fleet description produced no cluster`);
    this.model = cluster;
    this.warnings = sortDiagnostics(loaded.warnings.map(located));
    this.manifests = addKarpenterObjects(this, cluster);
  }
}
