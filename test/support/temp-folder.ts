/** Temporary folders for tests, under os.tmpdir(). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh folder for each test of the file that calls this at its top level: made before each
 * test (handed to `use`), removed after it, whatever the test did.
 */
export function folderPerTest(prefix: string, use: (dir: string) => void): void {
  let dir: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    use(dir);
  });
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
}
