/**
 * Import-time generator of the validation artifacts, run by `npm run import`:
 *
 *   imports/validation/<set>/catalog.js                     the CRD versions of the set
 *   imports/validation/<set>/<plural>.<group>.<version>.validate.js   ajv standalone validator
 *   imports/validation/<set>/<plural>.<group>.<version>.schema.js     the preprocessed schema
 *   imports/validation/<set>/<plural>.<group>.<version>.rules.js      CEL rule table + walk plan
 *   imports/validation/<set>/facts.js                       what the run time needs of the CRDs
 *                                                            (model/facts/artifacts/crd-facts.ts), Karpenter sets
 *   imports/karpenter-v<version>/crd-facts.ts               the same facts, typed, for the pinned
 *                                                            versions (model/facts/artifacts/crd-facts.ts)
 *
 * Every file is CommonJS with the provenance header; the validator requires them at run
 * time and never reads ../shared. Output is deterministic (sorted keys, no timestamps).
 */
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { parse } from 'yaml';
import { CRD_FACTS_FILE, CRD_SETS, CrdFacts, importDirName } from '../model';
import { LoadedCrdFile, provenanceHeader } from './crd-loader';
import { JsonSchema, rootSchema, shareRepeatedSubschemas } from '../validation/kubernetes/structural-schema';
import { buildRuleTable } from '../validation/kubernetes/rule-table';
import { re2ToJs } from '../model';
import {
  ARTIFACT_AJV_OPTIONS,
  CatalogEntry,
  VALIDATION_IMPORT_DIR,
} from '../validation/kubernetes/artifacts';

/** What the artifacts read of a CustomResourceDefinition (kubectl's extra fields are ignored). */
export interface CrdDocument {
  spec: {
    group: string;
    scope: string;
    names: { kind: string; plural: string };
    versions: {
      name: string;
      served: boolean;
      storage: boolean;
      schema: { openAPIV3Schema: Record<string, unknown> };
    }[];
  };
}

/** Compiles `schema` to standalone CommonJS with the options the runtime expects. */
export function compileStandalone(schema: JsonSchema): string {
  const ajv = new Ajv({
    ...ARTIFACT_AJV_OPTIONS,
    inlineRefs: false,
    code: { source: true, lines: false, optimize: 1 },
  });
  const validate = ajv.compile(schema);
  return withGoPatterns(standaloneCode(ajv, validate));
}

/**
 * The API server matches a schema's `pattern` with Go's regexp (RE2), where `\s` is ASCII only
 * and `.` matches `\r`: each pattern ajv compiled as a JavaScript `u` expression is replaced by
 * its exact RE2 rewrite (model/facts/re2-regex.ts); messages keep the pattern as written.
 */
export function withGoPatterns(code: string): string {
  return code.replace(/new RegExp\(("(?:[^"\\]|\\.)*"), "u"\)/g, (_, literal: string) => {
    const pattern = JSON.parse(literal) as string;
    return `new RegExp(${JSON.stringify(re2ToJs(pattern))}, "")`;
  });
}

function crdDocument(file: { readonly text: string }): CrdDocument {
  return parse(file.text) as CrdDocument;
}

function moduleOf(header: string, value: unknown): string {
  return `${header}'use strict';\nmodule.exports = ${JSON.stringify(value)};\n`;
}

/** The NodePool CRD (karpenter.sh), whose facts the run time reads. */
const NODE_POOL = { group: 'karpenter.sh', kind: 'NodePool' } as const;

interface SchemaPath {
  readonly properties?: Readonly<Record<string, SchemaPath>>;
  readonly items?: SchemaPath;
  readonly pattern?: string;
}

/**
 * What the run time needs of these CRDs (model/facts/artifacts/crd-facts.ts), read from the storage
 * version's OpenAPI schema as the API server holds it; undefined when they hold no NodePool CRD.
 */
export function crdFactsOf(crds: readonly CrdDocument[]): CrdFacts | undefined {
  const nodePool = crds.find((c) => c.spec.group === NODE_POOL.group && c.spec.names.kind === NODE_POOL.kind);
  const storage = nodePool?.spec.versions.find((v) => v.storage);
  if (storage === undefined) return undefined;
  const schema = storage.schema.openAPIV3Schema as SchemaPath;
  const pattern =
    schema.properties?.spec?.properties?.disruption?.properties?.budgets?.items?.properties?.schedule
      ?.pattern;
  return pattern === undefined ? {} : { disruptionBudgetSchedulePattern: pattern };
}

/**
 * The validation artifacts of one CRD set, file name (inside the set's folder) → content, each
 * headed by `header`. The one generator behind both the pinned imports (`npm run import`,
 * imports/validation/<set>/) and a repository's imports (`karpenter-gitops import`,
 * karpenter-imports/<set>/): the same CRDs give the same bytes below the header.
 */
export function validationArtifactFiles(header: string, crds: readonly CrdDocument[]): [string, string][] {
  const out: [string, string][] = [];
  const catalog: CatalogEntry[] = [];
  for (const crd of crds) {
    const { group, scope, names } = crd.spec;
    for (const version of crd.spec.versions) {
      const base = `${names.plural}.${group}.${version.name}`;
      const openApi = version.schema.openAPIV3Schema;
      const schema = shareRepeatedSubschemas(rootSchema(openApi));
      const table = buildRuleTable(openApi);
      catalog.push({
        group,
        version: version.name,
        kind: names.kind,
        plural: names.plural,
        namespaced: scope === 'Namespaced',
        served: version.served,
        storage: version.storage,
        base,
        ruleCount: table.rules.length,
      });
      out.push([`${base}.validate.js`, `${header}${compileStandalone(schema)}\n`]);
      out.push([`${base}.schema.js`, moduleOf(header, schema)]);
      out.push([`${base}.rules.js`, moduleOf(header, table)]);
    }
  }
  catalog.sort((a, b) => (a.base < b.base ? -1 : a.base > b.base ? 1 : 0));
  out.push(['catalog.js', moduleOf(header, catalog)]);
  const facts = crdFactsOf(crds);
  if (facts !== undefined) out.push([CRD_FACTS_FILE, moduleOf(header, facts)]);
  return out;
}

/** The typed copy of a pinned version's facts (imports/karpenter-v<version>/crd-facts.ts). */
export function crdFactsModule(header: string, facts: CrdFacts): string {
  return [
    header.trimEnd(),
    '',
    '/** What the run time needs of these CRDs (model/facts/artifacts/crd-facts.ts); the same as facts.js beside the validation artifacts. */',
    `export const CRD_FACTS = ${JSON.stringify(facts)} as const;`,
    '',
  ].join('\n');
}

export function generateValidationArtifacts(crds: readonly LoadedCrdFile[]): [string, string][] {
  const out: [string, string][] = [];
  for (const set of CRD_SETS) {
    const files = crds.filter((c) => c.set === set);
    if (files.length === 0) continue;
    const header = provenanceHeader(set, files);
    out.push(...artifactsOfCrds(`${VALIDATION_IMPORT_DIR}/${importDirName(set)}`, header, files));
    const facts = set.project === 'karpenter' ? crdFactsOf(files.map(crdDocument)) : undefined;
    if (facts !== undefined) out.push([`${importDirName(set)}/crd-facts.ts`, crdFactsModule(header, facts)]);
  }
  return out;
}

/**
 * The artifacts of one CRD set below `dir` (below imports/), every file headed by `header`:
 * validationArtifactFiles with the folder prefixed. Also used for the ACK controllers' CRDs
 * (codegen/generate-ack-artifacts.ts).
 */
export function artifactsOfCrds(
  dir: string,
  header: string,
  files: readonly { readonly text: string }[],
): [string, string][] {
  const docs = files.map(crdDocument);
  return validationArtifactFiles(header, docs).map(([name, content]) => [`${dir}/${name}`, content]);
}
