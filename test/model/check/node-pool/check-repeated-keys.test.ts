import { formatDiagnostic } from '../../../../model/shared/diagnostics';
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

/** Loads without an error, and the pool has no warning either. */
const poolWarnings = (yaml: string): string[] =>
  loadCluster(yaml)
    .warnings.map(formatDiagnostic)
    .filter((w) => w.includes(' nodePools.'));
/** The pool's own diagnostics (the Windows class's unpinned-alias warning left out). */
const poolErrors = (yaml: string): string[] => errorsOfCluster(yaml).filter((e) => e.includes(' nodePools.'));

const CLASSES =
  'nodeClasses:\n  default:\n    alias: al2023@v20260714\n  win:\n    alias: windows2022@latest\n    allowLatestAmi: true\n';
const pool = (body: string, nodeClass = 'default') =>
  `${MINIMAL}${CLASSES}nodePools:\n  p:\n    nodeClass: ${nodeClass}\n${body}`;
const req = (key: string, operator: string, values?: string, minValues?: number) =>
  `      - key: ${key}\n        operator: ${operator}\n${values !== undefined ? `        values: [${values}]\n` : ''}${minValues !== undefined ? `        minValues: ${minValues}\n` : ''}`;
const GPU_NAME = 'karpenter.k8s.aws/instance-gpu-name';
const GPU_COUNT = 'karpenter.k8s.aws/instance-gpu-count';

describe('repeated keys whose intersection changes meaning', () => {
  it('In [t4] and In [a10g] on instance-gpu-name: DoesNotExist, every type without a GPU', () => {
    expect(
      poolErrors(pool(`    requirements:\n${req(GPU_NAME, 'In', 't4')}${req(GPU_NAME, 'In', 'a10g')}`)),
    ).toEqual([
      'clusters/demo.yaml:20:9 nodePools.p.requirements[1]: In [t4] and In [a10g] on instance-gpu-name intersect to no value, which Karpenter treats as DoesNotExist: it would launch any of 1,271 types without a GPU. Write one requirement: In [a10g, t4].',
    ]);
  });

  it('NotIn [8] and Gt 1 on instance-gpu-count stay NotIn: types without a GPU pass', () => {
    expect(
      poolErrors(pool(`    requirements:\n${req(GPU_COUNT, 'NotIn', '"8"')}${req(GPU_COUNT, 'Gt', '"1"')}`)),
    ).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:20:9 nodePools\.p\.requirements\[1\]: NotIn \[8\] and Gt 1 on instance-gpu-count intersect to NotIn \[8\], Gt 1, which a node without the label satisfies: it would launch any of 1,284 types, 1,271 of them without a GPU\. Write one requirement: In \[2, 4\] \(the values the types offer that satisfy both\)\.$/,
      ),
    ]);
  });

  it('Gt 4 and Lt 2, Exists and DoesNotExist', () => {
    expect(
      poolErrors(pool(`    requirements:\n${req(GPU_COUNT, 'Gt', '"4"')}${req(GPU_COUNT, 'Lt', '"2"')}`)),
    ).toEqual([
      'clusters/demo.yaml:20:9 nodePools.p.requirements[1]: Gt 4 and Lt 2 on instance-gpu-count intersect to no value, which Karpenter treats as DoesNotExist: it would launch any of 1,271 types without a GPU. Keep only the requirement you mean.',
    ]);
    expect(
      poolErrors(pool(`    requirements:\n${req(GPU_NAME, 'Exists')}${req(GPU_NAME, 'DoesNotExist')}`)),
    ).toEqual([
      expect.stringContaining('Exists and DoesNotExist on instance-gpu-name intersect to no value'),
    ]);
  });

  it('a repeated key on a label every type sets that empties the pool', () => {
    expect(
      poolErrors(
        pool(
          '    instanceFamilies: [m5]\n    requirements:\n' +
            req('karpenter.k8s.aws/instance-family', 'In', 'c5'),
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:18:9 nodePools.p.requirements[0]: In [m5] and In [c5] on instance-family intersect to no value, which Karpenter treats as DoesNotExist: every instance type sets it, so it would launch nothing. Write one requirement: In [c5, m5].',
    ]);
  });

  it('capacity types that intersect to nothing: no type is offered without one', () => {
    expect(
      poolErrors(
        pool(
          '    capacityTypes: [spot]\n    requirements:\n' +
            req('karpenter.sh/capacity-type', 'In', 'on-demand'),
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:18:9 nodePools.p.requirements[0]: In [spot] and In [on-demand] on karpenter.sh/capacity-type intersect to no value, which Karpenter treats as DoesNotExist: every instance type is offered with some karpenter.sh/capacity-type, so it would launch nothing. Write one requirement: In [on-demand, spot].',
    ]);
  });

  it('repeated keys that narrow as written are fine', () => {
    expect(
      poolWarnings(
        pool(
          `    requirements:\n${req(GPU_COUNT, 'Gt', '"0"')}${req(GPU_COUNT, 'Lt', '"8"')}${req(GPU_NAME, 'NotIn', 't4')}${req(GPU_NAME, 'NotIn', 'a10g')}`,
        ),
      ),
    ).toEqual([]);
  });
});

describe('the OS and the node class', () => {
  it('kubernetes.io/os In [windows] on an AL2023 class', () => {
    expect(poolErrors(pool(`    requirements:\n${req('kubernetes.io/os', 'In', 'windows')}`))).toEqual([
      "clusters/demo.yaml:17:9 nodePools.p.requirements[0]: requirements[0] (kubernetes.io/os) In [windows], but node class 'default' is AL2023, whose nodes run linux (Karpenter's getOS), so Karpenter launches nothing from this pool. Use a Windows node class (amiFamily Windows2022 or an alias windows2022@…) for this pool, or require kubernetes.io/os In [linux].",
    ]);
  });

  it('kubernetes.io/os In [linux] on a Windows class', () => {
    expect(poolErrors(pool(`    requirements:\n${req('kubernetes.io/os', 'In', 'linux')}`, 'win'))).toEqual([
      "clusters/demo.yaml:17:9 nodePools.p.requirements[0]: requirements[0] (kubernetes.io/os) In [linux], but node class 'win' is Windows2022, whose nodes run windows (on amd64 types only) (Karpenter's getOS), so Karpenter launches nothing from this pool. Use a Linux node class for this pool, or require kubernetes.io/os In [windows].",
    ]);
  });

  it('In [windows] on a Windows class is fine', () => {
    expect(
      poolWarnings(pool(`    requirements:\n${req('kubernetes.io/os', 'In', 'windows')}`, 'win')),
    ).toEqual([]);
  });
});

describe('empty pools and minValues as Karpenter computes them', () => {
  it('instance-hypervisor DoesNotExist: metal types carry In [""], so nothing is left', () => {
    expect(
      poolErrors(pool(`    requirements:\n${req('karpenter.k8s.aws/instance-hypervisor', 'DoesNotExist')}`)),
    ).toEqual([
      'clusters/demo.yaml:17:9 nodePools.p.requirements[0]: no instance type Karpenter 1.14.1 knows is left: requirements[0] (karpenter.k8s.aws/instance-hypervisor) excludes all 1336 types. Loosen requirements[0] (karpenter.k8s.aws/instance-hypervisor).',
    ]);
  });

  it('minValues on zones is not counted over the catalogue (zones come with the offerings)', () => {
    expect(poolWarnings(pool('    zones: { in: [eu-west-1a, eu-west-1b], minValues: 2 }\n'))).toEqual([]);
  });

  it('instance-category Exists with minValues 23 names the count reached (no mac category)', () => {
    const errors = poolErrors(
      pool(`    requirements:\n${req('karpenter.k8s.aws/instance-category', 'Exists', undefined, 23)}`),
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:19:20 nodePools\.p\.requirements\[0\]\.minValues: minValues 23 on requirements\[0\] \(karpenter\.k8s\.aws\/instance-category\), but the 1336 instance types the pool allows have only 22 distinct karpenter\.k8s\.aws\/instance-category values \(.*\), so Karpenter launches nothing\. Lower minValues to at most 22, or allow more values\.$/,
      ),
    ]);
    expect(errors[0]).not.toContain('mac');
  });

  it('a pool of types outside the reference only (p3): a warning that they were not evaluated', () => {
    expect(poolWarnings(pool(`    instanceFamilies: [p3]\n`))).toEqual([
      "clusters/demo.yaml:16:5 warning: nodePools.p.instanceFamilies: no instance type of Karpenter 1.14.1's reference is left: instanceFamilies excludes all 1336 types; it names types only Karpenter's VPC-limits table knows (p3.16xlarge, p3.2xlarge, p3.8xlarge), which have no authoritative labels here, so whether Karpenter launches them was not evaluated. Allow types of the reference too (e.g. a current generation), so the pool does not depend on types this tool cannot check.",
    ]);
  });
});
