/**
 * The table of 1.14-only features is exactly what the two pinned CRD sets differ by: every
 * spec leaf path, enum value and alias family the 1.14.1 CRDs have and the 1.0.14 CRDs lack.
 */
import { join, resolve } from 'node:path';
import {
  compareVersions,
  findSet,
  unsupportedFeatures,
  VERSION_FEATURES,
} from '../../../model/facts/karpenter-version-features';
import { crdSpecSchema, leafPaths, SchemaNode } from '../../coverage/schema-leaf-paths';

const CRDS = resolve(__dirname, '..', '..', '..', '..', 'shared', 'crds', 'karpenter');
const FILES = {
  NodePool: 'karpenter.sh_nodepools.yaml',
  EC2NodeClass: 'karpenter.k8s.aws_ec2nodeclasses.yaml',
} as const;

type Node = SchemaNode & {
  readonly enum?: readonly string[];
  readonly 'x-kubernetes-validations'?: readonly { readonly rule: string }[];
};

/** Leaf path → enum values, and leaf path → values a CEL `split('@')[0] in [...]` rule lists. */
function valuesByLeaf(node: Node, prefix = ''): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (p: string, values: readonly string[]) =>
    out.set(p, new Set([...(out.get(p) ?? []), ...values]));
  const walk = (n: Node, p: string): void => {
    if (n.enum) add(p, n.enum);
    for (const v of n['x-kubernetes-validations'] ?? []) {
      const m = /split\('@'\)\[0\] in \[([^\]]*)\]/.exec(v.rule);
      if (m && !v.rule.includes('?'))
        add(
          p,
          [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]),
        );
    }
    const join = (seg: string) => (p === '' ? seg : seg === '[]' ? `${p}[]` : `${p}.${seg}`);
    for (const [k, c] of Object.entries(n.properties ?? {})) walk(c as Node, join(k));
    if (n.items) walk(n.items as Node, join('[]'));
  };
  walk(node, prefix);
  return out;
}

function specOf(version: string, kind: keyof typeof FILES): Node {
  const file = join(CRDS, `v${version}`, FILES[kind]);
  return crdSpecSchema(file, 'v1') as Node;
}

describe('1.14-only features, derived from the CRD schemas', () => {
  for (const kind of Object.keys(FILES) as (keyof typeof FILES)[]) {
    it(`${kind}: the table lists exactly the leaves, enum values and alias families new in 1.14.1`, () => {
      const old = specOf('1.0.14', kind);
      const now = specOf('1.14.1', kind);
      const oldLeaves = new Set(leafPaths(old));
      const expected = new Set<string>();
      for (const p of leafPaths(now)) if (!oldLeaves.has(p)) expected.add(p);
      const oldValues = valuesByLeaf(old);
      for (const [p, values] of valuesByLeaf(now)) {
        if (!oldLeaves.has(p)) continue; // a new leaf is listed as a whole
        for (const v of values) if (!oldValues.get(p)?.has(v)) expected.add(`${p}=${v}`);
      }
      const table = new Set(
        VERSION_FEATURES.filter((f) => f.kind === kind).map((f) =>
          f.value === undefined ? f.crdPath : `${f.crdPath}=${f.value}`,
        ),
      );
      expect([...table].sort()).toEqual([...expected].sort());
    });
  }

  it('finds where a fleet path is set, through lists and maps', () => {
    const raw = { terms: [{ tags: { a: '1', b: '2' } }, {}], x: { y: 0 } };
    expect(findSet(raw, 'terms[].tags.*').map((h) => h.path)).toEqual([
      ['terms', 0, 'tags', 'a'],
      ['terms', 0, 'tags', 'b'],
    ]);
    expect(findSet(raw, 'x.y')).toEqual([{ path: ['x', 'y'], value: 0 }]);
    expect(findSet(raw, 'missing')).toEqual([]);
  });

  it('reports a new object once, at its top, and only on older versions', () => {
    const raw = { capacityReservationSelectorTerms: [{ id: 'cr-1' }, { tags: { a: 'b' }, ownerID: '1' }] };
    expect(unsupportedFeatures('EC2NodeClass', raw, '1.0.14').map((u) => u.path)).toEqual([
      ['capacityReservationSelectorTerms'],
    ]);
    expect(unsupportedFeatures('EC2NodeClass', raw, '1.14.1')).toEqual([]);
    expect(unsupportedFeatures('EC2NodeClass', { alias: 'windows2022@latest' }, '1.0.14')).toEqual([]);
    expect(
      unsupportedFeatures('EC2NodeClass', { alias: 'windows2025@latest' }, '1.0.14').map((u) => u.path),
    ).toEqual([['alias']]);
  });

  it('orders versions numerically', () => {
    expect(compareVersions('1.0.14', '1.14.1')).toBeLessThan(0);
    expect(compareVersions('1.14.1', '1.14.1')).toBe(0);
    expect(compareVersions('1.14.1', '1.9.0')).toBeGreaterThan(0);
  });
});
