/**
 * Validates a set of files: every Kubernetes manifest against its CRD schema and CEL rules,
 * CloudFormation templates, every `*.tf.json` against the pinned hashicorp/aws schema
 * (validation/terraform/), and, for files laid out like `dist/` (model/shared/dist-layout.ts:
 * `<cluster>/{karpenter,argocd,base,values}/...` and each AWS-side target's folder), the checks
 * across one cluster's artifacts. Shared by validateDist (synth) and the CLI.
 */
import { createHash } from 'node:crypto';
import {
  KARPENTER_CHART,
  KARPENTER_CRD_CHART,
  isFleetClusterParams,
  DEFAULT_KARPENTER_VERSION,
  isKarpenterVersion,
  RepositoryImports,
  compareCodeUnits,
  importsCacheDigest,
} from '../model';
import { checkTemplateBuiltIn, isCloudFormationTemplate } from './cloudformation/cloudformation-check';
import { LintResult, runCfnLint } from './cloudformation/cfn-lint';
import { FileTarget, targetOfDir } from '../policies/targets/targets';
import { distCluster } from './dist-cluster';

export { distCluster };
import { AwsSideFacts } from './aws-side-facts';
import { awsSideFacts } from './read-aws-side-facts';
import { crossCheckBuffers } from './buffer-cross-checks';
import { checkTerraformJson } from './terraform/terraform-json-check';
import { crossCheckCluster } from './cross-checks';
import { Finding } from './finding';
import { ManifestDocument, parseManifests } from './manifest-source';
import { KarpenterSchemas, schemasVersion, validatorFor } from './kubernetes/validate-manifests';
import { importedFolderDigest, readRepositoryImports } from '../io/repository-imports';

/** Findings of one cluster's folder kept by key (io/fleet-load-cache.ts keeps them across runs). */
export interface ClusterFindingsCache {
  get(key: string): readonly Finding[] | undefined;
  set(key: string, findings: readonly Finding[]): void;
}

/** cfn-lint's findings for templates linted before validation started. */
export type PreLinted = Pick<LintResult, 'findings' | 'judged'>;

export interface SourceFile {
  /** Name shown in findings, e.g. `dist/ticketing/karpenter/nodepool-default.yaml`. */
  readonly display: string;
  /** Path relative to the folder that was given (POSIX separators), to recognise the dist/ layout. */
  readonly rel: string;
  readonly text: string;
  /**
   * The one document `text` reads back as, when the caller knows it (the synth pipeline's freshly
   * rendered files): taken instead of parsing `text`.
   * @default none (`text` is parsed)
   */
  readonly value?: unknown;
}

export interface TreeOptions {
  /** Version for manifests outside a cluster folder, and for clusters `versionFor` does not know. @default DEFAULT_KARPENTER_VERSION (or the karpenter chart version found in the cluster's Applications) */
  readonly karpenterVersion?: KarpenterSchemas;
  /** The version a cluster declares (from the fleet model), shipped or imported. @default none */
  readonly versionFor?: (cluster: string) => KarpenterSchemas | undefined;
  /** The repository's imported versions, for a chart version found in an Application. @default none */
  readonly imports?: RepositoryImports;
  /** Previous versions of the objects, for transition rules. @default none */
  readonly previous?: readonly ManifestDocument[];
  /**
   * The previous objects outside cluster folders, parsed only when their findings are not kept
   * (`present`: whether there are any files of them), in place of `previous` for those documents.
   * @default `previous`
   */
  readonly previousLoose?: {
    readonly present: boolean;
    readonly documents: () => readonly ManifestDocument[];
  };
  /**
   * Previous versions of one cluster's objects (a dist/ tree has objects of the same name in
   * several clusters, so each cluster is paired only with its own). @default `previous`
   */
  readonly previousFor?: (cluster: string) => readonly ManifestDocument[] | undefined;
  /**
   * A digest of the previous files `previousFor` gives for one cluster (`''`: none), for `cache`'s key.
   * @default none: with previous objects, findings are not kept
   */
  readonly previousDigestFor?: (cluster: string) => string;
  /**
   * A digest of the files `previous` came from, for `cache`'s key.
   * @default none: with previous objects outside cluster folders, their findings are not kept
   */
  readonly previousLooseDigest?: string;
  /**
   * Findings of clusters judged before, by what decides them (validation/validate-dist.ts).
   * @default none: every cluster is judged
   */
  readonly cache?: ClusterFindingsCache;
  /**
   * CloudFormation templates: cfn-lint when installed (true), only the built-in check (false),
   * or cfn-lint's result for templates the caller already linted (validation/cloudformation/cfn-lint.ts
   * `lintTemplates`): a template it judged with exactly this text takes those findings, any
   * other template is linted now.
   * @default true
   */
  readonly cfnLint?: boolean | PreLinted;
}

/** One document the validator looked at, for reports that list every document (JUnit). */
export interface CheckedDocument {
  readonly file: string;
  /** 0-based index of the document in its file. */
  readonly index: number;
  /** `Kind/name` when the document is an object with both. */
  readonly object?: string;
}

export interface TreeResult {
  readonly findings: Finding[];
  /** Documents looked at (manifests, values files, templates). */
  readonly documents: number;
  /** The same documents, in the order they were read (files sorted). */
  readonly checked: readonly CheckedDocument[];
}

/** `Kind/name` of a parsed document, when it has both. */
export function documentObject(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as { kind?: unknown; metadata?: { name?: unknown } };
  return typeof v.kind === 'string' && typeof v.metadata?.name === 'string'
    ? `${v.kind}/${v.metadata.name}`
    : undefined;
}

interface ClusterFiles {
  /** Every file of the cluster's folder, name and text: what its findings depend on. */
  readonly texts: string[];
  manifests: ManifestDocument[];
  values?: ManifestDocument;
  /** What the cluster's AWS-side file creates (its target's main file). */
  awsSide?: AwsSideFacts;
}

/** A file in Terraform's JSON syntax, generated or hand-written, wherever it is. */
export function isTerraformJson(rel: string): boolean {
  return rel.endsWith('.tf.json');
}

/** The AWS-side target whose main file `rel` is (`<cluster>/<dir>/<file>`), if it is one. */
function targetFileOf(rel: string): FileTarget | undefined {
  const segs = rel.split('/');
  const target = segs.length === 3 ? targetOfDir(segs[1]) : undefined;
  return target?.file === segs[2] ? target : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The version of the karpenter chart an Argo CD Application deploys, if it is one we know. */
function chartVersion(
  docs: readonly ManifestDocument[],
  imports: RepositoryImports | undefined,
): KarpenterSchemas | undefined {
  for (const d of docs) {
    const v = d.value;
    if (!isRecord(v) || v.kind !== 'Application' || !isRecord(v.spec)) continue;
    const sources = [v.spec.source, ...(Array.isArray(v.spec.sources) ? v.spec.sources : [])];
    for (const s of sources) {
      if (
        isRecord(s) &&
        (s.chart === KARPENTER_CHART || s.chart === KARPENTER_CRD_CHART) &&
        typeof s.targetRevision === 'string'
      ) {
        const ver = s.targetRevision.replace(/^v/, '');
        if (isKarpenterVersion(ver)) return ver;
        const imported = imports?.karpenter.get(ver);
        if (imported) return imported;
      }
    }
  }
  return undefined;
}

export function validateFiles(files: readonly SourceFile[], options: TreeOptions = {}): TreeResult {
  const findings: Finding[] = [];
  const checked: CheckedDocument[] = [];
  const loose: ManifestDocument[] = [];
  /** Name and text of every file with a document in `loose`, once each. */
  const looseTexts: string[] = [];
  const clusters = new Map<string, ClusterFiles>();
  const templates: { doc: ManifestDocument; text: string }[] = [];

  for (const f of [...files].sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0))) {
    // ApplicationSet generator parameters: plain JSON, not Kubernetes objects.
    if (isFleetClusterParams(f.rel)) continue;
    const where = distCluster(f.rel);
    let bucket: ClusterFiles | undefined;
    if (where) {
      bucket = clusters.get(where.cluster);
      if (!bucket) clusters.set(where.cluster, (bucket = { texts: [], manifests: [] }));
      bucket.texts.push(f.display, f.text);
    }
    if (isTerraformJson(f.rel)) {
      // Terraform's JSON syntax: checked against the pinned provider schema, never as manifests.
      checked.push({ file: f.display, index: 0 });
      const tf = checkTerraformJson(f);
      findings.push(...tf);
      const target = targetFileOf(f.rel);
      if (bucket && target && !tf.some((x) => x.check === 'terraform/json'))
        bucket.awsSide = awsSideFacts(target.validate, f.value ?? JSON.parse(f.text));
      continue;
    }
    const docs = parseManifests(f.display, f.text, f.value);
    const looseBefore = loose.length;
    for (const doc of docs) {
      const object = doc.error === undefined ? documentObject(doc.value) : undefined;
      checked.push({ file: doc.file, index: doc.index, ...(object ? { object } : {}) });
      if (doc.error === undefined && isCloudFormationTemplate(doc.value)) {
        templates.push({ doc, text: f.text });
        const target = targetFileOf(f.rel);
        if (bucket && target) bucket.awsSide = awsSideFacts(target.validate, doc.value);
      } else if (bucket && where?.sub === 'values') {
        if (doc.error !== undefined)
          loose.push(doc); // reported as a bad document
        else if (f.rel.endsWith('/karpenter.yaml')) bucket.values = doc;
      } else if (bucket) bucket.manifests.push(doc);
      else loose.push(doc);
    }
    if (loose.length > looseBefore) looseTexts.push(f.display, f.text);
    // A target whose main file is a stream of Kubernetes objects (ack): validated as manifests
    // above, and read for the cross-checks as the list of its objects.
    const target = bucket ? targetFileOf(f.rel) : undefined;
    if (bucket && target?.read && docs.every((d) => d.error === undefined))
      bucket.awsSide = awsSideFacts(
        target.validate,
        docs.map((d) => d.value),
      );
  }

  const defaultVersion = options.karpenterVersion ?? DEFAULT_KARPENTER_VERSION;
  findings.push(...looseFindingsKept(defaultVersion, loose, looseTexts, options));
  for (const [cluster, c] of [...clusters].sort(([a], [b]) => compareCodeUnits(a, b)))
    findings.push(...clusterFindingsKept(cluster, c, options));

  findings.push(...cloudFormationFindings(templates, options.cfnLint ?? true));
  return { findings, documents: checked.length, checked };
}

/**
 * One cluster's findings (its objects against the CRDs of its version, the checks across its
 * artifacts), through `options.cache` where it has one: keyed by the cluster, its version
 * (`schemasKey`: shipped or imported, and the imports' digest), the name and text of every file
 * of its folder and its previous objects' digest.
 */
function clusterFindingsKept(cluster: string, c: ClusterFiles, options: TreeOptions): readonly Finding[] {
  const version =
    options.versionFor?.(cluster) ??
    options.karpenterVersion ??
    chartVersion(c.manifests, options.imports) ??
    DEFAULT_KARPENTER_VERSION;
  // With per-cluster previous objects, their digest is the caller's; without, only none is known.
  const previousDigest = options.previousFor
    ? options.previousDigestFor?.(cluster)
    : (options.previous ?? []).length === 0
      ? ''
      : undefined;
  const schemas = options.cache && previousDigest !== undefined ? schemasKey(version) : undefined;
  const key =
    schemas !== undefined
      ? createHash('sha256')
          .update(JSON.stringify([CLUSTER_FINDINGS_FORMAT, cluster, schemas, previousDigest, c.texts]))
          .digest('hex')
      : undefined;
  const kept = key !== undefined ? options.cache?.get(key) : undefined;
  if (kept) return kept;
  const found = [
    ...validatorFor(version).validate(c.manifests, options.previousFor?.(cluster) ?? options.previous),
    ...crossCheckCluster({
      cluster,
      karpenterVersion: schemasVersion(version),
      manifests: c.manifests,
      ...(c.values ? { values: c.values } : {}),
      ...(c.awsSide ? { awsSide: c.awsSide } : {}),
    }),
    ...crossCheckBuffers(cluster, c.manifests),
  ];
  if (key !== undefined) options.cache?.set(key, found);
  return found;
}

/**
 * The findings of the documents outside a cluster folder (dist/fleet/, bad values documents),
 * through `options.cache` like a cluster's: keyed by the version, their files and the previous
 * loose objects' digest.
 */
function looseFindingsKept(
  version: KarpenterSchemas,
  loose: readonly ManifestDocument[],
  texts: readonly string[],
  options: TreeOptions,
): readonly Finding[] {
  const present = options.previousLoose?.present ?? (options.previous ?? []).length > 0;
  const previousDigest = present ? options.previousLooseDigest : '';
  const schemas =
    options.cache && previousDigest !== undefined && loose.length > 0 ? schemasKey(version) : undefined;
  const key =
    schemas !== undefined
      ? createHash('sha256')
          .update(JSON.stringify([CLUSTER_FINDINGS_FORMAT, null, schemas, previousDigest, texts]))
          .digest('hex')
      : undefined;
  const kept = key !== undefined ? options.cache?.get(key) : undefined;
  if (kept) return kept;
  const found = validatorFor(version).validate(loose, options.previousLoose?.documents() ?? options.previous);
  if (key !== undefined) options.cache?.set(key, found);
  return found;
}

/**
 * What decides the schemas `validatorFor(version)` judges by, beyond the build the cache is keyed
 * by: the version (a shipped one's artifacts are in the build; an imported one's by its version,
 * folder and the digest of every file of that folder), and the digest of the imports of the
 * working folder, whose Auto Mode NodeClass CRD, when imported, judges NodeClasses
 * (validation/kubernetes/node-class-artifacts.ts). Undefined: the working folder's imports have no
 * digest (nothing is kept).
 */
function schemasKey(version: KarpenterSchemas): readonly unknown[] | undefined {
  const nodeClass = importsCacheDigest(readRepositoryImports(process.cwd()));
  if (nodeClass === undefined) return undefined;
  if (typeof version === 'string') return [version, nodeClass];
  return [version.version, version.artifactDir, importedFolderDigest(version.artifactDir), nodeClass];
}

/** Bumped when what decides a cluster's findings changes. */
const CLUSTER_FINDINGS_FORMAT = 'karpenter-gitops cluster findings 2';

/** cfn-lint's findings (taken from `cfnLint` where it judged the same text), or the built-in check's. */
function cloudFormationFindings(
  templates: readonly { readonly doc: ManifestDocument; readonly text: string }[],
  cfnLint: boolean | PreLinted,
): Finding[] {
  if (cfnLint === false) return templates.flatMap((t) => checkTemplateBuiltIn(t.doc));
  const pre = typeof cfnLint === 'object' ? cfnLint : undefined;
  const judged = new Set(
    templates.filter((t) => pre?.judged.get(t.doc.file) === t.text).map((t) => t.doc.file),
  );
  const taken = pre ? pre.findings.filter((f) => judged.has(f.file)) : [];
  const rest = templates.filter((t) => !judged.has(t.doc.file));
  if (rest.length === 0) return taken;
  const linted = runCfnLint(rest.map((t) => ({ file: t.doc.file, text: t.text })));
  return [...taken, ...(linted ?? rest.flatMap((t) => checkTemplateBuiltIn(t.doc)))];
}
