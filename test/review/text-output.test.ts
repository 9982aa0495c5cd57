/** review/text-output.ts: the one way `impact` and `report` hand their text over. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CliIo } from '../../io/cli-common';
import { UserError } from '../../model';
import { emitText } from '../../review/text-output';

function capture(cwd: string): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd }, out, err };
}

describe('emitText', () => {
  it('prints the text without its last newline, or writes it to --output relative to the working folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'text-output-'));
    const printed = capture(dir);
    expect(emitText(() => '# report\n', undefined, printed.io)).toBe(0);
    expect(printed.out).toEqual(['# report']);
    const written = capture(dir);
    expect(emitText(() => '# report\n', 'out/report.md', written.io)).toBe(0);
    expect(written.out).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'out', 'report.md'), 'utf8')).toBe('# report\n');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('turns a user mistake into its sorted diagnostics and exit 1, and lets a bug through', () => {
    const c = capture('/');
    const mistake = new UserError([
      {
        severity: 'error',
        file: 'clusters/b.yaml',
        line: 2,
        col: 1,
        path: 'aws',
        message: 'second',
        fix: 'Fix b',
      },
      {
        severity: 'error',
        file: 'clusters/a.yaml',
        line: 1,
        col: 1,
        path: 'aws',
        message: 'first',
        fix: 'Fix a',
      },
    ]);
    expect(
      emitText(
        () => {
          throw mistake;
        },
        undefined,
        c.io,
      ),
    ).toBe(1);
    expect(c.err.map((l) => l.split(' ')[0])).toEqual(['clusters/a.yaml:1:1', 'clusters/b.yaml:2:1']);
    expect(() =>
      emitText(
        () => {
          throw new Error('bug');
        },
        undefined,
        c.io,
      ),
    ).toThrow('bug');
  });
});
