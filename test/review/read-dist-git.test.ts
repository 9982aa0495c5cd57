import * as fs from 'fs';
import * as path from 'path';
import { distPaths } from '../../model/shared/dist-layout';
import { execFileSync } from 'child_process';
import * as os from 'os';
import { blobId, readDistAtRef } from '../../review/read-dist-git';
import { exampleObjects, toDistFiles } from './dist-fixtures';
import { git, repoWithBase } from './git-fixtures';

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

  describe('with the working files', () => {
    /** A repository whose dist/ holds `files` at HEAD, and a `git` first on the PATH that logs each command. */
    function committed(
      files: Record<string, string | Buffer>,
      format: 'sha1' | 'sha256' = 'sha1',
    ): { root: string; log: () => string[]; env: NodeJS.ProcessEnv } {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-dist-git-'));
      for (const [rel, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, 'dist', rel)), { recursive: true });
        fs.writeFileSync(path.join(root, 'dist', rel), text);
      }
      git(root, 'init', '-q', '-b', 'main', `--object-format=${format}`);
      git(root, 'config', 'core.autocrlf', 'false');
      git(root, 'add', 'dist');
      git(root, 'commit', '-q', '-m', 'base');
      const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-git-log-'));
      const real = execFileSync('which', ['git'], { encoding: 'utf8' }).trim();
      const logFile = path.join(bin, 'log');
      fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$1" >> '${logFile}'\nexec '${real}' "$@"\n`, {
        mode: 0o755,
      });
      return {
        root,
        log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').trim().split('\n') : []),
        env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
      };
    }

    const BUILT = path.resolve(__dirname, '..', '..', 'build', 'review');

    /**
     * readDistAtRef from the build, in a process whose PATH has the logging git first (this
     * process's own environment does not reach child_process under jest), given the working files.
     */
    function readLogged(env: NodeJS.ProcessEnv, root: string): Map<string, string> {
      const script = `
        const { readDistAtRef } = require(${JSON.stringify(path.join(BUILT, 'read-dist-git.js'))});
        const { readDistDir } = require(${JSON.stringify(path.join(BUILT, 'read-dist-dir.js'))});
        const working = readDistDir(process.argv[1] + '/dist');
        process.stdout.write(JSON.stringify([...readDistAtRef('HEAD', 'dist', process.argv[1], working)]));
      `;
      const out = execFileSync(process.execPath, ['-e', script, root], { encoding: 'utf8', env });
      return new Map(JSON.parse(out) as [string, string][]);
    }

    (fs.existsSync(BUILT) ? it : it.skip)(
      'takes the working texts that are the blobs and asks git for nothing else: no cat-file',
      () => {
        const repo = committed({ 'shop/a.yaml': 'a: 1\n', 'shop/b.yaml': 'b: 2\n' });
        const files = readLogged(repo.env, repo.root);
        expect([...files]).toEqual([
          ['shop/a.yaml', 'a: 1\n'],
          ['shop/b.yaml', 'b: 2\n'],
        ]);
        expect(repo.log()).toEqual(['rev-parse', 'ls-tree']);
      },
    );

    (fs.existsSync(BUILT) ? it : it.skip)(
      'reads from git what differs: an edited file, a deleted one, line endings, bytes that are not UTF-8',
      () => {
        const latin1 = Buffer.from([0x63, 0x3a, 0x20, 0xe9, 0x0a]); // "c: é" in Latin-1
        const repo = committed({
          'shop/a.yaml': 'a: 1\n',
          'shop/b.yaml': 'b: 2\n',
          'shop/c.yaml': latin1,
          'shop/d.yaml': 'd: 4\n',
        });
        const dir = path.join(repo.root, 'dist');
        fs.writeFileSync(path.join(dir, 'shop/a.yaml'), 'a: 2\n');
        fs.rmSync(path.join(dir, 'shop/b.yaml'));
        fs.writeFileSync(path.join(dir, 'shop/d.yaml'), 'd: 4\r\n');
        const withWorking = readLogged(repo.env, repo.root);
        expect(repo.log()).toEqual(['rev-parse', 'ls-tree', 'cat-file']);
        expect([...withWorking]).toEqual([...readDistAtRef('HEAD', 'dist', repo.root)]);
        expect(withWorking.get('shop/a.yaml')).toBe('a: 1\n');
        expect(withWorking.get('shop/b.yaml')).toBe('b: 2\n');
        expect(withWorking.get('shop/d.yaml')).toBe('d: 4\n');
        expect(withWorking.get('shop/c.yaml')).toBe(latin1.toString('utf8'));
      },
    );

    (fs.existsSync(BUILT) ? it : it.skip)('names blobs as git does, in a SHA-256 repository too', () => {
      const repo = committed({ 'x.txt': 'hello\n', 'y.txt': 'y\n' }, 'sha256');
      const id = git(repo.root, 'rev-parse', 'HEAD:dist/x.txt').trim();
      expect(id).toHaveLength(64);
      expect(blobId('hello\n', 64)).toBe(id);
      const files = readLogged(repo.env, repo.root);
      expect([...files]).toEqual([
        ['x.txt', 'hello\n'],
        ['y.txt', 'y\n'],
      ]);
      expect(repo.log()).toEqual(['rev-parse', 'ls-tree']);
      expect(blobId('hello\n', 40)).toBe(
        git(committed({ 'x.txt': 'hello\n' }).root, 'rev-parse', 'HEAD:dist/x.txt').trim(),
      );
    });
  });
});
