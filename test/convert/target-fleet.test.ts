import {
  fleetRings,
  fleetSetsRepoURL,
  fleetWithConverted,
  ringUsageProblem,
} from '../../convert/target-fleet';
import { scratchFleet } from './convert-helpers';

const RINGED = `gitops:
  repoURL: https://github.com/example/platform-gitops.git
  rings:
    - { name: canary, targetRevision: main }
    - { name: prod, targetRevision: release }
`;

test('rings come from _defaults.yaml, in promotion order', () => {
  expect(fleetRings(scratchFleet(RINGED))).toEqual({
    names: ['canary', 'prod'],
    file: 'clusters/_defaults.yaml',
  });
  expect(fleetRings(scratchFleet()).names).toEqual([]);
  expect(fleetRings(undefined).names).toEqual([]);
});

test('--ring: a ring the fleet lacks, or a fleet without rings, is a usage problem', () => {
  expect(ringUsageProblem('prod', scratchFleet(RINGED))).toBeUndefined();
  expect(ringUsageProblem(undefined, scratchFleet(RINGED))).toBeUndefined();
  expect(ringUsageProblem('staging', scratchFleet(RINGED))).toBe(
    "--ring 'staging' is not a ring of the target fleet (clusters/_defaults.yaml): use one of canary, prod",
  );
  expect(ringUsageProblem('prod', scratchFleet())).toBe(
    "--ring 'prod': the target fleet (clusters/) has no rollout rings (gitops.rings); leave --ring out, or define the rings in clusters/_defaults.yaml first",
  );
});

test('the repository from _defaults.yaml; the converted file replaces one of the same path', () => {
  expect(fleetSetsRepoURL(scratchFleet(RINGED))).toBe(true);
  expect(fleetSetsRepoURL(scratchFleet('karpenter: { version: 1.14.1 }\n'))).toBe(false);
  const fleet = scratchFleet(RINGED, { 'shop.yaml': 'old', 'web.yaml': 'web' });
  expect(fleetWithConverted(fleet, 'clusters/shop.yaml', 'new').map((s) => [s.path, s.text])).toEqual([
    ['clusters/_defaults.yaml', RINGED],
    ['clusters/web.yaml', 'web'],
    ['clusters/shop.yaml', 'new'],
  ]);
});
