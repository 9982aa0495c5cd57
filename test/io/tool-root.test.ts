import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findToolRoot, TOOL_PACKAGE_NAME, TOOL_ROOT } from '../../io/tool-root';

describe('the tool root', () => {
  it('is the folder of the package.json named karpenter-gitops, from the TypeScript sources', () => {
    const pkg = JSON.parse(readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe(TOOL_PACKAGE_NAME);
    expect(TOOL_ROOT).toBe(resolve(__dirname, '..', '..'));
  });

  describe('searching upwards', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'tool-root-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('passes over a package.json of another name (a build folder) and finds the tool', () => {
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: TOOL_PACKAGE_NAME }));
      mkdirSync(join(dir, 'lib', 'io'), { recursive: true });
      writeFileSync(join(dir, 'lib', 'package.json'), JSON.stringify({ type: 'commonjs' }));
      expect(findToolRoot(join(dir, 'lib', 'io'))).toBe(dir);
      expect(findToolRoot(dir)).toBe(dir);
    });

    it('passes over an unreadable package.json', () => {
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: TOOL_PACKAGE_NAME }));
      mkdirSync(join(dir, 'build', 'io'), { recursive: true });
      writeFileSync(join(dir, 'build', 'package.json'), '{ not json');
      expect(findToolRoot(join(dir, 'build', 'io'))).toBe(dir);
    });

    it('falls back to two folders up when no package.json is the tool', () => {
      const from = join(dir, 'a', 'b', 'c');
      mkdirSync(from, { recursive: true });
      expect(findToolRoot(from)).toBe(join(dir, 'a'));
    });
  });
});
