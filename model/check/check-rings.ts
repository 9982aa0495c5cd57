/**
 * Checks across clusters for staged rollouts and the ApplicationSet fleet entry:
 *
 * - rings (`gitops.rings`, promotion order, fleet-wide) and each cluster's `gitops.ring`:
 *   one list for the whole fleet, valid unique names, every ring used by a cluster, every
 *   cluster in a listed ring once rings exist, and no `gitops.targetRevision` in a cluster
 *   file beside a ring (the ring decides the revision);
 * - `gitops.fleetEntry: applicationset`: the clusters one ApplicationSet serves (one per Argo
 *   CD namespace) must share what a single git-files generator reads: one repository, one
 *   `distPath` and one revision for the generator files.
 */
import { Diagnostic } from '../shared/diagnostics';
import { didYouMean } from '../shared/did-you-mean';
import { ClusterModel, RingModel, SourceLocation } from '../shared/fleet-model';
import { FleetEntry } from './check-fleet';
import { formatPath, keyLocAt, nodeAt, PathSegment } from '../parse/located';
import { show } from '../shared/show-value';

const RING_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

const at = (loc: SourceLocation, path: readonly PathSegment[]) => ({
  severity: 'error' as const,
  ...loc,
  path: formatPath(path),
});

const ringsKey = (rings: readonly RingModel[]) => JSON.stringify(rings);

interface Modelled {
  readonly entry: FleetEntry;
  readonly model: ClusterModel;
}

/** The revision the ApplicationSet's git-files generator reads a cluster's entry file at. */
export function generatorRevision(gitops: ClusterModel['gitops']): string {
  return gitops.rings[0]?.targetRevision ?? gitops.targetRevision;
}

export function checkRings(entries: readonly FleetEntry[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const modelled: Modelled[] = entries.flatMap((entry) =>
    entry.model ? [{ entry, model: entry.model }] : [],
  );
  const withRings = modelled.filter((m) => m.model.gitops.rings.length > 0);

  // One list for the whole fleet: the first cluster (by file) that has rings sets the reference.
  const reference = withRings[0];
  for (const m of withRings.slice(1)) {
    if (ringsKey(m.model.gitops.rings) !== ringsKey(reference.model.gitops.rings)) {
      const path = ['gitops', 'rings'];
      out.push({
        ...at(keyLocAt(m.entry.root, path), path),
        message: `rings [${m.model.gitops.rings.map((r) => r.name).join(', ')}] differ from [${reference.model.gitops.rings.map((r) => r.name).join(', ')}] of cluster ${reference.model.name}`,
        fix: 'Rings are fleet-wide: set gitops.rings once in clusters/_defaults.yaml and not in cluster files',
      });
    }
  }

  if (reference) {
    const rings = reference.model.gitops.rings;
    const root = reference.entry.root;
    const seen = new Set<string>();
    rings.forEach((ring, i) => {
      const path = ['gitops', 'rings', i, 'name'];
      const loc = keyLocAt(root, path);
      if (!RING_NAME.test(ring.name)) {
        out.push({
          ...at(loc, path),
          message: `ring name '${show(ring.name)}' is not a lower-case DNS label`,
          fix: 'Use lower-case letters, digits and dashes (it becomes a label value and a branch name)',
        });
      }
      if (seen.has(ring.name)) {
        out.push({
          ...at(loc, path),
          message: `ring '${show(ring.name)}' is listed twice`,
          fix: 'List every ring once, in promotion order',
        });
      }
      seen.add(ring.name);
      if (!modelled.some((m) => m.model.gitops.ring === ring.name)) {
        out.push({
          ...at(loc, path),
          message: `ring '${show(ring.name)}' has no cluster`,
          fix: `Set gitops.ring: ${ring.name} in a cluster file, or remove the ring from gitops.rings`,
        });
      }
    });
    const revisions = new Map<string, string>();
    rings.forEach((ring, i) => {
      const other = revisions.get(ring.targetRevision);
      if (other !== undefined) {
        const path = ['gitops', 'rings', i, 'targetRevision'];
        out.push({
          ...at(keyLocAt(root, nodeAt(root, path) ? path : ['gitops', 'rings', i]), path),
          message: `ring '${show(ring.name)}' tracks ${show(ring.targetRevision)}, like ring '${show(other)}'`,
          fix: 'Give every ring its own branch or tag, or a promotion would move two rings at once',
        });
      } else revisions.set(ring.targetRevision, ring.name);
    });
  }

  for (const { entry, model } of modelled) {
    const g = model.gitops;
    const ringPath = ['gitops', 'ring'];
    if (g.ring === undefined) {
      if (g.rings.length > 0) {
        out.push({
          ...at(entry.nameLoc, ringPath),
          message: `cluster ${model.name} is in no ring, but the fleet has rings [${g.rings.map((r) => r.name).join(', ')}]`,
          fix: `Set gitops.ring to one of ${g.rings.map((r) => r.name).join(', ')}`,
        });
      }
      continue;
    }
    const loc = keyLocAt(entry.root, ringPath);
    const names = g.rings.map((r) => r.name);
    if (names.length === 0) {
      out.push({
        ...at(loc, ringPath),
        message: `ring '${show(g.ring)}' is not defined: gitops.rings is not set`,
        fix: 'List the rings in promotion order in clusters/_defaults.yaml, e.g. gitops.rings: [{ name: canary, targetRevision: main }, { name: prod }]',
      });
      continue;
    }
    if (!names.includes(g.ring)) {
      const guess = didYouMean(g.ring, names);
      out.push({
        ...at(loc, ringPath),
        message: `ring '${show(g.ring)}' is not one of gitops.rings (${names.join(', ')})`,
        fix: `${guess !== undefined ? `Did you mean '${guess}'? ` : ''}Use one of ${names.join(', ')}`,
      });
    }
    const revPath = ['gitops', 'targetRevision'];
    if (nodeAt(entry.root, revPath) !== undefined) {
      const revLoc = keyLocAt(entry.root, revPath);
      if (revLoc.file === entry.nameLoc.file) {
        out.push({
          ...at(revLoc, revPath),
          message: `a cluster in ring '${show(g.ring)}' tracks the ring's revision, so gitops.targetRevision would be ignored`,
          fix: "Remove gitops.targetRevision from the cluster file, or change the ring's targetRevision in gitops.rings",
        });
      }
    }
  }

  out.push(...applicationSetProblems(modelled));
  return out;
}

/** Fields every cluster of one ApplicationSet must share, with what they mean to the generator. */
const SHARED: readonly {
  readonly path: readonly string[];
  readonly value: (m: ClusterModel) => string;
  readonly why: string;
}[] = [
  {
    path: ['gitops', 'repoURL'],
    value: (m) => m.gitops.repoURL,
    why: 'its git-files generator reads every cluster file from one repository',
  },
  {
    path: ['gitops', 'distPath'],
    value: (m) => m.gitops.distPath,
    why: 'its git-files generator reads <distPath>/fleet/clusters/*.json from one path',
  },
  {
    path: ['gitops', 'targetRevision'],
    value: (m) => generatorRevision(m.gitops),
    why: "its git-files generator reads every cluster file at one revision (the first ring's when rings are set)",
  },
];

function applicationSetProblems(modelled: readonly Modelled[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const byNamespace = new Map<string, Modelled[]>();
  for (const m of modelled) {
    if (m.model.gitops.fleetEntry !== 'applicationset') continue;
    const ns = m.model.gitops.argocdNamespace;
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), m]);
  }
  for (const [ns, list] of byNamespace) {
    const first = list[0];
    for (const field of SHARED) {
      const expected = field.value(first.model);
      for (const m of list.slice(1)) {
        const actual = field.value(m.model);
        if (actual === expected) continue;
        const path = [...field.path];
        const loc = nodeAt(m.entry.root, path) !== undefined ? keyLocAt(m.entry.root, path) : m.entry.nameLoc;
        out.push({
          ...at(loc, path),
          message: `gitops.fleetEntry applicationset: ${path.join('.')} ${show(actual)} differs from ${show(expected)} of cluster ${first.model.name}, but one ApplicationSet serves the clusters of Argo CD namespace ${ns} and ${field.why}`,
          fix: `Use ${show(expected)} for every cluster with gitops.fleetEntry applicationset in namespace ${ns}, or set gitops.fleetEntry: roots for this cluster`,
        });
      }
    }
  }
  return out;
}
