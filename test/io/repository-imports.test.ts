/**
 * The digest of a repository's imports (io/repository-imports.ts `treeDigest`,
 * `RepositoryImports.digest`), which keys what the caches keep: every file by path and bytes.
 */
import { appendFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearRepositoryImportsCache, readRepositoryImports, treeDigest } from '../../io/repository-imports';
import { importsCacheDigest, NO_REPOSITORY_IMPORTS } from '../../model/shared/imported-versions';
import { folderPerTest } from '../support/temp-folder';

let work: string;
folderPerTest('repository-imports-', (dir) => (work = dir));
afterEach(() => clearRepositoryImportsCache());

describe('treeDigest', () => {
  it('changes with one byte of any file, with a file name, and with a file moved to another folder', () => {
    mkdirSync(join(work, 'a'));
    writeFileSync(join(work, 'a', 'x.js'), 'module.exports = 1;\n');
    writeFileSync(join(work, 'lock.json'), '{}');
    const first = treeDigest(work);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(treeDigest(work)).toBe(first);
    appendFileSync(join(work, 'a', 'x.js'), ' ');
    const edited = treeDigest(work);
    expect(edited).not.toBe(first);
    renameSync(join(work, 'a', 'x.js'), join(work, 'a', 'y.js'));
    const renamed = treeDigest(work);
    expect(renamed).not.toBe(edited);
    mkdirSync(join(work, 'b'));
    renameSync(join(work, 'a', 'y.js'), join(work, 'b', 'y.js'));
    expect(treeDigest(work)).not.toBe(renamed);
  });

  it('of an absent folder is that of an empty one', () => {
    mkdirSync(join(work, 'empty'));
    expect(treeDigest(join(work, 'absent'))).toBe(treeDigest(join(work, 'empty')));
  });
});

describe('the digest the caches are keyed by', () => {
  it("is '' without imports, the import folder's digest with them, and none for imports given without it", () => {
    expect(readRepositoryImports(work)).toBe(NO_REPOSITORY_IMPORTS);
    expect(importsCacheDigest(NO_REPOSITORY_IMPORTS)).toBe('');
    const folder = join(work, 'karpenter-imports');
    mkdirSync(join(folder, 'eks-auto-mode'), { recursive: true });
    writeFileSync(join(folder, 'eks-auto-mode', 'catalog.js'), 'module.exports = [];\n');
    writeFileSync(
      join(folder, 'lock.json'),
      JSON.stringify({
        lockVersion: 1,
        imports: [
          {
            folder: 'eks-auto-mode',
            kind: 'eks-auto-mode',
            source: 'nc.yaml',
            files: [],
            contentSha256: '0',
          },
        ],
      }),
    );
    clearRepositoryImportsCache();
    const imports = readRepositoryImports(work);
    expect(imports.digest).toBe(treeDigest(folder));
    expect(importsCacheDigest(imports)).toBe(treeDigest(folder));
    expect(importsCacheDigest({ ...imports, digest: undefined })).toBeUndefined();
  });
});
