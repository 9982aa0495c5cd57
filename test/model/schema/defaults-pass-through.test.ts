/**
 * Pass-through fields written in _defaults.yaml (model/schema/defaults-pass-through.ts): inherited
 * by clusters on the imported version (test/support/imported-repo.ts), reported at their line in
 * _defaults.yaml, and an error naming the cluster, version and field for a cluster pinned to a
 * version whose CRD lacks them.
 */
import { ADDED_ENUM, ADDED_FIELD, ADDED_PER_KIND } from '../../support/chart-fixtures';
import { IMPORTED_DEFAULTS_WITH, IMPORTED_OTHER, IMPORTED_CLUSTER as CLUSTER, importedAllKindsRepo } from '../../support/imported-repo';

const { synth, generated } = importedAllKindsRepo();

describe('pass-through fields written in _defaults.yaml', () => {
  // IMPORTED_DEFAULTS_WITH: hibernation at line 6, instanceStorePolicy at 7, schedulingPriority at 13.
  it('are inherited by a cluster on the imported version and reach dist/', () => {
    const { code, err } = synth({
      '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 3),
      'shop.yaml': CLUSTER('1.99.0', ''),
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(generated('ec2nodeclass-shared.yaml').spec).toMatchObject({
      [ADDED_FIELD]: { mode: 'enabled' },
      [ADDED_ENUM.field]: ADDED_ENUM.value,
    });
    expect(generated('nodepool-shared.yaml').spec[ADDED_PER_KIND.poolSpecField]).toBe(3);
    expect(generated('nodepool-general.yaml').spec[ADDED_PER_KIND.poolSpecField]).toBeUndefined();
  });

  it('a value the imported CRD refuses is reported at its line in _defaults.yaml', () => {
    const { code, err } = synth({
      '_defaults.yaml': IMPORTED_DEFAULTS_WITH('sometimes', 11),
      'shop.yaml': CLUSTER('1.99.0', ''),
    });
    expect(code).toBe(1);
    expect(err[0]).toMatch(
      /^clusters\/_defaults\.yaml:6:\d+ nodeClasses\.shared\.hibernation\.mode: string "sometimes" is not allowed \(in the generated dist\/shop\/karpenter\/ec2nodeclass-shared\.yaml, at spec\.hibernation\.mode\)/,
    );
    expect(err[1]).toMatch(
      /^clusters\/_defaults\.yaml:13:\d+ nodePools\.shared\.schedulingPriority: number 11 must be <= 10 \(in the generated dist\/shop\/karpenter\/nodepool-shared\.yaml/,
    );
  });

  it('a cluster pinned to a version whose CRD lacks them: an error at the _defaults.yaml line naming the cluster, version and field', () => {
    const { code, err } = synth({
      '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 3),
      'shop.yaml': CLUSTER('1.99.0', ''),
      'other.yaml': IMPORTED_OTHER('1.14.1'),
    });
    expect(code).toBe(1);
    expect(err).toEqual([
      'clusters/_defaults.yaml:6:5 nodeClasses.shared.hibernation: cluster other inherits it from _defaults.yaml, but is pinned to Karpenter 1.14.1, whose EC2NodeClass has no field hibernation (only the imported 1.99.0 has it) (when merged into clusters/other.yaml). Pin other to 1.99.0, or move hibernation from _defaults.yaml into the files of the clusters on 1.99.0.',
      'clusters/_defaults.yaml:7:5 nodeClasses.shared.instanceStorePolicy: cluster other inherits it from _defaults.yaml, but is pinned to Karpenter 1.14.1, whose EC2NodeClass does not take the value _defaults.yaml gives instanceStorePolicy (only the imported 1.99.0 does) (when merged into clusters/other.yaml). Pin other to 1.99.0, or move instanceStorePolicy from _defaults.yaml into the files of the clusters on 1.99.0.',
      'clusters/_defaults.yaml:13:5 nodePools.shared.schedulingPriority: cluster other inherits it from _defaults.yaml, but is pinned to Karpenter 1.14.1, whose NodePool has no field schedulingPriority (only the imported 1.99.0 has it) (when merged into clusters/other.yaml). Pin other to 1.99.0, or move schedulingPriority from _defaults.yaml into the files of the clusters on 1.99.0.',
      'synth: 3 errors; dist/ was not changed.',
    ]);
  });

  it('a cluster that sets the field itself does not inherit it: its own line is reported', () => {
    const { code, err } = synth({
      '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 3),
      'shop.yaml': CLUSTER('1.99.0', ''),
      'other.yaml': IMPORTED_OTHER(
        '1.99.0',
        `overridesDefaults:\n  nodePools: [shared]\nnodePools:\n  shared:\n    ${ADDED_PER_KIND.poolSpecField}: 12\n`,
      ).replace('nodePools:\n  general:\n    nodeClass: default\n    limits: { cpu: "100" }\n', ''),
    });
    expect(code).toBe(1);
    expect(err[0]).toMatch(
      /^clusters\/other\.yaml:18:\d+ nodePools\.shared\.schedulingPriority: number 12 must be <= 10 \(in the generated dist\/other\/karpenter\/nodepool-shared\.yaml/,
    );
    expect(err).toHaveLength(2);
  });
});
