/** A temporary git repository for the `--base` tests (in os.tmpdir()). */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { distPaths } from '../../model/shared/dist-layout';
import { clone, exampleObjects, Obj, setPath, toDistFiles, writeTree } from './dist-fixtures';

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
}

/** A git repo whose project lives in `project/` (not the repo root), dist/ committed at `base`. */
export function repoWithBase(): { project: string; changed: Map<string, Obj> } {
  const before = exampleObjects();
  const root = writeTree(
    new Map([...toDistFiles(before)].map(([p, c]) => [`project/dist/${p}`, c])),
    'review-git-',
  );
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'base');
  git(root, 'tag', 'base');
  const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
  setPath(after.get(distPaths.nodeClass('dataops', 'dataops')) as Obj, 'spec.amiSelectorTerms', [
    { alias: 'al2023@v20260625' },
  ]);
  setPath(after.get(distPaths.nodePool('ticketing', 'loadtest')) as Obj, 'spec.limits.cpu', '500');
  after.delete(distPaths.nodePool('dataops', 'edge'));
  const project = path.join(root, 'project');
  fs.rmSync(path.join(project, 'dist'), { recursive: true });
  for (const [p, c] of toDistFiles(after)) {
    fs.mkdirSync(path.dirname(path.join(project, 'dist', p)), { recursive: true });
    fs.writeFileSync(path.join(project, 'dist', p), c);
  }
  return { project, changed: after };
}
