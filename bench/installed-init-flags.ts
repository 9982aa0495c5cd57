/**
 * The five flags of `karpenter-gitops init` for the cluster an installed package starts with:
 * the benchmark's installed rows (bench/bench-installed.ts) and the test of the packed package
 * (test/package/installed-cli.test.ts) set up the same repository with them. No imports, so
 * either may use it without loading anything else.
 */

/** `init` without a terminal needs all five; with them it asks nothing. */
export const INSTALLED_INIT_FLAGS = [
  '--cluster',
  'shop',
  '--account',
  '111122223333',
  '--region',
  'eu-west-1',
  '--destination',
  'shop',
  '--repo-url',
  'https://github.com/example/platform-gitops.git',
] as const;
