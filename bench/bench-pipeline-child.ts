/**
 * One timed run of the full pipeline, as a child process of bench/bench.ts:
 *
 *   node build/bench/bench-pipeline-child.js ROOT
 *
 * loads `ROOT/clusters/*.yaml`, runs every generator (Karpenter, Helm values,
 * CloudFormation, namespaces, Argo CD), validates the result (CRD schemas, CEL rules,
 * cross-artifact checks, the built-in CloudFormation check: synth/validate-step.ts) and
 * replaces `ROOT/dist/` atomically: exactly `runSynth` of synth/synth.ts with its default
 * validation step, with timers around its steps. Prints
 * one JSON line (BenchPipelineReport) on stdout; exit 1 when the pipeline failed.
 *
 * It imports only what `npm run synth` imports, so its start-up is the CLI's start-up.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { formatDiagnostic, UserError } from '../model';
import { instanceCatalogueCheckMs, secretScanMs } from '../model/stages';
import { loadFleetFromDir } from '../io/cli-common';
import { runSynth } from '../synth/synth';
import { validateStep } from '../synth/validate-step';

/** Milliseconds since the process started, when every module was loaded. */
const loadedAt = performance.now();

export interface BenchPipelineReport {
  /** Node start-up and module loading (ms since the process started). */
  readonly startupMs: number;
  readonly loadMs: number;
  readonly synthesizeMs: number;
  readonly validateMs: number;
  readonly writeMs: number;
  /** Inside loadMs: the instance-type catalogue checks (resolver, fit, limits; catalogue loading included). */
  readonly catalogueMs: number;
  /** Inside loadMs: the secret scan of the fleet files (rule sets loaded on first use included). */
  readonly secretScanMs: number;
  /** From process start to the end of the write. */
  readonly totalMs: number;
  readonly clusters: number;
  readonly nodePools: number;
  readonly files: number;
  readonly errors: number;
  readonly warnings: number;
  /** Peak resident set size in KiB (process.resourceUsage().maxRSS). */
  readonly maxRssKiB: number;
}

export function runPipelineOnce(root: string): BenchPipelineReport {
  const marks: number[] = [];
  const result = runSynth(
    { projectRoot: root, clustersDir: join(root, 'clusters'), outDir: join(root, 'dist') },
    {
      loadFleet: (projectRoot, clustersDir) => {
        marks.push(performance.now());
        const loaded = loadFleetFromDir(projectRoot, clustersDir);
        marks.push(performance.now());
        return loaded;
      },
      validate: (fleet, files, values) => {
        marks.push(performance.now());
        // synth's own validation step (CRD schemas, CEL, cross-checks, built-in CloudFormation check),
        // given the values of the files just rendered, as runSynth gives them.
        const findings = validateStep(fleet, files, values);
        marks.push(performance.now());
        return findings;
      },
    },
  );
  const end = performance.now();
  const [loadStart, loadEnd, validateStart, validateEnd] = marks;
  return {
    startupMs: loadedAt,
    loadMs: loadEnd - loadStart,
    synthesizeMs: validateStart - loadEnd,
    validateMs: validateEnd - validateStart,
    writeMs: end - validateEnd,
    catalogueMs: instanceCatalogueCheckMs(),
    secretScanMs: secretScanMs(),
    totalMs: end,
    clusters: result.clusters,
    nodePools: result.nodePools,
    files: result.files,
    errors: 0,
    warnings: result.warnings.length,
    maxRssKiB: process.resourceUsage().maxRSS,
  };
}

if (require.main === module) {
  const root = process.argv[2];
  if (root === undefined) {
    process.stderr.write('usage: node build/bench/bench-pipeline-child.js ROOT\n');
    process.exitCode = 2;
  } else {
    try {
      process.stdout.write(`${JSON.stringify(runPipelineOnce(root))}\n`);
    } catch (err) {
      if (err instanceof UserError) {
        for (const d of err.diagnostics.slice(0, 20)) process.stderr.write(`${formatDiagnostic(d)}\n`);
        process.stderr.write(`bench: the pipeline reported ${err.diagnostics.length} finding(s)\n`);
      } else {
        process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
      }
      process.exitCode = 1;
    }
  }
}
