/**
 * The synth pipeline's validation step: everything generated for `dist/`, validated in
 * memory before anything is written. Each cluster's Kubernetes objects are judged by the
 * CRD schemas and CEL rules of the Karpenter version the cluster declares.
 */
import { createHash } from 'node:crypto';
import { compareCodeUnits, Diagnostic, DistFiles, FleetModel, isFleetClusterParams } from '../model';
import { KarpenterSchemas } from './kubernetes/validate-manifests';
import { Finding, sortFindings } from './finding';
import { ManifestDocument, parseManifests } from './manifest-source';
import { isCloudFormationTemplate } from './cloudformation/cloudformation-check';
import { CfnLintTemplate } from './cloudformation/cfn-lint';
import { ClusterFindingsCache, distCluster, PreLinted, SourceFile, validateFiles } from './validate-tree';

/** Files the validator reads; others (e.g. README.md) are left alone. */
export const VALIDATED_EXTENSIONS = /\.(ya?ml|json)$/;

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
 * The files of a dist/ tree (paths relative to dist/) the validator reads, named `dist/<rel>` in
 * findings, each with its value from `values` when that has one.
 */
export function distSources(files: DistFiles, values?: ReadonlyMap<string, unknown>): SourceFile[] {
  return [...files]
    .filter(([rel]) => VALIDATED_EXTENSIONS.test(rel))
    .map(([rel, text]): SourceFile => {
      const value = values?.get(rel);
      return { display: `dist/${rel}`, rel, text, ...(value !== undefined ? { value } : {}) };
    });
}

/** A cheap first look: could this text hold a CloudFormation template? (`Resources` as a key) */
const MAY_BE_TEMPLATE = /"Resources"\s*:|^Resources\s*:/m;

/**
 * The CloudFormation templates among `files`, named by their `display` path as `validateFiles`
 * names them (`distSources` for a dist/ tree), in that order, so that cfn-lint can lint them
 * before validation does (`check`, `validate`). The validator still finds its own templates: one
 * this misses is linted when validation runs.
 */
export function cloudFormationTemplates(
  files: Iterable<Pick<SourceFile, 'display' | 'rel' | 'text'>>,
  verdicts?: TemplateVerdicts,
): CfnLintTemplate[] {
  const out: CfnLintTemplate[] = [];
  for (const f of [...files].sort((a, b) => compareCodeUnits(a.display, b.display))) {
    if (!VALIDATED_EXTENSIONS.test(f.rel) || isFleetClusterParams(f.rel) || !MAY_BE_TEMPLATE.test(f.text))
      continue;
    const key = verdicts ? createHash('sha256').update(`template?\0${f.text}`).digest('hex') : undefined;
    let verdict = key !== undefined ? verdicts?.get(key) : undefined;
    if (verdict === undefined) {
      verdict = parseManifests(f.display, f.text).some(
        (d) => d.error === undefined && isCloudFormationTemplate(d.value),
      );
      if (key !== undefined) verdicts?.set(key, verdict);
    }
    if (verdict) out.push({ file: f.display, text: f.text });
  }
  return out;
}

/**
 * Whether a text holds a CloudFormation template, kept by the sha256 of the text (the verdict
 * depends on nothing else): `check` looks for the committed templates on every run.
 */
export interface TemplateVerdicts {
  get(key: string): boolean | undefined;
  set(key: string, verdict: boolean): void;
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
  const looseTexts: [string, string][] = [];
  const texts = new Map<string, [string, string][]>();
  const parsed = new Map<string, ManifestDocument[]>();
  const docsOfFile = (rel: string, text: string) =>
    parseManifests(`previous/${rel}`, text).filter((d) => d.error === undefined);
  for (const [rel, text] of files) {
    if (!VALIDATED_EXTENSIONS.test(rel)) continue;
    const where = distCluster(rel);
    if (!where) looseTexts.push([rel, text]);
    else texts.set(where.cluster, [...(texts.get(where.cluster) ?? []), [rel, text]]);
  }
  return {
    loose: {
      present: looseTexts.length > 0,
      documents: () => (loose ??= looseTexts.flatMap(([r, t]) => docsOfFile(r, t))),
    },
    looseDigest: createHash('sha256').update(JSON.stringify(looseTexts)).digest('hex'),
    docsOf: (cluster) => {
      let docs = parsed.get(cluster);
      if (!docs)
        parsed.set(cluster, (docs = (texts.get(cluster) ?? []).flatMap(([r, t]) => docsOfFile(r, t))));
      return docs;
    },
    digestOf: (cluster) => {
      const list = texts.get(cluster);
      return list ? createHash('sha256').update(JSON.stringify(list)).digest('hex') : '';
    },
  };
}

/** True when `findings` contain an error (warnings do not fail a run). */
export function hasErrors(findings: readonly Diagnostic[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
