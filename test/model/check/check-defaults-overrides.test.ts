import { DEFAULTS, errorsOf, load, MINIMAL } from '../../support/fleet-files';

const CLASS = '    alias: al2023@v20260714\n';
const defaults =
  DEFAULTS +
  `nodeClasses:\n  shared:\n${CLASS}nodePools:\n  base:\n    nodeClass: shared\n    labels: { tier: base }\n`;

describe('names shared by _defaults.yaml and a cluster file', () => {
  it('the same node pool or class name without overridesDefaults is an error at the cluster’s key', () => {
    const cluster = `${MINIMAL}nodeClasses:\n  shared:\n    tags: { a: b }\nnodePools:\n  base:\n    labels: { tier: mine }\n`;
    expect(errorsOf({ '_defaults.yaml': defaults, 'demo.yaml': cluster })).toEqual([
      "clusters/demo.yaml:8:3 nodeClasses.shared: node class 'shared' is also defined in clusters/_defaults.yaml:4:3, and the two would be merged key by key. Rename it, or add it to overridesDefaults.nodeClasses to merge it over the default knowingly.",
      "clusters/demo.yaml:11:3 nodePools.base: node pool 'base' is also defined in clusters/_defaults.yaml:7:3, and the two would be merged key by key. Rename it, or add it to overridesDefaults.nodePools to merge it over the default knowingly.",
    ]);
  });

  it('listed under overridesDefaults, the cluster’s values are merged over the default', () => {
    const cluster = `${MINIMAL}overridesDefaults:\n  nodePools: [base]\nnodePools:\n  base:\n    labels: { tier: mine }\n`;
    const loaded = load({ '_defaults.yaml': defaults, 'demo.yaml': cluster });
    const pool = loaded.fleet.clusters[0].nodePools.find((p) => p.name === 'base');
    expect(pool?.labels).toEqual({ tier: 'mine' });
    expect(pool?.nodeClass).toBe('shared');
  });

  it('a listed name that overrides nothing, or that the file does not define, is an error', () => {
    const cluster = `${MINIMAL}overridesDefaults:\n  nodeClasses: [shared]\n  nodePools: [bsae]\n`;
    expect(errorsOf({ '_defaults.yaml': defaults, 'demo.yaml': cluster })).toEqual([
      "clusters/demo.yaml:8:17 overridesDefaults.nodeClasses[0]: 'shared' is listed, but this file defines no node class 'shared'. Remove it from overridesDefaults.nodeClasses, or define nodeClasses.shared here.",
      "clusters/demo.yaml:9:15 overridesDefaults.nodePools[0]: 'bsae' overrides nothing: _defaults.yaml defines no node pool 'bsae'. Remove it from overridesDefaults.nodePools.",
    ]);
  });

  it('overridesDefaults belongs in cluster files only', () => {
    expect(
      errorsOf({
        '_defaults.yaml': `${DEFAULTS}overridesDefaults:\n  nodePools: [a]\n`,
        'demo.yaml': MINIMAL,
      })[0],
    ).toMatch(/^clusters\/_defaults\.yaml:3:1 overridesDefaults: unknown key 'overridesDefaults'/);
  });
});
