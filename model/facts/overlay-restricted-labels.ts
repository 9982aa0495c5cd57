/**
 * Which requirement keys a NodeOverlay may use, read from the CEL rules of the imported
 * NodeOverlay CRD (Karpenter 1.14.1), not typed by hand: the `karpenter.sh` and
 * `karpenter.k8s.aws` label domains are restricted except for the labels each rule lists,
 * and `kubernetes.io/hostname` is refused.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { KarpenterVersion } from './versions';

interface CelRule {
  readonly rule: string;
  readonly message: string;
  readonly location: string;
}

export interface OverlayKeyRule {
  /** Label domain the rule restricts (`karpenter.sh`), or the exact label it refuses. */
  readonly domain?: string;
  readonly label?: string;
  /** Labels of the domain that remain allowed. */
  readonly allowed: readonly string[];
  /** The CRD's own message. */
  readonly message: string;
}

const DOMAIN_RULE = /^self in \[(.*)\] \|\| !self\.find\("\^\(\[\^\/\]\+\)"\)\.endsWith\("([^"]+)"\)$/;
const LABEL_RULE = /^self != "([^"]+)"$/;

const cache = new Map<KarpenterVersion, readonly OverlayKeyRule[]>();

/** The key rules of the NodeOverlay CRD of `version` (empty when that version has no NodeOverlay). */
export function overlayKeyRules(version: KarpenterVersion = '1.14.1'): readonly OverlayKeyRule[] {
  const hit = cache.get(version);
  if (hit) return hit;
  const file = rulesFile(version);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const rules = file ? (require(file) as { rules: readonly CelRule[] }).rules : [];
  const out: OverlayKeyRule[] = [];
  for (const r of rules.filter((x) => x.location === 'spec.requirements[*].key')) {
    const domain = DOMAIN_RULE.exec(r.rule);
    if (domain) {
      const allowed = [...domain[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
      out.push({ domain: domain[2], allowed, message: r.message });
      continue;
    }
    const label = LABEL_RULE.exec(r.rule);
    if (label) out.push({ label: label[1], allowed: [], message: r.message });
  }
  cache.set(version, out);
  return out;
}

/** The generated rules file of the NodeOverlay CRD, searched upwards from this file (source or build). */
function rulesFile(version: KarpenterVersion): string | undefined {
  const rel = join(
    'imports',
    'validation',
    `karpenter-v${version}`,
    'nodeoverlays.karpenter.sh.v1alpha1.rules.js',
  );
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, rel))) return join(dir, rel);
    if (dirname(dir) === dir) return undefined;
  }
}

/** The CRD's message when `key` is refused as an overlay requirement key, else undefined. */
export function overlayKeyProblem(key: string): { message: string; allowed: readonly string[] } | undefined {
  const host = key.includes('/') ? key.slice(0, key.indexOf('/')) : key;
  for (const rule of overlayKeyRules()) {
    if (rule.label !== undefined && key === rule.label) return { message: rule.message, allowed: [] };
    if (rule.domain !== undefined && host.endsWith(rule.domain) && !rule.allowed.includes(key))
      return { message: rule.message, allowed: rule.allowed };
  }
  return undefined;
}
