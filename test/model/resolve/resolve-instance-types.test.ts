import { errorsOfCluster, MINIMAL } from '../../support/fleet-files';
import { instanceTable } from '../../../model/facts/instance-table';
import { RequirementInput } from '../../../model/facts/karpenter-requirements';
import { resolveInstanceTypes } from '../../../model/resolve/resolve-instance-types';
import { createPrng, DEFAULT_FUZZ_SEED, Prng } from '../../reliability/prng';
import { oracleTypes } from './karpenter-oracle';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
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
      'clusters/demo.yaml:18:20 nodePools.p.requirements[0].minValues: minValues 30 on requirements[0] (karpenter.k8s.aws/instance-family), but the 101 instance types the pool allows have only 10 distinct karpenter.k8s.aws/instance-family values (c5, c6i, c7i, m5, m6a, m6i, m7i, r5, r6i, r7i), so Karpenter launches nothing. Lower minValues to at most 10, or allow more values.',
    ]);
  });

  it('instance-gpu-name In [a10]: a closed set, with a did-you-mean', () => {
    expect(
      errorsOfCluster(pool(`    requirements:\n${req('karpenter.k8s.aws/instance-gpu-name', 'In', 'a10')}`)),
    ).toEqual([
      "clusters/demo.yaml:16:18 nodePools.p.requirements[0].values[0]: 'a10' is not an instance-gpu-name value Karpenter 1.14.1 knows (1336 instance types). Did you mean 'a100' or 'a10g'? Known values: a100, a10g, b200, b300, gaudi-hl-205, h100, h200, l4, l40s, radeon-pro-v520, rtx-pro-server-6000, t4, t4g, v100.",
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

describe('the resolver equals an oracle transcribed from Karpenter (test/model/resolve/karpenter-oracle.ts)', () => {
  const table = instanceTable();
  const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Gte', 'Lt', 'Lte'] as const;
  // Every label an instance type defines, the OS, tenancy, the Windows build, an alias and a custom label.
  const KEYS = [
    ...table.labelKeys,
    'karpenter.k8s.aws/instance-tenancy',
    'node.kubernetes.io/windows-build',
    'beta.kubernetes.io/arch',
    'example.com/team',
  ];
  const CLASSES = [
    { name: 'AL2023', traits: { architectures: ['amd64', 'arm64'], windows: false } },
    { name: 'Windows2022', traits: { architectures: ['amd64'], windows: true } },
    { name: 'AMIs by ID', traits: { windows: false } },
  ] as const;
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);

  function values(prng: Prng, key: string, operator: string): string[] {
    if (operator === 'Exists' || operator === 'DoesNotExist') return [];
    const known = [...(table.values.get(key) ?? ['a', 'linux', 'windows', 'default', 'dedicated'])];
    if (['Gt', 'Gte', 'Lt', 'Lte'].includes(operator)) {
      const numeric = known.filter((v) => /^[0-9]+$/.test(v));
      return [numeric.length > 0 && prng.next() < 0.8 ? prng.pick(numeric) : String(prng.int(200))];
    }
    const pool = [...known, '', 'unknown-value'];
    return prng.sample(pool, 1 + prng.int(4));
  }

  it(`on 600 random requirement sets, repeated keys and minValues included (seed ${seed})`, () => {
    const prng = createPrng(seed);
    const outcomes = { empty: 0, some: 0, repeated: 0, short: 0, windows: 0 };
    for (let run = 0; run < 600; run++) {
      const reqs: RequirementInput[] = [];
      const n = 1 + prng.int(4);
      for (let i = 0; i < n; i++) {
        // A third of the time, repeat a key already used.
        const key = i > 0 && prng.next() < 0.35 ? prng.pick(reqs).key : prng.pick(KEYS);
        const operator = prng.pick(OPERATORS);
        const minValues = prng.next() < 0.15 ? 1 + prng.int(30) : undefined;
        reqs.push({
          key,
          operator,
          values: values(prng, key, operator),
          ...(minValues ? { minValues } : {}),
        });
      }
      const klass = prng.pick(CLASSES);
      const got = resolveInstanceTypes(reqs, klass.traits);
      const want = oracleTypes(reqs, klass.traits);
      const context = JSON.stringify({ run, class: klass.name, reqs });
      expect({ context, names: got.types.map((t) => t.name) }).toEqual({ context, names: want.names });
      expect({
        context,
        short: Object.fromEntries(got.minValuesShort.map((m) => [m.key, m.values.length])),
      }).toEqual({ context, short: want.short });
      outcomes[got.types.length === 0 ? 'empty' : 'some']++;
      if (new Set(reqs.map((r) => r.key)).size < reqs.length) outcomes.repeated++;
      if (got.minValuesShort.length > 0) outcomes.short++;
      if (klass.traits.windows) outcomes.windows++;
    }
    // The generator reaches every kind of case, so the comparison is not vacuous.
    expect(outcomes.empty).toBeGreaterThan(50);
    expect(outcomes.some).toBeGreaterThan(50);
    expect(outcomes.repeated).toBeGreaterThan(50);
    expect(outcomes.short).toBeGreaterThan(5);
    expect(outcomes.windows).toBeGreaterThan(100);
  });

  it('the cases of issue 33, with Karpenter’s counts', () => {
    const al2023 = { architectures: ['amd64', 'arm64'], windows: false };
    const gpuName = 'karpenter.k8s.aws/instance-gpu-name';
    const gpuCount = 'karpenter.k8s.aws/instance-gpu-count';
    const noGpu = table.types.filter((t) => t.labels[gpuName] === undefined).length;
    const t4a10g = resolveInstanceTypes(
      [
        { key: gpuName, operator: 'In', values: ['t4'] },
        { key: gpuName, operator: 'In', values: ['a10g'] },
      ],
      al2023,
    );
    expect(t4a10g.types).toHaveLength(noGpu);
    expect(noGpu).toBe(1271);
    const notIn8gt1 = resolveInstanceTypes(
      [
        { key: gpuCount, operator: 'NotIn', values: ['8'] },
        { key: gpuCount, operator: 'Gt', values: ['1'] },
      ],
      al2023,
    );
    expect(notIn8gt1.types).toHaveLength(1284);
    const hv = resolveInstanceTypes(
      [{ key: 'karpenter.k8s.aws/instance-hypervisor', operator: 'DoesNotExist' }],
      al2023,
    );
    expect(hv.types).toHaveLength(0);
    const windowsOnLinux = resolveInstanceTypes(
      [{ key: 'kubernetes.io/os', operator: 'In', values: ['windows'] }],
      al2023,
    );
    expect(windowsOnLinux.types).toHaveLength(0);
    const linuxOnWindows = resolveInstanceTypes(
      [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }],
      {
        architectures: ['amd64'],
        windows: true,
      },
    );
    expect(linuxOnWindows.types).toHaveLength(0);
    const categories = resolveInstanceTypes(
      [{ key: 'karpenter.k8s.aws/instance-category', operator: 'Exists', minValues: 23 }],
      al2023,
    );
    expect(categories.minValuesShort).toEqual([
      expect.objectContaining({ key: 'karpenter.k8s.aws/instance-category', minValues: 23 }),
    ]);
    expect(categories.minValuesShort[0].values.length).toBeLessThan(23);
    // No mac, p3 or -flex type is ever offered: they are not in Karpenter's reference.
    const all = resolveInstanceTypes([], al2023).types.map((t) => t.name);
    expect(all).toHaveLength(1336);
    expect(all.filter((n) => /^(mac|p3\.|[cm][78]g-flex\.)/.test(n))).toEqual([]);
  });
});
