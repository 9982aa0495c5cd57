/**
 * Where one `synth` run's time goes, by stage, for `npm run bench -- --profile`: the CPU profile
 * of the run (`node --cpu-prof`) with every sample given to the stage of its innermost known
 * frame, and what the run loaded (bench/bench-module-probe.ts):
 *
 *   module load  Node's module loader (resolving, reading, compiling a module), wherever it runs
 *   parse        the fleet's YAML parse, schema and checks of each file (model/load-fleet.ts)
 *   resolve      resolving the checked fleet into the typed model, and the checks of resolved values
 *   generate     the generators (synth/synthesize.ts)
 *   validate     validation of the generated files (synth/validate-step.ts)
 *   write        the atomic write of the output folder (io/write-dist.ts)
 *   start-up     everything else: Node's own start, the command line, garbage collection
 *
 * Frames are recognized by function name, so the same rules read the repository build and the
 * bundled package (its bundler keeps names, at most adding a digit to tell two apart).
 */
import type { CpuProfile } from './bench-profile';

export const STAGES = [
  'module load',
  'parse',
  'resolve',
  'generate',
  'validate',
  'write',
  'start-up',
] as const;
export type Stage = (typeof STAGES)[number];

/** Function names (a bundler may append digits) that open a stage, in no particular order. */
const STAGE_FUNCTIONS: Readonly<Record<Exclude<Stage, 'module load' | 'start-up'>, readonly string[]>> = {
  parse: ['parseFleetSource', 'checkSchema', 'checkSemantics', 'loadDefaults'],
  resolve: ['resolveAndCheck', 'resolveFleet', 'fleetOrErrors'],
  generate: ['synthesizeFiles'],
  validate: ['validateStep', 'validateDist', 'atFleetFields'],
  write: ['writeDist'],
};

const BY_NAME: ReadonlyMap<string, Stage> = new Map(
  Object.entries(STAGE_FUNCTIONS).flatMap(([stage, names]) => names.map((n) => [n, stage as Stage])),
);

/** Node's CommonJS and ESM loaders. */
const LOADER_URL = /^node:internal\/modules\//;

interface Frame {
  readonly functionName: string;
  readonly url: string;
}

/** The stage of a frame on its own, or undefined. */
function frameStage(frame: Frame): Stage | undefined {
  if (LOADER_URL.test(frame.url)) return 'module load';
  if (frame.url === '') return undefined;
  return BY_NAME.get(frame.functionName.replace(/\d+$/, ''));
}

export type StageSplit = Readonly<Record<Stage, number>>;

/** Self time (ms) of the run per stage: each sample goes to its innermost frame with a stage. */
export function stageSplit(
  profile: CpuProfile & { readonly nodes: readonly ProfileNodeWithChildren[] },
): StageSplit {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNodeWithChildren>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const stageOf = new Map<number, Stage>();
  const resolveStage = (id: number): Stage => {
    const known = stageOf.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const own = node ? frameStage(node.callFrame) : undefined;
    const up = parent.get(id);
    const stage = own ?? (up !== undefined ? resolveStage(up) : 'start-up');
    stageOf.set(id, stage);
    return stage;
  };
  const split = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    if (us > 0) split[resolveStage(id)] += us / 1000;
  });
  return split;
}

/** A profile node with the child ids the `.cpuprofile` format gives. */
export interface ProfileNodeWithChildren {
  readonly id: number;
  readonly callFrame: Frame & { readonly lineNumber: number };
  readonly children?: readonly number[];
}

/** What a run loaded: bench/bench-module-probe.ts writes it. */
export interface ModulesLoaded {
  readonly modules: number;
  readonly bytes: number;
  /** The largest files loaded, largest first (path shortened below node_modules or the tool). */
  readonly largest: readonly { readonly path: string; readonly bytes: number }[];
  /** Whether the generated Argo CD constructs (imports/argocd-v3.5.1/argoproj.io) were loaded, on their own or in a bundle. */
  readonly argocdConstructs: boolean;
}

/** One profiled run: the stages and what it loaded. */
export interface StageProfile {
  /** e.g. `installed package` */
  readonly what: string;
  readonly wallMs: number;
  readonly split: StageSplit;
  readonly loaded: ModulesLoaded;
}

export function formatStageProfiles(title: string, profiles: readonly StageProfile[]): string[] {
  if (profiles.length === 0) return [];
  const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
  return [
    '',
    title,
    '',
    `| build | wall | ${STAGES.join(' | ')} | modules loaded | compiled size loaded | Argo CD constructs loaded |`,
    `|---|---:|${STAGES.map(() => '---:').join('|')}|---:|---:|---|`,
    ...profiles.map(
      (p) =>
        `| ${p.what} | ${p.wallMs.toFixed(0)} ms | ${STAGES.map((s) => `${p.split[s].toFixed(0)} ms`).join(' | ')} | ${p.loaded.modules} | ${kib(p.loaded.bytes)} | ${p.loaded.argocdConstructs ? 'yes' : 'no'} |`,
    ),
    '',
    ...profiles.flatMap((p) => [
      `largest files loaded (${p.what}):`,
      ...p.loaded.largest.map((f) => `  ${kib(f.bytes).padStart(9)}  ${f.path}`),
    ]),
  ];
}
