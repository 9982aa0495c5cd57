/** Removes the run's cache folder (test/support/global-setup.js). */
const { rmSync } = require('node:fs');

module.exports = async () => {
  const dir = process.env.KARPENTER_GITOPS_TEST_CACHE;
  if (dir) rmSync(dir, { recursive: true, force: true });
};
