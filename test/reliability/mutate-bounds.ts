/**
 * Mutations that test bounds: extreme numbers, huge strings, files and counts, and deep nesting.
 */
import { Ctx, Expectation, probeSites } from './mutation-context';
import { addRawPair, parse, setRawValue } from './yaml-edit';

export function numbers(ctx: Ctx): void {
  const poolFiles = ctx.clusterFiles.filter((f) => probeSites(f).some((s) => s[0] === 'nodePools'));
  if (poolFiles.length === 0) return;
  const raws: readonly [string, Expectation][] = [
    ['1e400', 'reject'],
    ['-1e400', 'reject'],
    ['.nan', 'reject'],
    ['.inf', 'reject'],
    ['123456789012345678901234567890', 'reject'],
    ['9007199254740993', 'reject'],
    ['2.5', 'reject'],
    ['-1', 'reject'],
    ['0', 'reject'],
    ['101', 'reject'],
    ['0x10', 'any'],
    ['"10"', 'any'],
    ['1e1', 'any'],
    ['1' + '0'.repeat(5000), 'reject'],
  ];
  for (const [raw, expect] of raws) {
    const file = ctx.b.prng.pick(poolFiles);
    const pool = ctx.b.prng.pick(probeSites(file).filter((s) => s[0] === 'nodePools'))[1];
    ctx.b.add({
      family: 'number',
      description: `${file.path} nodePools.${pool}.weight: ${raw.slice(0, 40)}`,
      replace: [{ path: file.path, content: setRawValue(file.text, ['nodePools', pool, 'weight'], raw) }],
      isolate: false,
      expect,
      probes: [],
    });
  }
  for (const [field, raw] of [
    ['karpenter.controller.replicas', '1e400'],
    ['karpenter.controller.replicas', '-3'],
    ['karpenter.controller.replicas', '2.5'],
    ['karpenter.controller.pdbMaxUnavailable', '99999999999999999999'],
    ['aws.accountId', '111122223333'],
    ['aws.accountId', '0x1F'],
    ['aws.accountId', '1.11122223333e11'],
    ['kubernetesVersion', '1.30'],
    ['kubernetesVersion', '1.3'],
    ['karpenter.version', '1.14'],
  ] as const) {
    const file = ctx.b.prng.pick(ctx.clusterFiles);
    ctx.b.add({
      family: 'number',
      description: `${file.path} ${field}: ${raw}`,
      replace: [{ path: file.path, content: setRawValue(file.text, field.split('.'), raw) }],
      isolate: false,
      // Unquoted numbers where a string is meant: refused with "quote it", or kept exactly as
      // written (the source text), never converted (`1.30` → 1.3, `0x1F` → 31).
      expect: (field === 'kubernetesVersion' && raw === '1.30') || raw === '111122223333' ? 'any' : 'reject',
      probes: [],
    });
  }
}

export function hugeInputs(ctx: Ctx): void {
  const file = ctx.clusterFiles[0];
  const site = probeSites(file).find((s) => s[0] === 'nodePools') ?? ['tags'];
  const sizes: readonly [number, boolean][] = [
    [64, false],
    [10_000, false],
    [300_000, false],
    [5_000_000, true],
  ];
  for (const [size, isolate] of sizes) {
    ctx.b.add({
      family: 'huge',
      description: `${file.path} label value of ${size} characters`,
      replace: [{ path: file.path, content: addRawPair(file.text, site, 'fuzz-huge', 'x'.repeat(size)) }],
      isolate,
      expect: 'reject',
      probes: [],
    });
  }
  ctx.b.add({
    family: 'huge',
    description: `${file.path} 200 000-character key`,
    replace: [{ path: file.path, content: addRawPair(file.text, site, 'k'.repeat(200_000), 'v') }],
    isolate: false,
    expect: 'reject',
    probes: [],
  });
  // Values under the file limit that a downstream system refuses: Kubernetes allows 256 KiB
  // of annotations per object, EC2 16 KiB of user data. The loader must say so, not Argo CD.
  const annotated = ctx.clusterFiles.flatMap((f) =>
    probeSites(f)
      .filter((s) => s[0] === 'nodePools' && s[2] === 'annotations')
      .map((s) => ({ f, s })),
  );
  if (annotated.length > 0) {
    const { f, s } = annotated[0];
    ctx.b.add({
      family: 'huge',
      description: `${f.path} ${s.join('.')} value of 300 000 characters (Kubernetes allows 256 KiB of annotations)`,
      replace: [{ path: f.path, content: addRawPair(f.text, s, 'fuzz-huge', 'a'.repeat(300_000)) }],
      isolate: false,
      expect: 'reject',
      probes: [],
    });
  }
  const classes = ctx.clusterFiles.flatMap((f) => {
    const js = parse(f.text).toJS() as { nodeClasses?: Record<string, { bottlerocket?: unknown }> };
    return Object.entries(js.nodeClasses ?? {})
      .filter(([, c]) => c?.bottlerocket === undefined)
      .map(([name]) => ({ f, name }));
  });
  if (classes.length > 0) {
    const { f, name } = classes[0];
    ctx.b.add({
      family: 'huge',
      description: `${f.path} nodeClasses.${name}.userData of 20 000 characters (EC2 allows 16 KiB)`,
      replace: [
        { path: f.path, content: setRawValue(f.text, ['nodeClasses', name, 'userData'], 'u'.repeat(20_000)) },
      ],
      isolate: false,
      expect: 'reject',
      probes: [],
    });
  }
  ctx.b.add({
    family: 'huge',
    description: `${file.path} 20 MB comment (file size limit)`,
    replace: [{ path: file.path, content: `# ${'c'.repeat(20_000_000)}\n${file.text}` }],
    isolate: true,
    expect: 'reject',
    probes: [],
  });
  const manyPools = (n: number) =>
    `${file.text.trimEnd()}\nfuzzPools:\n${Array.from({ length: n }, (_, i) => `  p${i}: { nodeClass: x }`).join('\n')}\n`;
  ctx.b.add({
    family: 'huge',
    description: `${file.path} 20 000 extra map entries`,
    replace: [{ path: file.path, content: manyPools(20_000) }],
    isolate: true,
    expect: 'reject',
    probes: [],
  });
  const js = parse(file.text).toJS() as { nodePools?: Record<string, { nodeClass?: string }> };
  const pool = Object.values(js.nodePools ?? {})[0];
  if (pool?.nodeClass) {
    const pools = Array.from(
      { length: 5000 },
      (_, i) => `  fuzz-${i}:\n    nodeClass: ${pool.nodeClass}`,
    ).join('\n');
    const doc = parse(file.text);
    doc.deleteIn(['nodePools']);
    ctx.b.add({
      family: 'huge',
      description: `${file.path} 5000 node pools (pool count limit)`,
      replace: [{ path: file.path, content: `${doc.toString().trimEnd()}\nnodePools:\n${pools}\n` }],
      isolate: true,
      expect: 'reject',
      probes: [],
    });
  }
  ctx.b.add({
    family: 'huge',
    description: '300 cluster files (cluster count limit)',
    replace: Array.from({ length: 300 }, (_, i) => ({
      path: `clusters/fuzz-${String(i).padStart(4, '0')}.yaml`,
      content: file.text.replace(/^name:.*$/m, `name: fuzz-${i}`),
    })),
    isolate: true,
    expect: 'any',
    probes: [],
  });
}

export function deepNesting(ctx: Ctx): void {
  const file = ctx.clusterFiles[0];
  const site = probeSites(file).find((s) => s[0] === 'nodePools') ?? ['tags'];
  const depth = 10_000;
  const variants: readonly [string, string][] = [
    ['flow sequences', `${'['.repeat(depth)}x${']'.repeat(depth)}`],
    ['flow maps', `${'{a: '.repeat(depth)}x${'}'.repeat(depth)}`],
    ['compact block sequences', `\n${' '.repeat(6)}${'- '.repeat(depth)}x`],
  ];
  for (const [what, raw] of variants) {
    ctx.b.add({
      family: 'deep-nesting',
      description: `${file.path} ${depth} levels of ${what} as a label value`,
      replace: [{ path: file.path, content: addRawPair(file.text, site, 'fuzz-deep', raw) }],
      isolate: true,
      expect: 'reject',
      probes: [],
    });
    ctx.b.add({
      family: 'deep-nesting',
      description: `${file.path} ${depth} levels of ${what} under an unknown top-level key`,
      replace: [{ path: file.path, content: `${file.text.trimEnd()}\nfuzzDeep: ${raw}\n` }],
      isolate: true,
      expect: 'reject',
      probes: [],
    });
  }
  const block = Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}k:`).join('\n');
  ctx.b.add({
    family: 'deep-nesting',
    description: `${file.path} 2000 levels of block maps under an unknown top-level key`,
    replace: [
      { path: file.path, content: `${file.text.trimEnd()}\nfuzzDeep:\n${block.replace(/^/gm, '  ')} x\n` },
    ],
    isolate: true,
    expect: 'reject',
    probes: [],
  });
}
