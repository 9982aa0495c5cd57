/** Shared helpers of the converter tests: fixtures read once, conversions in memory. */
import { readFileSync } from 'fs';
import { join } from 'path';
import { convertManifests, ConvertOptions, ConvertResult } from '../../convert/convert-manifests';
import { ConversionLog, formatReportEntry, ReportEntry } from '../../convert/conversion-report';
import { DocumentContext } from '../../convert/document-context';
import { ManifestSource, readManifests } from '../../convert/manifest-documents';
import { TargetFleet } from '../../convert/target-fleet';
import { DEFAULTS } from '../support/fleet-files';
import { FIXTURE_ACCOUNT, FIXTURE_REGION } from '../support/fleet-fixtures';

export const FIXTURES = join(__dirname, '..', 'fixtures', 'convert');

const cache = new Map<string, string>();

/** A fixture as a ManifestSource named like the user would pass it. */
export function fixture(rel: string): ManifestSource {
  let text = cache.get(rel);
  if (text === undefined) {
    text = readFileSync(join(FIXTURES, rel), 'utf8');
    cache.set(rel, text);
  }
  return { file: `fixtures/${rel}`, text };
}

/** A scratch target fleet: a `_defaults.yaml` with the Git repository, and no other cluster. */
export function scratchFleet(
  defaults: string = DEFAULTS,
  others: Readonly<Record<string, string>> = {},
): TargetFleet {
  return {
    dir: 'clusters',
    sources: [
      { path: 'clusters/_defaults.yaml', text: defaults },
      ...Object.entries(others).map(([name, text]) => ({ path: `clusters/${name}`, text })),
    ],
  };
}

/**
 * What the converter tests pass unless they say otherwise: the account, region and destination
 * a first synth needs, and the scratch fleet to write into (pass `undefined` to leave one out).
 */
export const TEST_FLAGS: ConvertOptions = {
  accountId: FIXTURE_ACCOUNT,
  region: FIXTURE_REGION,
  destination: 'ticketing',
  fleet: scratchFleet(),
};

export function convertFixtures(rels: readonly string[], options: ConvertOptions = {}): ConvertResult {
  return convertManifests(
    rels.map((r) => fixture(r)),
    { ...TEST_FLAGS, ...options },
  );
}

export function convertText(text: string, options: ConvertOptions = {}, file = 'input.yaml'): ConvertResult {
  return convertManifests([{ file, text }], { ...TEST_FLAGS, ...options });
}

/** The description's node pool / class by name (fails the test when missing). */
export function pool(result: ConvertResult, name: string): Record<string, unknown> {
  const pools = (result.description?.nodePools ?? {}) as Record<string, Record<string, unknown>>;
  if (!pools[name]) throw new Error(`no node pool ${name}; have ${Object.keys(pools).join(', ')}`);
  return pools[name];
}

export function nodeClass(result: ConvertResult, name: string): Record<string, unknown> {
  const classes = (result.description?.nodeClasses ?? {}) as Record<string, Record<string, unknown>>;
  if (!classes[name]) throw new Error(`no node class ${name}; have ${Object.keys(classes).join(', ')}`);
  return classes[name];
}

/** Report entries whose source starts with `source` (e.g. `Provisioner/web-arm spec.ttlSecondsAfterEmpty`). */
export function entries(result: ConvertResult, source: string): ReportEntry[] {
  return result.entries.filter(
    (e) => e.source === source || e.source.startsWith(source + ' ') || e.source.startsWith(source + '.'),
  );
}

export function reportLines(result: ConvertResult): string[] {
  return result.entries.map(formatReportEntry);
}

/** A DocumentContext over the first object of `text`, with its log, for unit tests of readers. */
export function contextFor(text: string, file = 'input.yaml'): { ctx: DocumentContext; log: ConversionLog } {
  const read = readManifests([{ file, text }]);
  if (read.documents.length === 0) throw new Error(`no document in: ${text}`);
  const log = new ConversionLog();
  return { ctx: new DocumentContext(read.documents[0], log), log };
}
