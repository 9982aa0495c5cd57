/**
 * Import-time generator of the validation artifacts, run by `npm run import`:
 *
 *   imports/validation/<set>/catalog.js                     the CRD versions of the set
 *   imports/validation/<set>/<plural>.<group>.<version>.validate.js   ajv standalone validator
 *   imports/validation/<set>/<plural>.<group>.<version>.schema.js     the preprocessed schema
 *   imports/validation/<set>/<plural>.<group>.<version>.rules.js      CEL rule table + walk plan
 *
 * Every file is CommonJS with the provenance header; the validator requires them at run
 * time and never reads ../shared. Output is deterministic (sorted keys, no timestamps).
 */
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { parse } from 'yaml';
import { CRD_SETS, importDirName } from '../model';
import { LoadedCrdFile, provenanceHeader } from './crd-loader';
import { JsonSchema, rootSchema, shareRepeatedSubschemas } from '../validation/kubernetes/structural-schema';
import { buildRuleTable } from '../validation/kubernetes/rule-table';
import { re2ToJs } from '../model';
import {
  ARTIFACT_AJV_OPTIONS,
  CatalogEntry,
  VALIDATION_IMPORT_DIR,
} from '../validation/kubernetes/artifacts';

interface CrdDocument {
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

function moduleOf(header: string, value: unknown): string {
  return `${header}'use strict';\nmodule.exports = ${JSON.stringify(value)};\n`;
}

export function generateValidationArtifacts(crds: readonly LoadedCrdFile[]): [string, string][] {
  const out: [string, string][] = [];
  for (const set of CRD_SETS) {
    const files = crds.filter((c) => c.set === set);
    if (files.length === 0) continue;
    out.push(
      ...artifactsOfCrds(
        `${VALIDATION_IMPORT_DIR}/${importDirName(set)}`,
        provenanceHeader(set, files),
        files,
      ),
    );
  }
  return out;
}

/**
 * The artifacts of one CRD set (`dir` below imports/, every file headed by `header`): per CRD
 * version its validator, schema and rule table, and the set's catalog. Also used for the ACK
 * controllers' CRDs (codegen/generate-ack-artifacts.ts).
 */
export function artifactsOfCrds(
  dir: string,
  header: string,
  files: readonly { readonly text: string }[],
): [string, string][] {
  const out: [string, string][] = [];
  const catalog: CatalogEntry[] = [];
  for (const file of files) {
    const crd = parse(file.text) as CrdDocument;
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
      out.push([`${dir}/${base}.validate.js`, `${header}${compileStandalone(schema)}\n`]);
      out.push([`${dir}/${base}.schema.js`, moduleOf(header, schema)]);
      out.push([`${dir}/${base}.rules.js`, moduleOf(header, table)]);
    }
  }
  catalog.sort((a, b) => (a.base < b.base ? -1 : a.base > b.base ? 1 : 0));
  out.push([`${dir}/catalog.js`, moduleOf(header, catalog)]);
  return out;
}
