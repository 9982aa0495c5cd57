/**
 * The mutation and fuzz harness (issue 9). Derives ≥ 500 malformed fleet descriptions from
 * the example fleet and demands, of every one of them, either
 *   (a) a UserError whose every diagnostic names a real file, a line ≥ 1 (or the file-only
 *       form), a field, what is wrong and how to fix it, on one line; or
 *   (b) acceptance with a model holding exactly the strings the user wrote, which synthesizes
 *       into files that re-parse (as YAML 1.2 and as YAML 1.1, like Go's sigs.k8s.io/yaml) to
 *       the same values, with no file split or added;
 * and never a stack trace or a hang. Dangerous cases run in a child process with a timeout.
 *
 * Replay a run: `FUZZ_SEED=<seed> npx jest test/reliability/fuzz.test.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { UserError } from '../../model/shared/diagnostics';
import { DistFiles } from '../../model/shared/dist-layout';
import { FleetModel } from '../../model/shared/fleet-model';
import { LoadedFleet, loadFleetFromSources } from '../../model/load-fleet';
import { loadFleet } from '../../io/read-fleet';
import { synthesize } from '../../synth/synthesize';
import { validateStep } from '../../synth/validate-step';
import { checkAcceptance, checkRejection, checkSynth, checkWarnings } from './case-outcome';
import { exampleFleetRoot, readExampleFleet } from './example-fleet';
import { Outcome, runIsolated, writeCaseProject } from './isolated-runner';
import { deriveCases, FuzzCase } from './mutators';
import { fuzzSeedFromEnv } from './prng';

/** A loader call taking longer than this in-process is reported as a (near-)hang. */
const IN_PROCESS_LIMIT_MS = 10_000;
/** Per-case limit in the child process. */
const ISOLATED_LIMIT_MS = 10_000;
/** Accepted cases with more clusters than this (the cluster-count case) are not synthesized. */
const MAX_SYNTH_CLUSTERS = 10;
const DEFAULTS_PATH = 'clusters/_defaults.yaml';

/** Files the case added or changed compared with the example fleet. */
function changedFiles(c: FuzzCase): Set<string> {
  const original = new Map(sources.map((s) => [s.path, s.text]));
  return new Set(c.files.filter((f) => f.content !== original.get(f.path)).map((f) => f.path));
}

interface CaseResult {
  readonly c: FuzzCase;
  readonly outcome: Outcome;
  /** 'crash' | 'diagnostic' | 'acceptance' | 'synth' | 'slow' */
  readonly problems: readonly { readonly kind: string; readonly text: string }[];
}

const seed = fuzzSeedFromEnv();
const sources = readExampleFleet(exampleFleetRoot());
const cases = deriveCases(sources, seed);

function loadInProcess(load: () => LoadedFleet): Outcome {
  const t0 = performance.now();
  const ms = () => performance.now() - t0;
  try {
    const loaded = load();
    return { kind: 'accepted', fleet: loaded.fleet, warnings: loaded.warnings, ms: ms() };
  } catch (e) {
    if (e instanceof UserError) return { kind: 'rejected', diagnostics: e.diagnostics, ms: ms() };
    return { kind: 'crashed', error: e instanceof Error ? (e.stack ?? e.message) : String(e), ms: ms() };
  }
}

describe('fuzz harness: malformed fleet descriptions', () => {
  let work: string;
  const results: CaseResult[] = [];
  let elapsedMs = 0;
  const timing = { isolated: 0, load: 0, synth: 0, validate: 0 };
  let validationRejected = 0;
  const nondeterministic: string[] = [];

  beforeAll(async () => {
    const t0 = performance.now();
    work = mkdtempSync(join(tmpdir(), 'kg-fuzz-'));
    const baseRoot = join(work, 'baseline');
    writeCaseProject(baseRoot, {
      id: 'baseline',
      family: 'baseline',
      description: '',
      files: sources.map((s) => ({ path: s.path, content: s.text })),
      isolate: false,
      expect: 'any',
      probes: [],
    });
    const baseline = loadFleet(baseRoot).fleet;
    const baselineFiles = new Map<string, DistFiles>();

    const tIso = performance.now();
    const isolated = await runIsolated(
      cases.filter((c) => c.isolate),
      {
        projectRoot: join(__dirname, '..', '..'),
        workDir: join(work, 'isolated'),
        timeoutMs: ISOLATED_LIMIT_MS,
        maxHeapMb: 512,
      },
    );
    timing.isolated = performance.now() - tIso;
    for (const c of cases) {
      let outcome: Outcome;
      if (c.isolate) {
        outcome = isolated.get(c.id) as Outcome;
      } else {
        const tl = performance.now();
        if (c.files.every((f) => typeof f.content === 'string' && f.path.endsWith('.yaml'))) {
          // Text only: the pure loader, no disk.
          const load = () =>
            loadFleetFromSources(c.files.map((f) => ({ path: f.path, text: String(f.content) })));
          outcome = loadInProcess(load);
          if (outcome.kind === 'rejected' && results.length % 10 === 0) {
            // Same input, same diagnostics, in the same order.
            const again = loadInProcess(load);
            if (again.kind !== 'rejected' || !isDeepStrictEqual(again.diagnostics, outcome.diagnostics)) {
              nondeterministic.push(c.id);
            }
          }
        } else {
          // Bytes or non-YAML file names: through the files, as the CLI reads them.
          const root = join(work, c.id);
          writeCaseProject(root, c);
          outcome = loadInProcess(() => loadFleet(root));
          rmSync(root, { recursive: true, force: true });
        }
        timing.load += performance.now() - tl;
      }
      const problems: { kind: string; text: string }[] = [];
      if (outcome.kind === 'crashed') problems.push({ kind: 'crash', text: outcome.error });
      if (outcome.kind === 'hung')
        problems.push({ kind: 'crash', text: `no answer within ${outcome.ms} ms (hang)` });
      if (outcome.kind !== 'hung' && !c.isolate && outcome.ms > IN_PROCESS_LIMIT_MS) {
        problems.push({ kind: 'slow', text: `loader took ${Math.round(outcome.ms)} ms` });
      }
      if (outcome.kind === 'rejected') {
        for (const text of checkRejection(c, outcome.diagnostics))
          problems.push({ kind: 'diagnostic', text });
      }
      if (outcome.kind === 'accepted') {
        for (const text of checkAcceptance(c, outcome.fleet, baseline))
          problems.push({ kind: 'acceptance', text });
        for (const text of checkWarnings(c, outcome.warnings)) problems.push({ kind: 'diagnostic', text });
        // Only the clusters of the files the case changed (all of them when _defaults.yaml
        // changed), compared with the example's output for the same clusters. The
        // cluster-count case is about the loader's bound, not 300 clusters of output.
        const changed = changedFiles(c);
        const pick = (fleet: FleetModel): FleetModel => ({
          clusters: fleet.clusters.filter((cl) => changed.has(cl.source.file) || changed.has(DEFAULTS_PATH)),
        });
        // Isolated outcomes crossed a process boundary as JSON: the model is plain data either way.
        const fleet = pick(outcome.fleet as FleetModel);
        if (fleet.clusters.length <= MAX_SYNTH_CLUSTERS) {
          try {
            const key = pick(baseline)
              .clusters.map((cl) => cl.name)
              .join(',');
            if (!baselineFiles.has(key)) baselineFiles.set(key, synthesize(pick(baseline)));
            const ts = performance.now();
            const files = synthesize(fleet);
            timing.synth += performance.now() - ts;
            for (const text of checkSynth(c, files, baselineFiles.get(key) as DistFiles)) {
              problems.push({ kind: 'synth', text });
            }
            // The pipeline's last gate: a validation error is a rejection and must read like one.
            const tv = performance.now();
            const findings = validateStep(fleet, files);
            timing.validate += performance.now() - tv;
            if (findings.some((d) => d.severity === 'error')) {
              validationRejected++;
              for (const text of checkRejection(c, findings, files)) {
                problems.push({ kind: 'diagnostic', text: `validation: ${text}` });
              }
            }
          } catch (e) {
            if (e instanceof UserError) {
              for (const text of checkRejection(c, e.diagnostics))
                problems.push({ kind: 'diagnostic', text });
            } else {
              const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
              problems.push({ kind: 'crash', text: `synthesize: ${error}` });
            }
          }
        }
      }
      results.push({ c, outcome, problems });
    }
    elapsedMs = performance.now() - t0;
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
    const accepted = results.filter((r) => r.outcome.kind === 'accepted').length;
    const rejected = results.filter((r) => r.outcome.kind === 'rejected').length;
    const crashed = results.filter((r) => r.problems.some((p) => p.kind === 'crash')).length;
    const flawed = results.filter((r) => r.problems.some((p) => p.kind !== 'crash')).length;
    const byFamily = new Map<string, number[]>();
    for (const r of results) {
      const row = byFamily.get(r.c.family) ?? [0, 0, 0];
      row[r.outcome.kind === 'accepted' ? 0 : r.outcome.kind === 'rejected' ? 1 : 2]++;
      byFamily.set(r.c.family, row);
    }
    console.log(
      `fuzz: per family (accepted/rejected/crashed): ${[...byFamily].map(([f, [a, r, x]]) => `${f} ${a}/${r}/${x}`).join(', ')}`,
    );
    console.log(
      `fuzz: ${results.length} cases tried, ${accepted} accepted, ${rejected} rejected with diagnostics, ${crashed} crashed` +
        ` (seed ${seed}; ${cases.filter((c) => c.isolate).length} in child processes;` +
        ` ${validationRejected} accepted by the loader were refused by validation; ${flawed} with other problems;` +
        ` ${Math.round(elapsedMs)} ms: ${Object.entries(timing)
          .map(([k, v]) => `${k} ${Math.round(v)}`)
          .join(', ')})`,
    );
  });

  const report = (kind: string): string[] =>
    results.flatMap((r) =>
      r.problems
        .filter((p) => p.kind === kind)
        .map((p) => `${r.c.id} [${r.c.description.slice(0, 160)}]: ${p.text.slice(0, 600)}`),
    );

  it('derives at least 500 cases from the example fleet, covering every mutation family', () => {
    expect(cases.length).toBeGreaterThanOrEqual(500);
    expect(results).toHaveLength(cases.length);
    const families = new Set(cases.map((c) => c.family));
    for (const f of [
      'special-string',
      'structure-breaker',
      'hostile-key',
      'hostile-name',
      'wrong-type',
      'missing-key',
      'extra-key',
      'duplicate-key',
      'empty-document',
      'alias',
      'alias-bomb',
      'tab',
      'control-char',
      'encoding',
      'equivalent',
      'number',
      'huge',
      'deep-nesting',
      'hostile-value',
      'secret-injection',
      'secret-places',
      'secret-encodings',
      'schedule-whitespace',
    ]) {
      expect(families).toContain(f);
    }
  });

  it('never crashes or hangs: every case ends in a UserError or an acceptance', () => {
    expect(report('crash')).toEqual([]);
    expect(report('slow')).toEqual([]);
  });

  it('gives the same diagnostics, in the same order, when the same input is loaded again', () => {
    expect(nondeterministic).toEqual([]);
  });

  it('every rejection carries file:line:col path: message. fix. diagnostics naming a real file', () => {
    expect(report('diagnostic')).toEqual([]);
  });

  it('every acceptance keeps exactly what the user wrote, and must-reject cases are rejected', () => {
    expect(report('acceptance')).toEqual([]);
  });

  it('accepted cases synthesize into files that re-parse to the same values and structure', () => {
    expect(report('synth')).toEqual([]);
  });

  it('the alias bombs and deep nesting are refused with a diagnostic, not by running out of memory', () => {
    const dangerous = results.filter((r) => r.c.family === 'alias-bomb' || r.c.family === 'deep-nesting');
    expect(dangerous.length).toBeGreaterThanOrEqual(8);
    expect(
      dangerous.filter((r) => r.outcome.kind !== 'rejected').map((r) => `${r.c.id} ${r.outcome.kind}`),
    ).toEqual([]);
  });

  it('a label value `on` written plain stays the string "on" all the way to the manifest', () => {
    const on = results.filter(
      (r) =>
        r.c.family === 'special-string' &&
        r.c.probes[0]?.value === 'on' &&
        r.c.description.includes('.labels.'),
    );
    // The sites are drawn at random; whichever were drawn, none may turn `on` into a boolean.
    for (const r of on) {
      expect(r.problems).toEqual([]);
      if (r.outcome.kind === 'accepted')
        expect(JSON.stringify(r.outcome.fleet)).toContain(`"${r.c.probes[0].key}":"on"`);
    }
  });
});
