/**
 * The files of a dist/ tree as the validator reads them, and the CloudFormation templates among
 * them: what `check` hands to cfn-lint before validation runs (review/check-lint.ts), kept apart
 * from the validator itself (validation/validate-dist.ts) so that cfn-lint's worker loads only
 * this (and model/basics.ts, not model/; the YAML parser only for a text no verdict is
 * kept for).
 */
import { createHash } from 'node:crypto';
import type { DistFiles } from '../model';
import { compareCodeUnits, isFleetClusterParams } from '../model/basics';
import { isCloudFormationTemplate } from './cloudformation/cloudformation-check';
import type { CfnLintTemplate } from './cloudformation/cfn-lint';
import type * as ManifestSource from './manifest-source';
import type { SourceFile } from './validate-tree';
import { VALIDATED_EXTENSIONS } from './validated-extensions';

export { VALIDATED_EXTENSIONS };

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

/** Whether a file of dist/ may hold a CloudFormation template (`cloudFormationTemplates` parses only these). */
export function mayHoldTemplate(rel: string, text: string): boolean {
  return VALIDATED_EXTENSIONS.test(rel) && !isFleetClusterParams(rel) && MAY_BE_TEMPLATE.test(text);
}

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
    if (!mayHoldTemplate(f.rel, f.text)) continue;
    const key = verdicts ? createHash('sha256').update(`template?\0${f.text}`).digest('hex') : undefined;
    let verdict = key !== undefined ? verdicts?.get(key) : undefined;
    if (verdict === undefined) {
      // Required on the first text no verdict is kept for (its YAML parser is not loaded otherwise).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { parseManifests } = require('./manifest-source') as typeof ManifestSource;
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
