/**
 * Derives malformed fleet descriptions from the example fleet in `clusters/`. Pure and
 * deterministic: the same sources and seed give the same cases, in the same order.
 *
 * Each case is a whole `clusters/` folder (every file, one or two of them mutated) plus
 * what the harness may expect of it:
 *   - 'reject'     the loader must refuse it with diagnostics;
 *   - 'equivalent' the loader must accept it and build the same model as the example
 *                  (CRLF, BOM, reordered keys, comments, quoting do not change meaning);
 *   - 'any'        either a clean rejection or an acceptance that keeps every probe.
 * Probes are keys and values spliced in as raw YAML; an accepting loader must carry
 * exactly the string the user wrote into the model and the output.
 */
import { createPrng } from './prng';
import { Builder, FuzzCase, SourceFile, baseName } from './mutation-context';
import { deepNesting, hugeInputs, numbers } from './mutate-bounds';
import { encodings, equivalents, whitespace } from './mutate-bytes';
import { secretEncodings, secretInjection, secretPlaces } from './mutate-secrets';
import { scheduleWhitespace } from './mutate-schedules';
import {
  anchorsAndAliases,
  duplicateKeys,
  emptyDocuments,
  extraKeys,
  missingKeys,
  wrongTypes,
} from './mutate-structure';
import {
  hostileKeys,
  hostileNameFields,
  hostileNames,
  hostileValues,
  specialStrings,
  structureBreakers,
} from './mutate-values';

export type { Expectation, FuzzCase, FuzzFile, Probe, SourceFile } from './mutation-context';

export function deriveCases(sources: readonly SourceFile[], seed: number): FuzzCase[] {
  const sorted = [...sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const prng = createPrng(seed);
  const cases: FuzzCase[] = [];
  const b: Builder = {
    prng,
    sources: sorted,
    cases,
    add(c) {
      const files = sorted.map(
        (s) => c.replace.find((r) => r.path === s.path) ?? { path: s.path, content: s.text },
      );
      for (const r of c.replace) if (!files.some((f) => f.path === r.path)) files.push(r);
      const { replace: _ignored, ...rest } = c;
      void _ignored;
      cases.push({ ...rest, id: `${String(cases.length).padStart(4, '0')}-${c.family}`, files });
    },
  };
  const clusterFiles = sorted.filter((s) => !baseName(s.path).startsWith('_'));
  if (clusterFiles.length === 0) throw new Error('the example fleet has no cluster file');
  const anchors = { b, clusterFiles };

  specialStrings(anchors);
  structureBreakers(anchors);
  hostileKeys(anchors);
  hostileNames(anchors);
  hostileValues(anchors);
  hostileNameFields(anchors);
  wrongTypes(anchors);
  missingKeys(anchors);
  extraKeys(anchors);
  duplicateKeys(anchors);
  emptyDocuments(anchors);
  anchorsAndAliases(anchors);
  whitespace(anchors);
  encodings(anchors);
  equivalents(anchors);
  numbers(anchors);
  hugeInputs(anchors);
  deepNesting(anchors);
  secretInjection(anchors);
  secretPlaces(anchors);
  secretEncodings(anchors);
  scheduleWhitespace(anchors);
  return cases;
}
