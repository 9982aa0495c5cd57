/**
 * Where a repository keeps what `karpenter-gitops import` wrote, relative to its root. Its own
 * module, with no imports, so that the synth replay (synth/synth-replay.ts) can hash the folder
 * without loading the tool.
 */
export const REPOSITORY_IMPORTS_DIR = 'karpenter-imports';
