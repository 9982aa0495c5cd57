import * as fs from 'fs';
import * as path from 'path';
import { TOOL_ROOT } from '../../io/tool-root';
import { toolSourcesChangedSince } from '../../review/tool-sources';
import { writeTree } from './dist-fixtures';
import { git } from './git-fixtures';

describe('toolSourcesChangedSince', () => {
  function repo(): string {
    const root = writeTree(
      new Map([
        ['package.json', '{"name":"karpenter-gitops"}\n'],
        ['policies/a.ts', 'export const a = 1;\n'],
        ['clusters/x.yaml', 'a: 1\n'],
        ['dist/x/f.yaml', 'a: 1\n'],
        ['docs/d.md', 'd\n'],
      ]),
      'review-tool-sources-',
    );
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'base');
    return root;
  }

  it('finds this tool', () => {
    expect(fs.existsSync(path.join(TOOL_ROOT, 'review', 'tool-sources.ts'))).toBe(true);
  });

  it('is quiet when only the fleet, dist/ or docs changed in a repository holding the tool', () => {
    const root = repo();
    fs.writeFileSync(path.join(root, 'clusters/x.yaml'), 'a: 2\n');
    fs.writeFileSync(path.join(root, 'dist/x/f.yaml'), 'a: 2\n');
    fs.writeFileSync(path.join(root, 'docs/d.md'), 'e\n');
    expect(toolSourcesChangedSince('HEAD', root, root)).toBeUndefined();
  });

  it("says so when the tool's own sources changed (uncommitted too)", () => {
    const root = repo();
    fs.writeFileSync(path.join(root, 'policies/a.ts'), 'export const a = 2;\n');
    expect(toolSourcesChangedSince('HEAD', root, root)).toBe("the tool's sources changed since HEAD");
  });

  it('cannot compare with an unknown revision, and ignores a tool outside the repository', () => {
    const root = repo();
    expect(toolSourcesChangedSince('no-such-ref', root, root)).toBe(
      "git could not compare the tool's sources with no-such-ref",
    );
    expect(toolSourcesChangedSince('HEAD', root, path.dirname(root))).toBeUndefined();
  });
});
