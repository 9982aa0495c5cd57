import { formatStageProfiles, stageSplit, STAGES } from '../../bench/bench-stages';
import { shortPath } from '../../bench/bench-module-probe';

const frame = (functionName: string, url = 'file:///x/lib/cli/bundle/synth.js') => ({
  functionName,
  url,
  lineNumber: 0,
});

/** root → main → {loader; loadFleet → parseFleetSource → loader; resolveAndCheck; synthesizeFiles2; validateStep; writeDist}; GC. */
const PROFILE = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 11] },
    { id: 2, callFrame: frame('main'), children: [3, 4, 7, 8, 9, 10] },
    { id: 3, callFrame: frame('wrapSafe', 'node:internal/modules/cjs/loader') },
    { id: 4, callFrame: frame('loadFleetFromSources'), children: [5] },
    { id: 5, callFrame: frame('parseFleetSource'), children: [6] },
    { id: 6, callFrame: frame('Module._load', 'node:internal/modules/cjs/loader') },
    { id: 7, callFrame: frame('resolveAndCheck') },
    { id: 8, callFrame: frame('synthesizeFiles2') },
    { id: 9, callFrame: frame('validateStep') },
    { id: 10, callFrame: frame('writeDist') },
    { id: 11, callFrame: frame('(garbage collector)', '') },
  ],
  samples: [2, 3, 5, 6, 7, 8, 8, 9, 10, 11, 4],
  timeDeltas: [1000, 2000, 3000, 4000, 5000, 6000, 1000, 7000, 8000, 9000, 500],
};

describe('stageSplit', () => {
  it('gives each sample to the stage of its innermost known frame, module loading first', () => {
    expect(stageSplit(PROFILE)).toEqual({
      'module load': 6, // wrapSafe 2 + the loader inside the parse 4
      parse: 3,
      resolve: 5,
      generate: 7, // a bundler's synthesizeFiles2 is synthesizeFiles
      validate: 7,
      write: 8,
      'start-up': 10.5, // main 1, the garbage collector 9, loadFleetFromSources itself 0.5
    });
  });
});

describe('formatStageProfiles', () => {
  it('prints a row per build with every stage, what it loaded and whether the Argo CD constructs were among it', () => {
    const split = Object.fromEntries(STAGES.map((s, i) => [s, i * 10])) as Record<
      (typeof STAGES)[number],
      number
    >;
    const lines = formatStageProfiles('title:', [
      {
        what: 'installed package',
        wallMs: 312.4,
        split,
        loaded: {
          modules: 24,
          bytes: 3 * 1024 * 1024,
          largest: [{ path: 'karpenter-gitops/lib/cli/bundle/synth.js', bytes: 1024 * 1600 }],
          argocdConstructs: false,
        },
      },
    ]);
    expect(lines).toEqual([
      '',
      'title:',
      '',
      '| build | wall | module load | parse | resolve | generate | validate | write | start-up | modules loaded | compiled size loaded | Argo CD constructs loaded |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      '| installed package | 312 ms | 0 ms | 10 ms | 20 ms | 30 ms | 40 ms | 50 ms | 60 ms | 24 | 3072 KiB | no |',
      '',
      'largest files loaded (installed package):',
      '   1600 KiB  karpenter-gitops/lib/cli/bundle/synth.js',
    ]);
    expect(formatStageProfiles('title:', [])).toEqual([]);
  });
});

describe('shortPath', () => {
  it('names an installed file below its node_modules', () => {
    expect(shortPath('/u/node_modules/a/node_modules/yaml/dist/index.js')).toBe('yaml/dist/index.js');
    expect(shortPath('/work/repo/build/cli/main.js')).toBe('/work/repo/build/cli/main.js');
  });
});
