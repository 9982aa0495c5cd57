/**
 * Kubernetes label syntax for label, taint and requirement keys and values, and the label
 * domains Karpenter reserves for itself on a NodePool.
 */
import { ALLOWED_LABEL_DOMAIN_EXCEPTIONS, LABELS, RESTRICTED_LABEL_DOMAINS } from '../facts/constants';
import { didYouMean, editDistance } from '../shared/did-you-mean';
import { show } from '../shared/show-value';
import { wellKnownLabels } from '../facts/well-known-labels';

const NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const PREFIX = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Problem with a qualified key (`[prefix/]name`), or undefined. */
export function labelKeyProblem(key: string): string | undefined {
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && (prefix.length > 253 || !PREFIX.test(prefix))) {
    return `'${show(key)}' is not a valid label key: the prefix before '/' must be a lower-case DNS subdomain`;
  }
  if (name.length === 0 || name.length > 63 || !NAME_PART.test(name)) {
    return `'${show(key)}' is not a valid label key: the name must be 1-63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit`;
  }
  return undefined;
}

/** Problem with a label value, or undefined. Empty values are valid. */
export function labelValueProblem(value: string): string | undefined {
  if (value === '') return undefined;
  if (value.length > 63 || !NAME_PART.test(value)) {
    return `'${show(value)}' is not a valid label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit`;
  }
  return undefined;
}

const within = (domain: string, parent: string): boolean =>
  domain === parent || domain.endsWith(`.${parent}`);

/** Why Karpenter refuses this NodePool label key, or undefined when it may be set. */
export function restrictedLabelProblem(key: string): { message: string; fix: string } | undefined {
  if (key === LABELS.hostname) {
    return {
      message: `label '${show(key)}' is restricted: Kubernetes sets it to the node's name`,
      fix: 'Remove it; select nodes with a label of your own domain instead',
    };
  }
  const slash = key.indexOf('/');
  if (slash < 0) return undefined;
  const domain = key.slice(0, slash);
  if (ALLOWED_LABEL_DOMAIN_EXCEPTIONS.some((d) => within(domain, d))) return undefined;
  const restricted = RESTRICTED_LABEL_DOMAINS.find((d) => within(domain, d));
  if (!restricted) return undefined;
  const name = key.slice(slash + 1);
  const own = `Use your own domain (e.g. example.com/${show(name)}), or ${ALLOWED_LABEL_DOMAIN_EXCEPTIONS.join(' / ')}`;
  return {
    message: `label domain '${restricted}' is restricted: Karpenter or Kubernetes own labels under it`,
    fix: `${restrictedLabelGuess(key, domain, name) ?? ''}${own}`,
  };
}

/**
 * A did-you-mean for a template label in a reserved domain: the allowed domain it nearly spells
 * (`node-restrictions.kubernetes.io/team` → node-restriction.kubernetes.io), or the well-known label
 * it is (or nearly is), whose value a requirement chooses.
 */
function restrictedLabelGuess(key: string, domain: string, name: string): string | undefined {
  const known = wellKnownLabels();
  const sets = (label: string): string =>
    `Karpenter sets ${label} on the nodes itself: to choose its value, write a requirement on it (key ${label}, operator In) instead of a label. Else: `;
  if (known.includes(key)) return sets(key);
  // A typo of an allowed domain: at most two edits away.
  const allowed = ALLOWED_LABEL_DOMAIN_EXCEPTIONS.find((d) => editDistance(domain, d) <= 2);
  if (allowed !== undefined) return `Did you mean '${allowed}/${show(name)}'? Else: `;
  // A near-miss of a known name within the same domain (comparing whole keys would match `team` to `nodepool`).
  const sameDomain = known.filter((k) => k.startsWith(`${domain}/`)).map((k) => k.slice(domain.length + 1));
  const near = didYouMean(name, sameDomain);
  return near === undefined ? undefined : `Did you mean '${domain}/${near}'? ${sets(`${domain}/${near}`)}`;
}
