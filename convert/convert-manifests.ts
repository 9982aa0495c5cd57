/**
 * The conversion as one pure function: manifest texts in, fleet description and report
 * out. No file or environment access (the CLI does that), so tests call it directly.
 */
import { Diagnostic, TAGS, wholeFileError } from '../model';
import { isSecretMessage } from '../model/stages';
import { supportedKinds } from './api-generations';
import { ConversionLog, ReportEntry } from './conversion-report';
import { checkNodeClassReferences, convertDocuments, ConvertedDocuments } from './convert-documents';
import { formatPath } from './document-context';
import { NodeClassDraft, NodePoolDraft } from './drafts';
import {
  buildFleetDescription,
  ClusterSettings,
  HeaderInput,
  renderFleetDescription,
} from './fleet-description';
import { linkPodTemplates } from './from/from-capacity-buffer';
import { placeKubelet } from './kubelet-placement';
import { decideNodeRole } from './node-role';
import { DraftOrigin, synthCheck } from './synth-check';
import { decideRegion, RegionDecision, regionEvidence } from './region-inference';
import { locateInSource } from './source-positions';
import { fleetSetsRepoURL, TargetFleet } from './target-fleet';
import { SourceManifest, ManifestSource, readManifests } from './manifest-documents';

export interface ConvertOptions {
  /**
   * Cluster name.
   * @default the one `karpenter.sh/discovery` value all node classes select (else a usage problem)
   */
  readonly cluster?: string;
  /**
   * 12-digit account ID for `aws.accountId`.
   * @default left out of the output (the loader then reports it as required)
   */
  readonly accountId?: string;
  /**
   * AWS region for `aws.region`.
   * @default left out of the output (the loader then reports it as required)
   */
  readonly region?: string;
  /**
   * Argo CD destination: a cluster name as registered in Argo CD, or an API server URL.
   * @default left out of the output (REQUIRED in the header)
   */
  readonly destination?: string;
  /**
   * Git repository for `gitops.repoURL`.
   * @default left out of the output (usually in `clusters/_defaults.yaml`)
   */
  readonly repoURL?: string;
  /**
   * Rollout ring for `gitops.ring` (one of the target fleet's `gitops.rings`).
   * @default left out (synth then refuses the file in a fleet that has rings)
   */
  readonly ring?: string;
  /**
   * The fleet the output is written into; synth's check runs on it with the output added.
   * @default none: the output is checked as a fleet of its own
   */
  readonly fleet?: TargetFleet;
  /**
   * Path of the output in that fleet, as shown to the user.
   * @default `<fleet dir>/<cluster>.yaml`
   */
  readonly outputPath?: string;
  /**
   * Run synth on the result in the target fleet (convert/synth-check.ts) and turn what it refuses
   * into errors; tests that synthesize the result themselves turn it off.
   * @default true
   */
  readonly selfCheck?: boolean;
}

export interface ConvertResult {
  /** False when there are errors: in the input (then there is no YAML), or what synth refuses in the output. */
  readonly ok: boolean;
  /**
   * Number of errors that are synth's refusals of the written output (and region contradictions):
   * the YAML is there, to fix by hand, but does not synthesize as it is.
   * @default 0
   */
  readonly refusals?: number;
  /** Set when no cluster name was given and none could be inferred: a usage problem. */
  readonly clusterNameMissing?: string;
  readonly clusterName?: string;
  readonly description?: Record<string, unknown>;
  /** The fleet description file text, comment header included; set whenever the input converted, even if synth refuses it (but never when it would carry a secret). */
  readonly yaml?: string;
  readonly entries: readonly ReportEntry[];
  readonly diagnostics: readonly Diagnostic[];
}

export function convertManifests(
  sources: readonly ManifestSource[],
  options: ConvertOptions = {},
): ConvertResult {
  const log = new ConversionLog();
  const read = readManifests(sources);
  log.addDiagnostics(read.diagnostics);
  const drafts = convertDocuments(read.documents, log);
  checkNodeClassReferences(drafts);
  reportNothingToConvert(drafts, sources, log);

  const poolDrafts = [...drafts.pools.values()].map((d) => d.draft);
  const classDrafts = new Map([...drafts.classes].map(([name, d]) => [name, d.draft] as const));
  if (!log.hasErrors) placeKubelet(poolDrafts, classDrafts);
  const clusterName = options.cluster ?? inferClusterName([...classDrafts.values()], log);
  if (log.hasErrors) return { ok: false, entries: log.entries, diagnostics: log.diagnostics };
  if (clusterName === undefined) return clusterNameMissing(log);

  const classList = [...classDrafts.values()];
  const { cluster, region } = clusterSettings(options, clusterName, classList, drafts.converted, log);
  const description = describeFleet(cluster, classList, poolDrafts, drafts);
  const header = (warnings: number) => fileHeader(sources, cluster, classList, description, warnings);
  const refusals: Diagnostic[] = [...region.diagnostics];
  if (options.selfCheck ?? true) {
    const check = synthCheck({
      yaml: renderFleetDescription(description, header(0)),
      cluster,
      origins: draftOrigins(drafts, classList, poolDrafts),
      firstFile: sources[0]?.file ?? '',
      documents: drafts.converted,
      fleet: options.fleet,
      convertedPath: options.outputPath,
    });
    for (const e of check.entries) log.add(e);
    // A contradicting region is already an error at the same line.
    const taken = new Set(region.diagnostics.map((d) => `${d.file}:${d.line}`));
    refusals.push(...check.errors.filter((d) => !taken.has(`${d.file}:${d.line}`)));
  }
  log.addDiagnostics(refusals);
  return result(refusals, clusterName, description, header, log);
}

/** Input that converted without errors but holds nothing to convert is an error too. */
function reportNothingToConvert(
  drafts: ConvertedDocuments,
  sources: readonly ManifestSource[],
  log: ConversionLog,
): void {
  const extras = drafts.overlays.size + drafts.buffers.size + drafts.podTemplates.size;
  if (drafts.pools.size === 0 && drafts.classes.size === 0 && extras === 0 && !log.hasErrors) {
    log.error(
      wholeFileError(
        sources.map((s) => s.file).join(', '),
        'contains no Karpenter NodePool, Provisioner or node class to convert',
        `Pass the files that define them (${supportedKinds().join('; ')})`,
      ),
    );
  }
}

function clusterNameMissing(log: ConversionLog): ConvertResult {
  return {
    ok: false,
    clusterNameMissing:
      'No cluster name given and none could be inferred (the node classes do not all select one karpenter.sh/discovery tag value). Pass --cluster NAME',
    entries: log.entries,
    diagnostics: log.diagnostics,
  };
}

/** The cluster the output describes: name, node role, region (decided and reported here), options. */
function clusterSettings(
  options: ConvertOptions,
  clusterName: string,
  classList: NodeClassDraft[],
  converted: readonly SourceManifest[],
  log: ConversionLog,
): { readonly cluster: ClusterSettings; readonly region: RegionDecision } {
  const nodeRole = decideNodeRole(classList, clusterName, log);
  // The region: --region, else the one the input's zones and ARNs name (reported); a
  // contradiction is an error at its line, and the output is still made so that every
  // finding shows in one run.
  const region = decideRegion(options.region, regionEvidence(converted));
  for (const e of region.entries) log.add(e);
  const cluster: ClusterSettings = {
    name: clusterName,
    accountId: options.accountId,
    region: region.region,
    destination: options.destination,
    repoURL: options.repoURL,
    ring: options.ring,
    nodeRoleName: nodeRole.nodeRoleName,
    mixedRoles: nodeRole.mixedRoles,
    repoURLFromFleet: fleetSetsRepoURL(options.fleet),
  };
  return { cluster, region };
}

function describeFleet(
  cluster: ClusterSettings,
  classList: NodeClassDraft[],
  poolDrafts: NodePoolDraft[],
  drafts: ConvertedDocuments,
): Record<string, unknown> {
  const bufferDrafts = [...drafts.buffers.values()].map((d) => d.draft);
  const templateDrafts = [...drafts.podTemplates.values()].map((d) => d.draft);
  linkPodTemplates(bufferDrafts, templateDrafts);
  return buildFleetDescription(cluster, classList, poolDrafts, {
    nodeOverlays: [...drafts.overlays.values()].map((d) => d.draft),
    capacityBuffers: bufferDrafts,
    podTemplates: templateDrafts,
  });
}

/** The comment header of the output file. */
function fileHeader(
  sources: readonly ManifestSource[],
  cluster: ClusterSettings,
  classList: readonly NodeClassDraft[],
  description: Record<string, unknown>,
  warnings: number,
): HeaderInput {
  return {
    sources: sources.map((s) => s.file),
    cluster,
    pinnedAliases: classList
      .filter((c) => c.aliasPinnedByConverter)
      .map((c) => c.name)
      .sort(),
    warnings,
    ...(typeof description.kubernetesVersion === 'string'
      ? { kubernetesVersion: description.kubernetesVersion }
      : {}),
  };
}

/** Where each part of the output came from, so that synth's refusals point into the input. */
function draftOrigins(
  drafts: ConvertedDocuments,
  classList: readonly NodeClassDraft[],
  poolDrafts: readonly NodePoolDraft[],
): Map<string, DraftOrigin> {
  const origins = new Map<string, DraftOrigin>();
  for (const [key, defined] of [
    ...[...drafts.pools.values()].map((d) => [`nodePools.${d.draft.name}`, d] as const),
    ...[...drafts.overlays.values()].map((d) => [`nodeOverlays.${d.draft.name}`, d] as const),
    ...[...drafts.buffers.values()].map((d) => [`capacityBuffers.${d.draft.name}`, d] as const),
  ])
    origins.set(key, { docs: [defined.ctx.doc] });
  // A class is searched in its own manifest first, then in the pools that use it (v1beta1
  // kubelet settings, v1alpha5 inline providers); split classes (`<class>-<pool>`) too.
  for (const cls of classList) {
    const users = poolDrafts.filter((p) => p.nodeClass === cls.name).map((p) => p.ctx.doc);
    origins.set(`nodeClasses.${cls.name}`, {
      docs: [cls.ctx.doc, ...users.filter((d) => d !== cls.ctx.doc)],
    });
  }
  return origins;
}

/** The result once the output is made: with its YAML, unless a refusal is about a secret. */
function result(
  refusals: readonly Diagnostic[],
  clusterName: string,
  description: Record<string, unknown>,
  header: (warnings: number) => HeaderInput,
  log: ConversionLog,
): ConvertResult {
  const entries = log.entries;
  // A credential is never carried into a fleet file: with a secret among the refusals nothing is
  // written or printed, unlike other refusals, which are written to fix by hand.
  if (refusals.some((d) => isSecretMessage(d.message)))
    return {
      ok: false,
      refusals: refusals.length,
      clusterName,
      description,
      entries,
      diagnostics: log.diagnostics,
    };
  const yaml = renderFleetDescription(
    description,
    header(entries.filter((e) => e.level === 'warning').length),
  );
  return {
    ok: refusals.length === 0,
    refusals: refusals.length,
    clusterName,
    description,
    yaml,
    entries,
    diagnostics: log.diagnostics,
  };
}

/** The one `karpenter.sh/discovery` value every class selects subnets or security groups by, if there is one. */
function inferClusterName(classes: readonly NodeClassDraft[], log: ConversionLog): string | undefined {
  const values = new Set<string>();
  for (const cls of classes) {
    for (const term of [...(cls.subnetSelectorTerms ?? []), ...(cls.securityGroupSelectorTerms ?? [])]) {
      const v = term.tags?.[TAGS.discovery];
      if (v !== undefined && v !== '*') values.add(v);
    }
  }
  if (values.size !== 1) return undefined;
  const [name] = [...values];
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name) || name.length > 63) return undefined;
  // Reported at the first selector that names it.
  const at = locateInSource(
    classes.map((c) => c.ctx.doc),
    { path: ['subnetSelectorTerms', 0, 'tags', TAGS.discovery], values: [name] },
    { valueOnly: true },
  );
  log.add({
    level: 'info',
    action: 'inferred',
    file: at?.doc.file ?? classes[0].ctx.doc.file,
    line: at?.position.line ?? 0,
    col: at?.position.col ?? 0,
    source: at ? `${at.doc.kind}/${at.doc.name} ${formatPath(at.path)}` : 'cluster name',
    target: 'name',
    message: `cluster name '${name}' taken from the ${TAGS.discovery} selector tag`,
    reason: 'No --cluster was given; every node class selects this discovery tag value',
  });
  return name;
}
