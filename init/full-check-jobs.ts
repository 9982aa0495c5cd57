/**
 * The release check of the workflow `init` writes (init/project-files.ts): on every push to the
 * branch Argo CD syncs, `check --full` re-proves every cluster, cut into `--shards N` shards run
 * side by side as a GitHub Actions matrix (review/shard.ts decides which clusters each checks),
 * and one join job puts their summaries together (`check --join`): the result a reviewer reads,
 * failing when any shard failed or did not report. Each shard keeps cfn-lint's results of its
 * templates; the join job merges them into the one cache every PR's check starts from.
 */

/** The most shards init writes into a workflow (a GitHub Actions matrix runs up to 256 jobs). */
export const MAX_WORKFLOW_SHARDS = 64;

/** The actions the jobs use, pinned by commit SHA (the tag in a comment). */
export interface FullCheckActions {
  readonly checkout: string;
  readonly setupNode: string;
  readonly setupPython: string;
  readonly cache: string;
  readonly uploadArtifact: string;
  readonly downloadArtifact: string;
}

/** The steps every job that runs the tool starts with. */
function setupSteps(actions: FullCheckActions, python: boolean): string {
  const checkout = python
    ? `      - uses: ${actions.checkout}
        with:
          # The transition rules compare with dist/ at the commit before the push, read with git.
          fetch-depth: 0`
    : `      - uses: ${actions.checkout}`;
  return `${checkout}
      - uses: ${actions.setupNode}
        with:
          node-version: 24
          cache: npm${
            python
              ? `
      - uses: ${actions.setupPython}
        with:
          python-version: '3.12'
      - run: python -m pip install cfn-lint==1.51.0`
              : ''
          }
      - run: npm ci`;
}

/** The `check-full` matrix job and the `check-join` job, as YAML under `jobs:`. */
export function fullCheckJobs(toolName: string, shards: number, actions: FullCheckActions): string {
  const list = Array.from({ length: shards }, (_, i) => i + 1).join(', ');
  return `  check-full:
    name: check --full (shard \${{ matrix.shard }} of ${shards})
    if: github.event_name == 'push'
    runs-on: ubuntu-24.04
    timeout-minutes: 30
    permissions:
      contents: read
    strategy:
      # Every shard runs to the end: the join reports all findings at once.
      fail-fast: false
      matrix:
        shard: [${list}]
    steps:
${setupSteps(actions, true)}
      - run: >-
          npx ${toolName} check --format github --require-cfn-lint --full --base "$BASE_SHA"
          --shard \${{ matrix.shard }}/${shards} --summary-json check-summary-\${{ matrix.shard }}.json
        env:
          CI: 'true'
          BASE_SHA: \${{ github.event.before }}
      - uses: ${actions.uploadArtifact}
        if: always()
        with:
          name: check-summary-\${{ matrix.shard }}
          path: check-summary-\${{ matrix.shard }}.json
          retention-days: 7
      - uses: ${actions.uploadArtifact}
        if: always()
        with:
          name: cfn-lint-cache-\${{ matrix.shard }}
          path: ~/.cache/karpenter-gitops
          include-hidden-files: true
          if-no-files-found: ignore
          retention-days: 1

  check-join:
    name: check --full (all ${shards} shards)
    if: always() && github.event_name == 'push'
    needs: check-full
    runs-on: ubuntu-24.04
    timeout-minutes: 10
    permissions:
      contents: read
    steps:
${setupSteps(actions, false)}
      - uses: ${actions.downloadArtifact}
        with:
          pattern: check-summary-*
          path: summaries
          merge-multiple: true
      # Fails when a shard failed, or its summary is missing, or the summaries are of different commits.
      - run: npx ${toolName} check --join --format github summaries/check-summary-*.json
      # cfn-lint's results of every shard, merged: the cache every PR's check starts from.
      - uses: ${actions.cache}
        with:
          path: ~/.cache/karpenter-gitops
          key: karpenter-gitops-\${{ runner.os }}-\${{ github.run_id }}
          restore-keys: karpenter-gitops-\${{ runner.os }}-
      - uses: ${actions.downloadArtifact}
        with:
          pattern: cfn-lint-cache-*
          path: ~/.cache/karpenter-gitops
          merge-multiple: true`;
}
