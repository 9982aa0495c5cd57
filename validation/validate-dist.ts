/**
 * The synth pipeline's validation step: everything generated for `dist/`, validated in
 * memory before anything is written. Each cluster's Kubernetes objects are judged by the
 * CRD schemas and CEL rules of the Karpenter version the cluster declares.
 */
import { Diagnostic, DistFiles, FleetModel } from '../model';
import { KarpenterSchemas } from './kubernetes/validate-manifests';
import { Finding, sortFindings } from './finding';
import { ManifestDocument, parseManifests } from './manifest-source';
import { ClusterFindingsCache, PreLinted, validateFiles } from './validate-tree';
import { groupDigest, knownPreviousDigests } from './previous-digests';
import { groupPrevious } from './previous-groups';
import { distSources } from './dist-sources';

export { cloudFormationTemplates, distSources, VALIDATED_EXTENSIONS } from './dist-sources';
export type { TemplateVerdicts } from './dist-sources';

/**
 * Errors and warnings for the generated files (paths relative to `dist/`), sorted.
 * The caller fails the synth on any `error` and prints warnings.
 */
export interface ValidateDistOptions {
  /**
   * Run cfn-lint on the CloudFormation templates when it is installed (about 2 s of start-up);
   * false uses only the built-in check; cfn-lint's result for templates linted before
   * (`cloudFormationTemplates` of `distSources` given to validation/cloudformation/cfn-lint.ts `lintTemplates`) is taken for
   * each template it judged with the same text.
   * @default true
   */
  readonly cfnLint?: boolean | PreLinted;
  /**
   * The previous version of dist/ (e.g. the PR's base branch), paths relative to dist/: each
   * cluster's objects are paired with that cluster's previous objects, so CEL transition rules
   * (`oldSelf`) are evaluated.
   * @default none (transition rules are not evaluated)
   */
  readonly previous?: DistFiles;
  /**
   * The value of each file of `files` whose text reads back as exactly that value (the synth
   * pipeline's freshly rendered files), by path: taken instead of parsing the text.
   * @default none (every text is parsed)
   */
  readonly values?: ReadonlyMap<string, unknown>;
  /**
   * Findings of clusters judged before, by what decides them (validation/validate-tree.ts
   * `ClusterFindingsCache`; io/fleet-load-cache.ts keeps them across runs).
   * @default none: every cluster is judged
   */
  readonly cache?: ClusterFindingsCache;
}

export function validateDist(
  files: DistFiles,
  fleet: FleetModel,
  options: ValidateDistOptions = {},
): Finding[] {
  const versions = new Map<string, KarpenterSchemas>(
    fleet.clusters.map((c) => [c.name, c.karpenter.imported ?? c.karpenter.semantics]),
  );
  const sources = distSources(files, options.values);
  const previous = previousByCluster(options.previous ?? new Map<string, string>());
  return sortFindings(
    validateFiles(sources, {
      versionFor: (c) => versions.get(c),
      cfnLint: options.cfnLint ?? true,
      previousLoose: previous.loose,
      previousFor: (c) => previous.docsOf(c),
      previousDigestFor: (c) => previous.digestOf(c),
      previousLooseDigest: previous.looseDigest,
      ...(options.cache ? { cache: options.cache } : {}),
    }).findings,
  );
}

/**
 * The previous tree's manifests, grouped by the cluster folder they are in; a cluster's are parsed
 * when first asked for (a cluster whose findings are kept needs only their digest).
 */
function previousByCluster(files: DistFiles): {
  readonly loose: { readonly present: boolean; readonly documents: () => ManifestDocument[] };
  readonly looseDigest: string;
  docsOf(cluster: string): ManifestDocument[];
  digestOf(cluster: string): string;
} {
  let loose: ManifestDocument[] | undefined;
  const groups = groupPrevious(files);
  // Digests computed with the files (check's git worker, validation/previous-digests.ts), or here.
  const digests = knownPreviousDigests(files);
  const parsed = new Map<string, ManifestDocument[]>();
  const docsOfFile = (rel: string, text: string) =>
    parseManifests(`previous/${rel}`, text).filter((d) => d.error === undefined);
  return {
    loose: {
      present: groups.loose.length > 0,
      documents: () => (loose ??= groups.loose.flatMap(([r, t]) => docsOfFile(r, t))),
    },
    looseDigest: digests?.loose ?? groupDigest(groups.loose),
    docsOf: (cluster) => {
      let docs = parsed.get(cluster);
      if (!docs)
        parsed.set(
          cluster,
          (docs = (groups.clusters.get(cluster) ?? []).flatMap(([r, t]) => docsOfFile(r, t))),
        );
      return docs;
    },
    digestOf: (cluster) => {
      if (digests) return digests.clusters.get(cluster) ?? '';
      const list = groups.clusters.get(cluster);
      return list ? groupDigest(list) : '';
    },
  };
}

/** True when `findings` contain an error (warnings do not fail a run). */
export function hasErrors(findings: readonly Diagnostic[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
