import { errorsOfCluster, MINIMAL } from '../../support/fleet-files';
import { instanceTable } from '../../../model/facts/instance-table';
import { LabelRequirement, labelConstraint, withinBounds } from '../../../model/facts/label-constraint';
import { resolveInstanceTypes } from '../../../model/resolve/resolve-instance-types';
import { createPrng } from '../../reliability/prng';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20250505\n';
const pool = (body: string) => `${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`;
const req = (key: string, operator: string, values?: string) =>
  `      - key: ${key}\n        operator: ${operator}\n${values !== undefined ? `        values: [${values}]\n` : ''}`;

describe('requirements that leave nothing to launch are errors at the fleet line', () => {
  it('instance-cpu Gt 512 on general-purpose categories', () => {
    expect(
      errorsOfCluster(
        pool(
          `    instanceCategories: [c, m, r]\n    requirements:\n${req('karpenter.k8s.aws/instance-cpu', 'Gt', '"512"')}`,
        ),
      ),
    ).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:15:9 nodePools\.p\.requirements\[0\]: no instance type Karpenter 1\.14\.1 knows is left: requirements\[0\] \(karpenter\.k8s\.aws\/instance-cpu\) excludes all \d+ types that instanceCategories allows \(c1\.medium, .*\)\. Loosen requirements\[0\] \(karpenter\.k8s\.aws\/instance-cpu\) or instanceCategories so that some instance type satisfies them all\.$/,
      ),
    ]);
  });

  it('instance-category In [t] with instance-gpu-count Gt 0', () => {
    expect(
      errorsOfCluster(
        pool(
          `    instanceCategories: [t]\n    requirements:\n${req('karpenter.k8s.aws/instance-gpu-count', 'Gt', '"0"')}`,
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:15:9 nodePools.p.requirements[0]: no instance type Karpenter 1.14.1 knows is left: requirements[0] (karpenter.k8s.aws/instance-gpu-count) excludes all 29 types that instanceCategories allows (t1.micro, t2.2xlarge, t2.large, t2.medium, t2.micro, …). Loosen requirements[0] (karpenter.k8s.aws/instance-gpu-count) or instanceCategories so that some instance type satisfies them all.',
    ]);
  });

  it('arch In [arm64] with an x86-only family', () => {
    expect(errorsOfCluster(pool('    architectures: [arm64]\n    instanceFamilies: [c5]\n'))).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:14:5 nodePools\.p\.instanceFamilies: no instance type Karpenter 1\.14\.1 knows is left: instanceFamilies excludes all \d+ types that architectures allows \(a1\.2xlarge, .*\)\. Loosen instanceFamilies or architectures so that some instance type satisfies them all\.$/,
      ),
    ]);
  });

  it('minValues: 30 on a family list of 10 families (operator NotIn: the resolved set counts)', () => {
    const families = 'm5, m6i, m7i, c5, c6i, c7i, r5, r6i, r7i, m6a';
    expect(
      errorsOfCluster(
        pool(
          `    instanceFamilies: [${families}]\n    requirements:\n${req('karpenter.k8s.aws/instance-family', 'NotIn', 'x1')}        minValues: 30\n`,
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:18:20 nodePools.p.requirements[0].minValues: minValues 30 on requirements[0] (karpenter.k8s.aws/instance-family), but the 102 instance types the pool allows have only 10 distinct karpenter.k8s.aws/instance-family values (c5, c6i, c7i, m5, m6a, m6i, m7i, r5, r6i, r7i), so Karpenter launches nothing. Lower minValues to at most 10, or allow more values.',
    ]);
  });

  it('instance-gpu-name In [a10]: a closed set, with a did-you-mean', () => {
    expect(
      errorsOfCluster(pool(`    requirements:\n${req('karpenter.k8s.aws/instance-gpu-name', 'In', 'a10')}`)),
    ).toEqual([
      "clusters/demo.yaml:16:18 nodePools.p.requirements[0].values[0]: 'a10' is not an instance-gpu-name value Karpenter 1.14.1 knows (1387 instance types). Did you mean 'a100' or 'a10g'? Known values: a100, a10g, b200, b300, gaudi-hl-205, h100, h200, l4, l40s, radeon-pro-v520, rtx-pro-server-6000, t4, t4g, v100.",
    ]);
  });

  it('every mistake of a file in one run', () => {
    const errors = errorsOfCluster(
      `${MINIMAL}${CLASS}nodePools:\n  a:\n    nodeClass: default\n    instanceCategories: [t]\n    requirements:\n${req('karpenter.k8s.aws/instance-gpu-count', 'Gt', '"0"')}  b:\n    nodeClass: default\n    requirements:\n${req('karpenter.k8s.aws/instance-gpu-name', 'In', 'a10')}`,
    );
    expect(errors.map((e) => e.split(' ')[1])).toEqual([
      'nodePools.a.requirements[0]:',
      'nodePools.b.requirements[0].values[0]:',
    ]);
  });
});

describe('resolver membership equals a plain filter over the catalogue label table', () => {
  const table = instanceTable();
  const keys = table.labelKeys.filter((k) => k !== 'kubernetes.io/os');
  const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Gte', 'Lt', 'Lte'];

  /** The reference: each type's labels against each requirement, through label-constraint.ts. */
  function plainFilter(reqs: readonly LabelRequirement[], archs?: readonly string[]): string[] {
    return table.types
      .filter((t) =>
        reqs.every((r) => {
          const c = labelConstraint([r]);
          const v = t.labels[r.key];
          if (v === undefined) return !c.mustExist;
          if (c.mustNotExist) return false;
          if (c.allowed !== undefined && !c.allowed.has(v)) return false;
          if (c.excluded.has(v)) return false;
          return withinBounds(v, c);
        }),
      )
      .filter(
        (t) =>
          archs === undefined ||
          t.labels['kubernetes.io/arch'] === undefined ||
          archs.includes(t.labels['kubernetes.io/arch']),
      )
      .map((t) => t.name);
  }

  it('on 250 random requirement sets (seed 23)', () => {
    const next = createPrng(23).next;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
    let nonEmpty = 0;
    for (let run = 0; run < 250; run++) {
      const reqs: LabelRequirement[] = [];
      const n = 1 + Math.floor(next() * 3);
      for (let i = 0; i < n; i++) {
        const key = pick(keys);
        const known = table.values.get(key) ?? [];
        const numeric = table.numericLabels.has(key);
        const operator = pick(numeric ? OPERATORS : OPERATORS.slice(0, 4));
        const values =
          operator === 'Exists' || operator === 'DoesNotExist'
            ? []
            : ['Gt', 'Gte', 'Lt', 'Lte'].includes(operator)
              ? [pick(known)]
              : Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(known));
        reqs.push({ key, operator, values });
      }
      const archs = next() < 0.3 ? ['amd64'] : undefined;
      const got = resolveInstanceTypes(reqs, archs).types.map((t) => t.name);
      expect(got).toEqual(plainFilter(reqs, archs));
      if (got.length > 0) nonEmpty++;
    }
    // The generator reaches both outcomes, so the comparison is not vacuous.
    expect(nonEmpty).toBeGreaterThan(50);
    expect(nonEmpty).toBeLessThan(250);
  });
});
