/** Removes the run's cache folder (test/support/global-setup.ts). */
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.KARPENTER_GITOPS_TEST_CACHE;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
}
