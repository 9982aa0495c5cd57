import { join } from 'node:path';
import { UserError } from '../../model/diagnostics';
import {
  argsOrExit,
  CliIo,
  displayPath,
  EXIT_INTERNAL,
  EXIT_USER_ERROR,
  plural,
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

  it('prints anything else as a bug with its stack, exit 70', () => {
    const o = io();
    expect(reportFailure('policies', new Error('disk full'), 'dist/', o)).toBe(EXIT_INTERNAL);
    expect(o.lines.slice(0, 2)).toEqual([
      'err policies: internal error: disk full',
      'err this is a bug in karpenter-gitops, not in your fleet description; dist/ was not changed.',
    ]);
    expect(o.lines[2]).toMatch(/^err Error: disk full\n\s+at /);
  });
});

describe('output helpers', () => {
  it('pluralises and shows folders relative to the working folder', () => {
    expect([plural(1, 'file'), plural(2, 'file'), plural(0, 'error')]).toEqual([
      '1 file',
      '2 files',
      '0 errors',
    ]);
    expect(displayPath(ROOT, join(ROOT, 'dist'))).toBe('dist/');
    expect(displayPath(ROOT, '/tmp/out')).toBe('/tmp/out/');
  });
});

describe('argsOrExit', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), cwd: '/' }, out, err };
  };

  it('prints a parse error with the usage and exits 2', () => {
    const t = io();
    expect(argsOrExit('synth', 'unknown option --x', 'usage: npm run synth', t.io)).toBe(2);
    expect(t.err).toEqual(['synth: unknown option --x.\nusage: npm run synth']);
    expect(t.out).toEqual([]);
  });

  it('prints the usage for --help and exits 0', () => {
    const t = io();
    expect(argsOrExit('synth', { help: true }, 'usage: npm run synth', t.io)).toBe(0);
    expect(t.out).toEqual(['usage: npm run synth']);
  });

  it('hands back parsed arguments to go on with', () => {
    const t = io();
    const args = { help: false, quiet: true };
    expect(argsOrExit('synth', args, 'usage', t.io)).toBe(args);
    expect([...t.out, ...t.err]).toEqual([]);
  });
});
