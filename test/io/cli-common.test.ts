import { join } from 'node:path';
import { UserError } from '../../model/shared/diagnostics';
import {
  CliIo,
  displayPath,
  EXIT_INTERNAL,
  EXIT_USER_ERROR,
  readToolPackage,
  reportFailure,
  resolveCliFolders,
} from '../../io/cli-common';

const ROOT = '/work/project';

function io(cwd = ROOT): CliIo & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (l) => lines.push(`out ${l}`), err: (l) => lines.push(`err ${l}`), cwd };
}

describe('resolveCliFolders', () => {
  it('defaults to dist/ and clusters/ of the project', () => {
    expect(resolveCliFolders({}, io(), ROOT)).toEqual({
      outDir: join(ROOT, 'dist'),
      clustersDir: join(ROOT, 'clusters'),
      shownOut: 'dist/',
    });
  });

  it('resolves given folders against the working folder', () => {
    expect(resolveCliFolders({ out: 'out', clusters: '../fleet' }, io(join(ROOT, 'sub')), ROOT)).toEqual({
      outDir: join(ROOT, 'sub', 'out'),
      clustersDir: join(ROOT, 'fleet'),
      shownOut: 'out/',
    });
  });

  it.each([
    ['.', 'the project'],
    ['..', 'the project'],
    ['clusters/..', 'the project'],
  ])('refuses --out %s, which would replace %s', (out, what) => {
    expect(resolveCliFolders({ out }, io(), ROOT)).toMatch(
      new RegExp(
        `would replace a folder that holds ${what}\\. Choose a dedicated output folder such as dist/$`,
      ),
    );
  });

  it('refuses an output folder holding the fleet description or the working folder', () => {
    expect(resolveCliFolders({ out: '/elsewhere', clusters: '/elsewhere/clusters' }, io(), ROOT)).toMatch(
      /holds the fleet description/,
    );
    expect(resolveCliFolders({ out: '/tmp' }, io('/tmp/here'), ROOT)).toMatch(/holds the working folder/);
  });
});

describe('reportFailure', () => {
  it('prints a UserError as sorted diagnostics and a count, exit 1, no stack', () => {
    const o = io();
    const err = new UserError([
      {
        severity: 'error',
        file: 'clusters/b.yaml',
        line: 2,
        col: 1,
        path: 'x',
        message: 'bad',
        fix: 'Fix it',
      },
      { severity: 'warning', file: 'clusters/a.yaml', line: 1, col: 1, path: 'y', message: 'odd' },
    ]);
    expect(reportFailure('synth', err, 'dist/', o)).toBe(EXIT_USER_ERROR);
    expect(o.lines).toEqual([
      'err clusters/a.yaml:1:1 warning: y: odd.',
      'err clusters/b.yaml:2:1 x: bad. Fix it.',
      'err synth: 1 error; dist/ was not changed.',
    ]);
  });

  it('prints anything else as a bug: one sentence and where to report it, exit 70; the stack only with --debug', () => {
    const o = io();
    const { version, bugs } = readToolPackage();
    expect(reportFailure('policies', new Error('disk full'), 'dist/', o)).toBe(EXIT_INTERNAL);
    expect(o.lines).toEqual([
      'err policies: internal error: disk full',
      `err This is a bug in karpenter-gitops ${version}, not in your input; dist/ was not changed. Please report it at ${bugs} (run again with --debug for the stack trace).`,
    ]);
    const d = { ...io(), debug: true };
    expect(reportFailure('policies', new Error('disk full'), 'dist/', d)).toBe(EXIT_INTERNAL);
    expect(d.lines[1]).toBe(
      `err This is a bug in karpenter-gitops ${version}, not in your input; dist/ was not changed. Please report it at ${bugs}.`,
    );
    expect(d.lines[2]).toMatch(/^err Error: disk full\n\s+at /);
  });

  it("reads the tool's own package.json: version and an issues URL", () => {
    expect(readToolPackage().version).toMatch(/^\d+\.\d+\.\d+/);
    expect(readToolPackage().bugs).toMatch(/^https:\/\/\S+\/issues$/);
  });
});

describe('output helpers', () => {
  it('shows folders relative to the working folder', () => {
    expect(displayPath(ROOT, join(ROOT, 'dist'))).toBe('dist/');
    expect(displayPath(ROOT, '/tmp/out')).toBe('/tmp/out/');
  });
});
