/**
 * Validation throughput of the benchmark, run pinned to one core (`taskset -c 0` when
 * available) as a child of bench/bench.ts:
 *
 *   node build/bench/bench-validate-child.js DIST [MIN_SECONDS]
 *
 * Reads every file of DIST (the pipeline's output) once, then measures
 *   - compile: building the validator (standalone schema validators loaded, CEL compiled);
 *   - CEL validation: schema + ObjectMeta + CEL rules of every Kubernetes manifest, first
 *     pass and steady state (passes repeated for at least MIN_SECONDS, default 2);
 *   - the full validation step (validateFiles: YAML/JSON parsing, the above, the checks
 *     across a cluster's artifacts, the built-in CloudFormation check), first pass.
 * Every pass gets freshly parsed documents (the schema validators apply defaults in place),
 * parsed outside the timed part. Prints one JSON line (BenchValidateReport).
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_KARPENTER_VERSION } from '../model';
import { ManifestDocument, parseManifests } from '../validation/manifest-source';
import { validatorFor } from '../validation/kubernetes/validate-manifests';
import { SourceFile, validateFiles } from '../validation/validate-tree';
import { readTree } from './bench-tree';

export interface BenchValidateReport {
  readonly compileMs: number;
  /** Kubernetes manifests validated per pass. */
  readonly manifests: number;
  /** Documents of the full step (manifests, Helm values, CloudFormation templates). */
  readonly documents: number;
  readonly firstPassMs: number;
  readonly firstPassPerSecond: number;
  /** CPU time (user + system) of the first pass: what a shared machine disturbs least. */
  readonly firstPassCpuMs: number;
  /** Manifests per CPU-second, first pass. */
  readonly firstPassPerCpuSecond: number;
  readonly steadyPasses: number;
  readonly steadyPerSecond: number;
  readonly fullStepMs: number;
  readonly fullStepDocumentsPerSecond: number;
  /** Findings of the full step (a clean fleet has no errors). */
  readonly errors: number;
  readonly maxRssKiB: number;
}

function isKubernetesObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && 'apiVersion' in v && 'kind' in v;
}

function parseKubernetes(files: readonly SourceFile[]): ManifestDocument[] {
  return files
    .filter((f) => f.rel.endsWith('.yaml'))
    .flatMap((f) => parseManifests(f.display, f.text))
    .filter((d) => isKubernetesObject(d.value));
}

export function measureValidation(dist: string, minSeconds: number): BenchValidateReport {
  const files: SourceFile[] = readTree(dist).map((f) => ({ ...f, display: `dist/${f.rel}` }));
  const t0 = performance.now();
  const validator = validatorFor(DEFAULT_KARPENTER_VERSION);
  const compileMs = performance.now() - t0;

  let docs = parseKubernetes(files);
  const c1 = process.cpuUsage();
  const t1 = performance.now();
  let findings = validator.validate(docs);
  const firstPassMs = performance.now() - t1;
  const c1d = process.cpuUsage(c1);
  const firstPassCpuMs = (c1d.user + c1d.system) / 1000;
  const firstErrors = findings.filter((f) => f.severity === 'error').length;

  let passes = 0;
  let steadyMs = 0;
  while (steadyMs < minSeconds * 1000) {
    docs = parseKubernetes(files);
    const s = performance.now();
    findings = validator.validate(docs);
    steadyMs += performance.now() - s;
    passes++;
  }

  const t2 = performance.now();
  const full = validateFiles(files, { cfnLint: false });
  const fullStepMs = performance.now() - t2;
  return {
    compileMs,
    manifests: docs.length,
    documents: full.documents,
    firstPassMs,
    firstPassPerSecond: (docs.length / firstPassMs) * 1000,
    firstPassCpuMs,
    firstPassPerCpuSecond: (docs.length / firstPassCpuMs) * 1000,
    steadyPasses: passes,
    steadyPerSecond: ((docs.length * passes) / steadyMs) * 1000,
    fullStepMs,
    fullStepDocumentsPerSecond: (full.documents / fullStepMs) * 1000,
    errors: firstErrors + full.findings.filter((f) => f.severity === 'error').length,
    maxRssKiB: process.resourceUsage().maxRSS,
  };
}

if (require.main === module) {
  const [dist, seconds] = process.argv.slice(2);
  const minSeconds = seconds === undefined ? 2 : Number(seconds);
  if (dist === undefined || !(minSeconds > 0)) {
    process.stderr.write('usage: node build/bench/bench-validate-child.js DIST [MIN_SECONDS]\n');
    process.exitCode = 2;
  } else {
    process.stdout.write(`${JSON.stringify(measureValidation(dist, minSeconds))}\n`);
  }
}
