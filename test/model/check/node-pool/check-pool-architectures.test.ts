/** Pool architectures against the node class's AMI family. */
import { poolArchitectures } from '../../../../model/check/node-pool/check-pool-architectures';
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

/** Error lines only (Windows aliases also warn that @latest is not pinned). */
const onlyErrors = (lines: string[]) => lines.filter((l) => !/^\S+ warning:/.test(l));

const fleet = (pool: string) =>
  `${MINIMAL}nodeClasses:\n  win:\n    alias: windows2022@latest\n    allowLatestAmi: true\nnodePools:\n  p:\n    nodeClass: win\n${pool}`;

describe('pool architectures per AMI family', () => {
  it('reads architectures from the shorthand or a kubernetes.io/arch requirement', () => {
    expect(poolArchitectures({ nodeClass: 'x', architectures: ['arm64'] })?.allowed).toEqual(['arm64']);
    expect(poolArchitectures({ nodeClass: 'x', architectures: { notIn: ['amd64'] } })?.allowed).toEqual([
      'arm64',
    ]);
    expect(
      poolArchitectures({
        nodeClass: 'x',
        requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] }],
      }),
    ).toEqual({ allowed: ['amd64'], path: ['requirements', 0, 'values'] });
    expect(poolArchitectures({ nodeClass: 'x' })).toBeUndefined();
  });

  it('a Windows class under a pool that also allows arm64 is a warning', () => {
    const { warnings } = loadCluster(fleet('    architectures: [amd64, arm64]\n'));
    const w = warnings.filter((d) => d.path === 'nodePools.p.architectures');
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ severity: 'warning', line: 14, col: 20 });
    expect(w[0].fix).toBe('Remove arm64 from this pool (architectures: [amd64])');
  });

  it('an arm64-only requirement under a Windows class is an error at its values', () => {
    expect(
      onlyErrors(
        errorsOfCluster(
          fleet(
            '    requirements:\n      - key: kubernetes.io/arch\n        operator: In\n        values: [arm64]\n',
          ),
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:17:17 nodePools.p.requirements[0].values: the pool allows only arm64, but its node class 'win' is Windows2022: Windows2022 AMIs exist for amd64 only, so no node can launch. Allow amd64 (architectures: [amd64]), or use a Linux node class for arm64.",
    ]);
  });
});
