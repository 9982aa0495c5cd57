/**
 * The label keys a NodePool requirement may use inside the label domains Karpenter and
 * Kubernetes reserve, per Karpenter version, so that a misspelt key there (e.g.
 * `karpenter.k8s.aws/instanckube-family`) is an error at the fleet line with a did-you-mean.
 *
 * - `karpenter.sh` and `karpenter.k8s.aws`: the labels the NodePool CRD's own CEL rules allow
 *   (read from the imported rules, imports/validation/karpenter-v<version>/, not typed here).
 * - `kubernetes.io`, `k8s.io` and their subdomains: Karpenter's WellKnownLabels and
 *   NormalizedLabels outside its own domains, pinned below from
 *   kubernetes-sigs/karpenter pkg/apis/v1/labels.go and aws/karpenter-provider-aws
 *   pkg/apis/v1/labels.go at tag v1.14.1 (the same lists hold for v1.0.14).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { KarpenterVersion } from './versions';

/** Well-known Kubernetes-domain labels Karpenter understands (WellKnownLabels, NormalizedLabels, RestrictedLabels). */
const KUBERNETES_DOMAIN_LABELS: Readonly<Record<KarpenterVersion, readonly string[]>> = {
  '1.14.1': [
    'topology.kubernetes.io/zone',
    'topology.kubernetes.io/region',
    'node.kubernetes.io/instance-type',
    'kubernetes.io/arch',
    'kubernetes.io/os',
    'node.kubernetes.io/windows-build',
    'topology.k8s.aws/zone-id',
    'kubernetes.io/hostname',
    'failure-domain.beta.kubernetes.io/zone',
    'failure-domain.beta.kubernetes.io/region',
    'beta.kubernetes.io/arch',
    'beta.kubernetes.io/os',
    'beta.kubernetes.io/instance-type',
  ],
  '1.0.14': [
    'topology.kubernetes.io/zone',
    'topology.kubernetes.io/region',
    'node.kubernetes.io/instance-type',
    'kubernetes.io/arch',
    'kubernetes.io/os',
    'node.kubernetes.io/windows-build',
    'topology.k8s.aws/zone-id',
    'kubernetes.io/hostname',
    'failure-domain.beta.kubernetes.io/zone',
    'failure-domain.beta.kubernetes.io/region',
    'beta.kubernetes.io/arch',
    'beta.kubernetes.io/os',
    'beta.kubernetes.io/instance-type',
  ],
};

/** Label domains whose unknown keys are refused (a key's domain is the part before '/'). */
export const RESERVED_LABEL_DOMAINS = [
  'karpenter.sh',
  'karpenter.k8s.aws',
  'kubernetes.io',
  'k8s.io',
] as const;
/**
 * Subdomains the kubelet lets nodes carry labels of (node.kubernetes.io, node-restriction.kubernetes.io)
 * and kops.k8s.io: custom keys there stay allowed; only a near-miss of a known key is refused.
 */
export const OPEN_LABEL_SUBDOMAINS = [
  'node.kubernetes.io',
  'node-restriction.kubernetes.io',
  'kops.k8s.io',
] as const;

const DOMAIN_RULE = /^self in \[(.*)\] \|\| !self\.find\("\^\(\[\^\/\]\+\)"\)\.endsWith\("([^"]+)"\)$/;
const cache = new Map<KarpenterVersion, readonly string[]>();

/** Every known label key of the reserved domains for `version`, sorted. */
export function wellKnownLabels(version: KarpenterVersion = '1.14.1'): readonly string[] {
  const hit = cache.get(version);
  if (hit) return hit;
  const file = rulesFile(version);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const rules = file ? (require(file) as { rules: readonly RuleEntry[] }).rules : [];
  const list = wellKnownLabelsFromRules(rules, KUBERNETES_DOMAIN_LABELS[version]);
  cache.set(version, list);
  return list;
}

/** One entry of a generated rule table (`<plural>.<group>.<version>.rules.js`), as far as read here. */
export interface RuleEntry {
  readonly rule: string;
  readonly location: string;
}

/**
 * The known label keys of a NodePool rule table (a shipped version's or an imported one's: e.g.
 * `karpenter.k8s.aws/nitro-sandbox` where the CRD's CEL rules list it, as the upstream snapshot of
 * 2026-08-21 does and 1.14.1 does not), plus `kubernetesLabels`, sorted. An imported version takes
 * the Kubernetes-domain labels of the newest shipped one unless given.
 */
export function wellKnownLabelsFromRules(
  rules: readonly RuleEntry[],
  kubernetesLabels: readonly string[] = KUBERNETES_DOMAIN_LABELS['1.14.1'],
): readonly string[] {
  const out = new Set(kubernetesLabels);
  for (const r of rules.filter((x) => x.location === 'spec.template.spec.requirements[*].key')) {
    const m = DOMAIN_RULE.exec(r.rule);
    if (m) for (const k of m[1].matchAll(/"([^"]+)"/g)) out.add(k[1]);
  }
  return [...out].sort();
}

function rulesFile(version: KarpenterVersion): string | undefined {
  const rel = join('imports', 'validation', `karpenter-v${version}`, 'nodepools.karpenter.sh.v1.rules.js');
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, rel))) return join(dir, rel);
    if (dirname(dir) === dir) return undefined;
  }
}

const within = (domain: string, parent: string): boolean =>
  domain === parent || domain.endsWith(`.${parent}`);

/** The reserved domain `key` is in (undefined: a custom key), and whether custom keys are open there. */
export function reservedDomainOf(key: string): { domain: string; open: boolean } | undefined {
  const slash = key.indexOf('/');
  if (slash < 0) return undefined;
  const host = key.slice(0, slash);
  const domain = RESERVED_LABEL_DOMAINS.find((d) => within(host, d));
  if (domain === undefined) return undefined;
  return { domain, open: OPEN_LABEL_SUBDOMAINS.some((d) => within(host, d)) };
}
