/** Kubernetes name rules (DNS-1123) for cluster, node class and node pool names. */
import { RESERVED_CLUSTER_NAMES } from '../shared/dist-layout';
import { show } from '../shared/show-value';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export function isDns1123Label(s: string): boolean {
  return s.length <= 63 && DNS1123_LABEL.test(s);
}

export function isDns1123Subdomain(s: string): boolean {
  return s.length <= 253 && DNS1123_SUBDOMAIN.test(s);
}

/** A lower-cased, hyphenated version of `s` that is a valid label, for the fix text. */
export function suggestDnsName(s: string, maxLength = 63): string {
  const out = s
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return out === '' ? 'my-name' : out;
}

/** Problem with a cluster name, or undefined. */
export function clusterNameProblem(name: string): { message: string; fix: string } | undefined {
  if (!isDns1123Label(name)) {
    return {
      message: `cluster name '${show(name)}' is not a DNS-1123 label (lower-case letters, digits and '-', at most 63 characters, starting and ending with a letter or digit)`,
      fix: `Use a name such as '${show(suggestDnsName(name))}' (set name:, or rename the file)`,
    };
  }
  if (RESERVED_CLUSTER_NAMES.includes(name)) {
    return {
      message: `cluster name '${show(name)}' is reserved (dist/${name}/ holds the fleet-wide Argo CD entry point)`,
      fix: 'Choose another name (set name:, or rename the file)',
    };
  }
  return undefined;
}

/** Problem with a node class or node pool name (a Kubernetes object name), or undefined. */
export function objectNameProblem(kind: string, name: string): { message: string; fix: string } | undefined {
  if (isDns1123Subdomain(name)) return undefined;
  return {
    message: `${kind} name '${show(name)}' is not a valid Kubernetes name (DNS-1123 subdomain: lower-case letters, digits, '-' and '.')`,
    fix: `Rename it, e.g. '${show(suggestDnsName(name, 253))}'`,
  };
}
