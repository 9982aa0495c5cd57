import { join } from 'node:path';
import { Diagnostic, UserError } from '../../model/shared/diagnostics';
import { FleetModel } from '../../model/shared/fleet-model';
import { NamedGenerator } from '../../synth/generators';
import { EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, EXIT_USER_ERROR } from '../../io/cli-common';
import { synthCli, SynthDeps } from '../../synth/synth';
import { karpenterGenerator } from '../../charts/karpenter/karpenter-generator';
import { fleetFixture } from '../support/fleet-fixtures';
import { listNames, makeTempProject, readTree, removeTempProject, writeTree } from './dist-fixture';

const WARNING: Diagnostic = {
  severity: 'warning',
  file: 'clusters/ticketing.yaml',
  line: 12,
  col: 5,
  path: 'nodeClasses.default.alias',
  message: "'al2023@latest' is not pinned",
  fix: 'Pin a version such as al2023@v20260714',
};
const ERROR: Diagnostic = {
  severity: 'error',
  file: 'clusters/ticketing.yaml',
  line: 30,
  col: 7,
  path: 'nodePools.loadtest.disruption.consolidationPolicy',
  message: "'WhenUnderutilized' is not allowed",
  fix: 'Use WhenEmptyOrUnderutilized (renamed in Karpenter v1)',
};

let project: string;
let out: string[];
let err: string[];

function run(argv: string[], deps: Partial<SynthDeps> = {}): number {
  const full: SynthDeps = {
    loadFleet: () => ({ fleet: fleetFixture(), warnings: [] }),
    validate: null,
    generators: [{ name: 'karpenter', generate: karpenterGenerator }],
    ...deps,
  };
  return synthCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: project }, full, project);
}

beforeEach(() => {
  project = makeTempProject();
  writeTree(join(project, 'dist'), { 'keep/me.yaml': 'previous: output\n' });
  out = [];
  err = [];
});
afterEach(() => removeTempProject(project));

describe('synth CLI', () => {
  test('writes dist/ and prints the one-line summary', () => {
    expect(run([])).toBe(EXIT_OK);
    expect(out).toEqual(['synth: 2 clusters, 3 node pools, 6 files → dist/']);
    expect(Object.keys(readTree(join(project, 'dist')))).toEqual([
      'batch/karpenter/ec2nodeclass-default.yaml',
      'batch/karpenter/nodepool-general.yaml',
      'ticketing/karpenter/ec2nodeclass-bottlerocket-arm.yaml',
      'ticketing/karpenter/ec2nodeclass-default.yaml',
      'ticketing/karpenter/nodepool-dataops.yaml',
      'ticketing/karpenter/nodepool-general.yaml',
    ]);
  });

  test('a second run with nothing changed writes nothing and says so', () => {
    run([]);
    out = [];
    expect(run([])).toBe(EXIT_OK);
    expect(out).toEqual(['synth: 2 clusters, 3 node pools, 6 files → dist/ (unchanged)']);
  });

  test('prints nothing but the summary on success, and nothing at all with --quiet', () => {
    run([]);
    expect(err).toEqual([]);
    expect(out).toEqual(['synth: 2 clusters, 3 node pools, 6 files → dist/']);
    out = [];
    expect(run(['--quiet'])).toBe(EXIT_OK);
    expect(out).toEqual([]);
    expect(err).toEqual([]);
  });

  test('--out and --clusters are resolved against the working folder and passed on', () => {
    let seen = '';
    const code = run(['--out', 'build/out', '--clusters=fleet'], {
      loadFleet: (_root, clustersDir) => {
        seen = clustersDir;
        return { fleet: fleetFixture(), warnings: [] };
      },
    });
    expect(code).toBe(EXIT_OK);
    expect(seen).toBe(join(project, 'fleet'));
    expect(out).toEqual(['synth: 2 clusters, 3 node pools, 6 files → build/out/']);
    expect(listNames(join(project, 'build', 'out'))).toEqual(['batch', 'ticketing']);
    expect(readTree(join(project, 'dist'))).toEqual({ 'keep/me.yaml': 'previous: output\n' });
  });

  test('warnings are printed as formatted diagnostics and do not stop synth', () => {
    expect(run(['--quiet'], { loadFleet: () => ({ fleet: fleetFixture(), warnings: [WARNING] }) })).toBe(
      EXIT_OK,
    );
    expect(err).toEqual([
      "clusters/ticketing.yaml:12:5 warning: nodeClasses.default.alias: 'al2023@latest' is not pinned. Pin a version such as al2023@v20260714.",
    ]);
  });

  test('a UserError: diagnostics on stderr, exit 1, no stack trace, dist untouched', () => {
    const before = readTree(join(project, 'dist'));
    const code = run([], {
      loadFleet: () => {
        throw new UserError([ERROR, WARNING]);
      },
    });
    expect(code).toBe(EXIT_USER_ERROR);
    expect(out).toEqual([]);
    expect(err).toEqual([
      "clusters/ticketing.yaml:12:5 warning: nodeClasses.default.alias: 'al2023@latest' is not pinned. Pin a version such as al2023@v20260714.",
      "clusters/ticketing.yaml:30:7 nodePools.loadtest.disruption.consolidationPolicy: 'WhenUnderutilized' is not allowed. Use WhenEmptyOrUnderutilized (renamed in Karpenter v1).",
      'synth: 1 error; dist/ was not changed.',
    ]);
    expect(err.join('\n')).not.toMatch(/\n\s+at /);
    expect(readTree(join(project, 'dist'))).toEqual(before);
  });

  test('validation errors stop synth before dist/ is touched; validation warnings are printed', () => {
    const before = readTree(join(project, 'dist'));
    let validatedFiles = 0;
    const code = run([], {
      validate: (_fleet, files) => {
        validatedFiles = files.size;
        return [{ ...ERROR, file: 'dist/ticketing/karpenter/nodepool-dataops.yaml', line: 0, col: 0 }];
      },
    });
    expect(validatedFiles).toBe(6);
    expect(code).toBe(EXIT_USER_ERROR);
    expect(readTree(join(project, 'dist'))).toEqual(before);
    expect(listNames(project)).toEqual(['dist']);

    err = [];
    expect(run(['--quiet'], { validate: () => [WARNING] })).toBe(EXIT_OK);
    expect(err).toEqual([expect.stringContaining('warning: nodeClasses.default.alias')]);
  });

  test('a generator throwing half-way: exit 70 with "This is a bug", no stack without --debug; dist identical, no temp folder', () => {
    const before = readTree(join(project, 'dist'));
    let calls = 0;
    const half: NamedGenerator = {
      name: 'half',
      generate: (fleet: FleetModel) => {
        calls++;
        const files = karpenterGenerator({ clusters: fleet.clusters.slice(0, 1) });
        if (files.size > 0) throw new Error('generator exploded after the first cluster');
        return files;
      },
    };
    const code = run([], { generators: [{ name: 'karpenter', generate: karpenterGenerator }, half] });
    expect(calls).toBe(1);
    expect(code).toBe(EXIT_INTERNAL);
    expect(err[0]).toBe('synth: internal error: generator exploded after the first cluster');
    expect(err[1]).toMatch(
      /^This is a bug in karpenter-gitops \d+\.\d+\.\d+, not in your input; dist\/ was not changed\. Please report it at https:\/\/\S+\/issues \(run again with --debug for the stack trace\)\.$/,
    );
    expect(err).toHaveLength(2);
    expect(readTree(join(project, 'dist'))).toEqual(before);
    expect(listNames(project)).toEqual(['dist']);
  });

  test('a write failing half-way: exit 70, dist identical, no temp folder', () => {
    const before = readTree(join(project, 'dist'));
    let n = 0;
    const code = run([], {
      writeOptions: {
        writeFile: () => {
          if (++n === 3) throw new Error('EIO: i/o error, write');
        },
      },
    });
    expect(code).toBe(EXIT_INTERNAL);
    expect(readTree(join(project, 'dist'))).toEqual(before);
    expect(listNames(project)).toEqual(['dist']);
  });

  test('bad command lines exit 2 with the usage', () => {
    expect(run(['--bogus'])).toBe(EXIT_USAGE);
    expect(err).toEqual([
      "karpenter-gitops synth: unknown option '--bogus'.",
      'usage: karpenter-gitops synth [--out DIR] [--clusters DIR] [--quiet]',
      "Run 'karpenter-gitops synth --help' for the options.",
    ]);
    err = [];
    expect(run(['--out'])).toBe(EXIT_USAGE);
    expect(err[0]).toBe('karpenter-gitops synth: --out needs a value (DIR).');
    err = [];
    expect(run(['--out', '--quiet'])).toBe(EXIT_USAGE);
    expect(err[0]).toBe('karpenter-gitops synth: --out needs a value (DIR).');
  });

  test('with --debug an internal error also prints the stack', () => {
    const code = synthCli(
      [],
      { out: (l) => out.push(l), err: (l) => err.push(l), cwd: project, debug: true },
      {
        loadFleet: () => {
          throw new Error('loader exploded');
        },
        validate: null,
      },
      project,
    );
    expect(code).toBe(EXIT_INTERNAL);
    expect(err[0]).toBe('synth: internal error: loader exploded');
    expect(err[1]).not.toContain('--debug');
    expect(err[2]).toMatch(/^Error: loader exploded\n\s+at /);
  });

  test.each([
    ['.', 'the project'],
    ['..', 'the project'],
    ['clusters', 'the fleet description'],
  ])('--out %s is refused: it would replace a folder holding %s', (outArg, what) => {
    expect(run(['--out', outArg])).toBe(EXIT_USAGE);
    expect(err[0]).toContain(`would replace a folder that holds ${what}`);
    expect(readTree(join(project, 'dist'))).toEqual({ 'keep/me.yaml': 'previous: output\n' });
  });

  test('--help prints the usage and exits 0 without writing', () => {
    expect(run(['--help'])).toBe(EXIT_OK);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('usage: karpenter-gitops synth [--out DIR] [--clusters DIR] [--quiet]');
    expect(out[0]).toContain(
      '  -q, --quiet     print only warnings, errors and carry-over lines of checks not applied',
    );
    expect(readTree(join(project, 'dist'))).toEqual({ 'keep/me.yaml': 'previous: output\n' });
  });
});
