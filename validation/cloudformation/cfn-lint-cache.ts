/**
 * cfn-lint's results kept by content: one small file per template under the user's cache folder
 * (`$XDG_CACHE_HOME/karpenter-gitops/cfn-lint/`, `~/.cache/…` by default), named by the sha256
 * of everything the result depends on: the cfn-lint installation (validation/cloudformation/cfn-lint-identity.ts:
 * version, location, when its resource specifications changed), the configuration files cfn-lint
 * reads (`.cfnlintrc[.yaml|.yml]` in the home and the working folder), the region variables
 * (`AWS_REGION`, `AWS_DEFAULT_REGION`) when set, the template's file
 * extension and its bytes. A template judged once is not judged again; its findings are
 * replayed exactly.
 *
 * Not cached (so always linted): templates or configurations that name other files whose
 * contents the key cannot see (`append_rules`, `custom_rules`, `override_spec`,
 * `parameter_files`, `registry_schemas`), and runs where cfn-lint did not end normally.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { extname, join } from 'node:path';
import { writeFileAtomically } from '../../io/atomic-write';
import { markUsed, pruneLeastRecentlyUsed } from '../../io/cache-folder';
import { Finding } from '../finding';

/** Bumped when what a cache file holds changes shape. */
const CACHE_FORMAT = 'karpenter-gitops cfn-lint cache 1';

/** Keys of a cfn-lint configuration (or a template's `Metadata: cfn-lint: config:`) that name other files. */
const EXTERNAL_INPUTS = /\b(append_rules|custom_rules|override_spec|parameter_files|registry_schemas)\b/;

/** Cache files kept; the least recently used beyond this are deleted. */
export const CACHE_ENTRIES_KEPT = 5000;

/** What is kept of a finding: everything but the file it was found in. */
export type CachedFinding = Pick<Finding, 'severity' | 'line' | 'col' | 'path' | 'message' | 'check'>;

/** The home folder the environment names (HOME), else the user's: under it are `~/.cache` and `~/.cfnlintrc`. */
export function homeFolder(env: NodeJS.ProcessEnv): string {
  return env.HOME !== undefined && env.HOME !== '' ? env.HOME : homedir();
}

/** The cache folder for cfn-lint results, by the XDG base directory convention. */
export function cfnLintCacheDir(env: NodeJS.ProcessEnv, home: string): string {
  const base =
    env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'karpenter-gitops', 'cfn-lint');
}

/**
 * The configuration files cfn-lint would read, as one text for the key; or why results may not
 * be cached (a configuration that names other files).
 */
export function cfnLintConfigs(
  cwd: string,
  home: string,
): { readonly text: string } | { readonly uncached: string } {
  // cfn-lint reads the first of each folder's three names (cfnlint/config.py `_find_config`).
  const candidates = [
    join(home, '.cfnlintrc'),
    join(home, '.cfnlintrc.yaml'),
    join(home, '.cfnlintrc.yml'),
    join(cwd, '.cfnlintrc'),
    join(cwd, '.cfnlintrc.yaml'),
    join(cwd, '.cfnlintrc.yml'),
  ];
  const parts: string[] = [];
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    if (EXTERNAL_INPUTS.test(text))
      return { uncached: `${file} names files outside the template (${EXTERNAL_INPUTS.exec(text)?.[1]})` };
    parts.push(`${file}\0${text}`);
  }
  return { text: parts.join('\0') };
}

/**
 * What of the environment changes cfn-lint's verdicts, for the key: the region it checks
 * templates for when no configuration names one (cfnlint/config.py: `AWS_REGION`, else
 * `AWS_DEFAULT_REGION`, else us-east-1); empty when neither is set.
 */
export function cfnLintEnvironment(env: NodeJS.ProcessEnv): string {
  const set = (['AWS_REGION', 'AWS_DEFAULT_REGION'] as const).filter((k) => env[k] !== undefined);
  return set.map((k) => `\0${k}=${env[k]}`).join('');
}

/** The cache key of one template, or undefined when its result may not be cached. */
export function cfnLintCacheKey(
  identity: string,
  configs: string,
  file: string,
  text: string,
): string | undefined {
  if (EXTERNAL_INPUTS.test(text)) return undefined;
  return createHash('sha256')
    .update(JSON.stringify([CACHE_FORMAT, identity, configs, extname(file), text]))
    .digest('hex');
}

function isCachedFinding(v: unknown): v is CachedFinding {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return (
    (f.severity === 'error' || f.severity === 'warning') &&
    typeof f.line === 'number' &&
    typeof f.col === 'number' &&
    typeof f.path === 'string' &&
    typeof f.message === 'string' &&
    typeof f.check === 'string'
  );
}

/**
 * The findings cached under `key`, or undefined (none, or a file that is not what this code
 * writes). A file that is read is marked as used (its modification time), for `pruneCache`.
 */
export function readCachedFindings(dir: string, key: string): readonly CachedFinding[] | undefined {
  const file = join(dir, `${key}.json`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let findings: readonly CachedFinding[];
  try {
    const v = JSON.parse(text) as { format?: unknown; findings?: unknown };
    if (v.format !== CACHE_FORMAT || !Array.isArray(v.findings) || !v.findings.every(isCachedFinding))
      return undefined;
    findings = v.findings;
  } catch {
    return undefined;
  }
  markUsed(file);
  return findings;
}

/** What is kept of a finding, in the order of cfn-lint's own findings' fields. */
export function cachedFinding(f: CachedFinding): CachedFinding {
  return {
    severity: f.severity,
    line: f.line,
    col: f.col,
    path: f.path,
    message: f.message,
    check: f.check,
  };
}

/** Keeps the findings of one template (atomically: a concurrent reader sees all or nothing). */
export function writeCachedFindings(dir: string, key: string, findings: readonly Finding[]): void {
  writeFileAtomically(
    join(dir, `${key}.json`),
    `${JSON.stringify({ format: CACHE_FORMAT, findings: findings.map(cachedFinding) })}\n`,
  );
}

/** Deletes the least recently used cache files beyond `keep`. */
export function pruneCache(dir: string, keep: number = CACHE_ENTRIES_KEPT): void {
  pruneLeastRecentlyUsed(dir, '.json', keep);
}
