/**
 * What one pod asks the scheduler for, in the catalogue's units (cpu in millicores, memory and
 * ephemeral-storage in MiB, extended resources as counts): the sum over its containers, or the
 * largest init container where that is more (how Kubernetes computes a pod's effective
 * requests). A container without a request for a resource but with a limit requests the limit.
 * Each amount keeps where it is written, so a check can point at the request that is too large.
 */
import { PathSegment } from './located';
import { parseQuantity } from '../facts/quantity';
import { RawContainer, RawPodSpec } from './raw-overlay-buffer';

export interface PodRequest {
  readonly resource: string;
  readonly amount: number;
  /** The largest single request of the resource (pod-spec-relative path). */
  readonly path: readonly PathSegment[];
  /** As written there, e.g. `4Ti`. */
  readonly written: string;
}

/** Resource amount in catalogue units, or undefined when it is no plain quantity. */
export function resourceAmount(resource: string, quantity: string | number): number | undefined {
  const n = parseQuantity(String(quantity));
  if (n === undefined) return undefined;
  if (resource === 'cpu') return n * 1000;
  if (resource === 'memory' || resource === 'ephemeral-storage') return n / 2 ** 20;
  return n;
}

/** Catalogue units → a quantity for messages (`3.5`, `1900Mi`, `3.9Ti`, `8`). */
export function showAmount(resource: string, amount: number): string {
  if (resource === 'cpu') return amount % 1000 === 0 ? String(amount / 1000) : `${Math.round(amount)}m`;
  if (resource === 'memory' || resource === 'ephemeral-storage') {
    if (amount >= 1024 * 1024) return `${round(amount / 1024 / 1024)}Ti`;
    if (amount >= 1024) return `${round(amount / 1024)}Gi`;
    return `${round(amount)}Mi`;
  }
  return String(amount);
}

const round = (n: number): string => String(Math.round(n * 10) / 10);

export function podRequests(spec: RawPodSpec): PodRequest[] {
  const total = new Map<string, { amount: number; max: number; path: PathSegment[]; written: string }>();
  const add = (
    containers: readonly RawContainer[] | readonly Omit<RawContainer, 'ports'>[],
    field: string,
    init: boolean,
  ) => {
    const perResource = new Map<
      string,
      { amount: number; max: number; path: PathSegment[]; written: string }
    >();
    containers.forEach((c, i) => {
      const requests = c.resources?.requests ?? {};
      const limits = c.resources?.limits ?? {};
      for (const resource of new Set([...Object.keys(requests), ...Object.keys(limits)])) {
        const which = requests[resource] !== undefined ? 'requests' : 'limits';
        const written = (requests[resource] ?? limits[resource]) as string | number;
        const amount = resourceAmount(resource, written);
        if (amount === undefined) continue;
        const path: PathSegment[] = [field, i, 'resources', which, resource];
        const prior = perResource.get(resource);
        if (!prior) perResource.set(resource, { amount, max: amount, path, written: String(written) });
        else {
          prior.amount = init ? Math.max(prior.amount, amount) : prior.amount + amount;
          if (amount > prior.max) Object.assign(prior, { max: amount, path, written: String(written) });
        }
      }
    });
    for (const [resource, r] of perResource) {
      const prior = total.get(resource);
      if (!prior) total.set(resource, r);
      else if (init) {
        if (r.amount > prior.amount) total.set(resource, r);
      } else {
        prior.amount += r.amount;
        if (r.max > prior.max) Object.assign(prior, { max: r.max, path: r.path, written: r.written });
      }
    }
  };
  add(spec.containers, 'containers', false);
  add(spec.initContainers ?? [], 'initContainers', true);
  return [...total]
    .filter(([, r]) => r.amount > 0)
    .map(([resource, r]) => ({ resource, amount: r.amount, path: r.path, written: r.written }))
    .sort((a, b) => (a.resource < b.resource ? -1 : 1));
}
