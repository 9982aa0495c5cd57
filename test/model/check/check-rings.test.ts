/** Rollout rings and the ApplicationSet fleet entry: fleet-wide checks with exact messages. */
import { DEFAULTS, errorsOf, load, MINIMAL } from '../../support/fleet-files';

const RINGED_DEFAULTS = `${DEFAULTS}  rings:
    - name: canary
      targetRevision: main
    - name: staging
    - name: prod
`;

/** A cluster file in a ring; each ring's clusters get their own Argo CD destination. */
const inRing = (ring: string, extra = '') =>
  `${MINIMAL.replace('name: demo', `name: ${ring}-cluster`)}  ring: ${ring}\n${extra}`;

describe('rollout rings', () => {
  it('gives every cluster its ring’s revision (ring/<name> unless set) and keeps the order', () => {
    const { fleet } = load({
      '_defaults.yaml': RINGED_DEFAULTS,
      'a.yaml': inRing('canary'),
      'b.yaml': inRing('staging'),
      'c.yaml': inRing('prod'),
    });
    expect(fleet.clusters.map((c) => [c.name, c.gitops.ring, c.gitops.targetRevision])).toEqual([
      ['a', 'canary', 'main'],
      ['b', 'staging', 'ring/staging'],
      ['c', 'prod', 'ring/prod'],
    ]);
    expect(fleet.clusters[0].gitops.rings).toEqual([
      { name: 'canary', targetRevision: 'main' },
      { name: 'staging', targetRevision: 'ring/staging' },
      { name: 'prod', targetRevision: 'ring/prod' },
    ]);
  });

  it('refuses a ring that no cluster uses, at its line in _defaults.yaml', () => {
    expect(
      errorsOf({ '_defaults.yaml': RINGED_DEFAULTS, 'a.yaml': inRing('canary'), 'c.yaml': inRing('prod') }),
    ).toEqual([
      "clusters/_defaults.yaml:6:7 gitops.rings[1].name: ring 'staging' has no cluster. Set gitops.ring: staging in a cluster file, or remove the ring from gitops.rings.",
    ]);
  });

  it('refuses a ring that is not listed, with a did-you-mean', () => {
    expect(
      errorsOf({
        '_defaults.yaml': RINGED_DEFAULTS,
        'a.yaml': inRing('canary'),
        'b.yaml': inRing('staging'),
        'c.yaml': inRing('prd'),
      }),
    ).toEqual([
      "clusters/_defaults.yaml:7:7 gitops.rings[2].name: ring 'prod' has no cluster. Set gitops.ring: prod in a cluster file, or remove the ring from gitops.rings.",
      "clusters/c.yaml:7:3 gitops.ring: ring 'prd' is not one of gitops.rings (canary, staging, prod). Did you mean 'prod'? Use one of canary, staging, prod.",
    ]);
  });

  it('refuses a ring when no rings are listed, and a cluster outside every ring', () => {
    expect(errorsOf({ '_defaults.yaml': DEFAULTS, 'a.yaml': inRing('canary') })).toEqual([
      "clusters/a.yaml:7:3 gitops.ring: ring 'canary' is not defined: gitops.rings is not set. List the rings in promotion order in clusters/_defaults.yaml, e.g. gitops.rings: [{ name: canary, targetRevision: main }, { name: prod }].",
    ]);
    expect(
      errorsOf({
        '_defaults.yaml': RINGED_DEFAULTS,
        'a.yaml': inRing('canary'),
        'b.yaml': inRing('staging'),
        'c.yaml': inRing('prod'),
        'd.yaml': MINIMAL.replace('name: demo', 'name: d'),
      }),
    ).toEqual([
      'clusters/d.yaml:1:1 gitops.ring: cluster d is in no ring, but the fleet has rings [canary, staging, prod]. Set gitops.ring to one of canary, staging, prod.',
    ]);
  });

  it('refuses gitops.targetRevision in the file of a cluster in a ring', () => {
    expect(
      errorsOf({
        '_defaults.yaml': RINGED_DEFAULTS,
        'a.yaml': inRing('canary', '  targetRevision: release\n'),
        'b.yaml': inRing('staging'),
        'c.yaml': inRing('prod'),
      }),
    ).toEqual([
      "clusters/a.yaml:8:3 gitops.targetRevision: a cluster in ring 'canary' tracks the ring's revision, so gitops.targetRevision would be ignored. Remove gitops.targetRevision from the cluster file, or change the ring's targetRevision in gitops.rings.",
    ]);
  });
});

describe('ApplicationSet fleet entry', () => {
  const SET_DEFAULTS = `${DEFAULTS}  fleetEntry: applicationset\n`;
  const named = (name: string, extra = '') => MINIMAL.replace('name: demo', `name: ${name}`) + extra;

  it('refuses a setting one git-files generator cannot express, at the cluster’s line', () => {
    expect(
      errorsOf({
        '_defaults.yaml': SET_DEFAULTS,
        'a.yaml': named('a'),
        'b.yaml': named('b', '  repoURL: https://github.com/example/other.git\n  targetRevision: release\n'),
      }),
    ).toEqual([
      'clusters/b.yaml:7:3 gitops.repoURL: gitops.fleetEntry applicationset: gitops.repoURL https://github.com/example/other.git differs from https://github.com/example/platform-gitops.git of cluster a, but one ApplicationSet serves the clusters of Argo CD namespace argocd and its git-files generator reads every cluster file from one repository. Use https://github.com/example/platform-gitops.git for every cluster with gitops.fleetEntry applicationset in namespace argocd, or set gitops.fleetEntry: roots for this cluster.',
      "clusters/b.yaml:8:3 gitops.targetRevision: gitops.fleetEntry applicationset: gitops.targetRevision release differs from main of cluster a, but one ApplicationSet serves the clusters of Argo CD namespace argocd and its git-files generator reads every cluster file at one revision (the first ring's when rings are set). Use main for every cluster with gitops.fleetEntry applicationset in namespace argocd, or set gitops.fleetEntry: roots for this cluster.",
    ]);
  });

  it('accepts clusters that differ only in what the generated parameters carry', () => {
    const { fleet } = load({
      '_defaults.yaml': SET_DEFAULTS,
      'a.yaml': named('a', '  clusterLabels:\n    env: prod\n'),
      'b.yaml': named('b', '  syncPolicy:\n    automated: false\n'),
    });
    expect(fleet.clusters.map((c) => c.gitops.fleetEntry)).toEqual(['applicationset', 'applicationset']);
  });
});
