import * as fs from 'fs';
import * as path from 'path';
import { distPaths } from '../../model/shared/dist-layout';
import { readDistAtRef } from '../../review/read-dist-git';
import { exampleObjects, toDistFiles } from './dist-fixtures';
import { repoWithBase } from './git-fixtures';

describe('readDistAtRef', () => {
  it('reads dist/ at a revision from a project in a subfolder, without touching the work tree', () => {
    const { project } = repoWithBase();
    const files = readDistAtRef('base', 'dist', project);
    expect([...files.keys()]).toEqual([...toDistFiles(exampleObjects()).keys()].sort());
    expect(files.get(distPaths.nodePool('dataops', 'edge'))).toBe(
      toDistFiles(exampleObjects()).get(distPaths.nodePool('dataops', 'edge')),
    );
    // The working copy still has the change.
    expect(fs.existsSync(path.join(project, 'dist', distPaths.nodePool('dataops', 'edge')))).toBe(false);
  });

  it('returns nothing when dist/ did not exist at the revision', () => {
    const { project } = repoWithBase();
    expect(readDistAtRef('base', 'nothing-here', project).size).toBe(0);
  });

  it('accepts an absolute dist folder inside the repository and refuses one outside', () => {
    const { project } = repoWithBase();
    expect(readDistAtRef('base', path.join(project, 'dist'), project).size).toBe(
      toDistFiles(exampleObjects()).size,
    );
    expect(() => readDistAtRef('base', '/', project)).toThrow(
      /^\/: is not a folder inside the git repository/,
    );
  });

  it('names an unknown revision and says how to fix it', () => {
    const { project } = repoWithBase();
    expect(() => readDistAtRef('no-such-ref', 'dist', project)).toThrow(
      /^no-such-ref: git rev-parse failed.*Pass a revision that exists/,
    );
  });
});
