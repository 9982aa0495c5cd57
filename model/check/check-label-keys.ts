/**
 * Label keys inside the domains Karpenter and Kubernetes reserve (karpenter.sh,
 * karpenter.k8s.aws, kubernetes.io, k8s.io and their subdomains) that are no label Karpenter
 * knows (model/facts/well-known-labels.ts): a requirement on such a key matches no node, and
 * Karpenter refuses it only once `dist/` is synced. An error at the key's fleet line, with a
 * did-you-mean. Custom keys of other domains stay allowed; so do custom keys of the subdomains
 * the kubelet leaves open (node.kubernetes.io, ...), unless they are a near-miss of a known key.
 *
 * Pool template labels in a reserved domain are refused as such by check-node-pool.ts, and
 * NodeOverlay keys of Karpenter's domains by the CRD rule in check-node-overlay.ts: only what
 * those leave is reported here.
 */
import { restrictedLabelProblem } from './check-labels';
import { CheckContext } from './check-context';
import { didYouMean } from '../shared/did-you-mean';
import { PathSegment } from '../parse/located';
import { overlayKeyProblem } from '../facts/overlay-restricted-labels';
import { show } from '../shared/show-value';
import { KarpenterVersion } from '../facts/versions';
import { reservedDomainOf, wellKnownLabels } from '../facts/well-known-labels';

export function checkLabelKeys(ctx: CheckContext): void {
  const version = ctx.karpenterVersion;
  for (const [name, pool] of Object.entries(ctx.raw.nodePools ?? {})) {
    (pool.requirements ?? []).forEach((r, i) =>
      checkKey(ctx, version, ['nodePools', name, 'requirements', i, 'key'], r.key, 'requirement'),
    );
    for (const key of Object.keys(pool.labels ?? {})) {
      if (restrictedLabelProblem(key) !== undefined) continue;
      checkKey(ctx, version, ['nodePools', name, 'labels', key], key, 'label');
    }
  }
  for (const [name, overlay] of Object.entries(ctx.raw.nodeOverlays ?? {})) {
    (overlay.requirements ?? []).forEach((r, i) => {
      if (overlayKeyProblem(r.key) !== undefined) return;
      checkKey(ctx, version, ['nodeOverlays', name, 'requirements', i, 'key'], r.key, 'requirement');
    });
  }
}

function checkKey(
  ctx: CheckContext,
  version: KarpenterVersion,
  path: readonly PathSegment[],
  key: string,
  what: 'requirement' | 'label',
): void {
  const reserved = reservedDomainOf(key);
  if (reserved === undefined) return;
  const known = wellKnownLabels(version);
  if (known.includes(key)) return;
  const host = key.slice(0, key.indexOf('/'));
  // In an open subdomain only a near-miss of a key of that same subdomain is a typo.
  const guess = didYouMean(key, reserved.open ? known.filter((k) => k.startsWith(`${host}/`)) : known);
  if (reserved.open && guess === undefined) return;
  ctx.error(
    path,
    `'${show(key)}' is in the label domain ${reserved.domain}, which Karpenter ${version} and Kubernetes reserve, but is no label they know, so ${what === 'requirement' ? 'the requirement matches no node' : 'nodes never get it'}`,
    guess !== undefined
      ? `Did you mean '${guess}'?`
      : `Use a well-known label (e.g. ${known
          .filter((k) => k.startsWith(reserved.domain) || k.includes(`.${reserved.domain}/`))
          .slice(0, 3)
          .join(', ')}) or a key of your own domain (example.com/${key.slice(key.indexOf('/') + 1)})`,
    'key',
  );
}
