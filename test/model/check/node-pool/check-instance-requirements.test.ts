import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';
import { formatDiagnostic } from '../../../../model/shared/diagnostics';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) => `${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`;

describe('instance requirement checks', () => {
  it('unknown types, families and sizes get a did-you-mean', () => {
    expect(
      errorsOfCluster(
        pool(
          '    instanceTypes: [m5.lage]\n    instanceFamilies: [c6gg]\n    instanceSizes: { notIn: [xlrge] }\n',
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:13:21 nodePools.p.instanceTypes[0]: 'm5.lage' is not an instance type Karpenter 1.14.1 knows (1336 instance types). Did you mean 'm5.large'? aws ec2 describe-instance-types lists what EC2 offers.",
      "clusters/demo.yaml:14:24 nodePools.p.instanceFamilies[0]: 'c6gg' is not an instance family Karpenter 1.14.1 knows (1336 instance types). Did you mean 'c6g'? aws ec2 describe-instance-types lists what EC2 offers.",
      "clusters/demo.yaml:15:30 nodePools.p.instanceSizes.notIn[0]: 'xlrge' is not an instance size Karpenter 1.14.1 knows (1336 instance types). Did you mean 'xlarge'? aws ec2 describe-instance-types lists what EC2 offers.",
    ]);
  });

  it('unknown categories list the known ones; raw requirements on the labels are checked too', () => {
    const body =
      '    requirements:\n      - key: karpenter.k8s.aws/instance-category\n        operator: In\n        values: [q]\n      - key: node.kubernetes.io/instance-type\n        operator: NotIn\n        values: [zz9.huge]\n';
    const errors = errorsOfCluster(pool(body));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(
      /^clusters\/demo\.yaml:16:18 nodePools\.p\.requirements\[0\]\.values\[0\]: 'q' is not an instance category Karpenter 1\.14\.1 knows \(1336 instance types\)\. Use one of: a, c, d, .*, x, z\.$/,
    );
    expect(errors[1]).toBe(
      "clusters/demo.yaml:19:18 nodePools.p.requirements[1].values[0]: 'zz9.huge' is not an instance type Karpenter 1.14.1 knows (1336 instance types). Check the spelling (aws ec2 describe-instance-types lists what EC2 offers).",
    );
  });

  it('requirements that leave no known instance type: the one that empties the set is named', () => {
    expect(errorsOfCluster(pool('    instanceCategories: [c]\n    instanceFamilies: [m5, r5]\n'))).toEqual([
      'clusters/demo.yaml:14:5 nodePools.p.instanceFamilies: no instance type Karpenter 1.14.1 knows is left: instanceFamilies excludes all 302 types that instanceCategories allows (c1.medium, c1.xlarge, c3.2xlarge, c3.4xlarge, c3.8xlarge, …). Loosen instanceFamilies or instanceCategories so that some instance type satisfies them all.',
    ]);
  });

  it("types the node class's AMIs do not exist for: the error names the family at the pool's nodeClass", () => {
    const body = `${MINIMAL}nodeClasses:\n  win:\n    amiFamily: Windows2022\nnodePools:\n  p:\n    nodeClass: win\n    instanceTypes: [m6g.large, m6g.xlarge]\n`;
    expect(errorsOfCluster(body)).toContain(
      "clusters/demo.yaml:12:16 nodePools.p.nodeClass: no instance type is left: node class 'win' is Windows2022, whose AMIs exist for amd64 only, and none of the 2 types the requirements allow is (m6g.large, m6g.xlarge). Allow amd64 instance types (e.g. other families), or use a node class whose AMIs exist for them.",
    );
  });

  it('instanceGenerationGreaterThan and Gt/Lt requirements count', () => {
    const errors = errorsOfCluster(
      pool('    instanceFamilies: [m5, c5]\n    instanceGenerationGreaterThan: 6\n'),
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:14:5 nodePools\.p\.instanceGenerationGreaterThan: no instance type Karpenter 1\.14\.1 knows is left: instanceGenerationGreaterThan excludes all \d+ types that instanceFamilies allows/,
      ),
    ]);
  });

  it('a pool left with very few types gets a warning', () => {
    const { warnings } = loadCluster(
      pool('    instanceFamilies: [m5]\n    instanceSizes: [large, xlarge]\n'),
    );
    expect(warnings.map(formatDiagnostic)).toEqual([
      'clusters/demo.yaml:14:5 warning: nodePools.p.instanceSizes: only 2 instance types (m5.large, m5.xlarge) satisfy the requirements of this pool, so a shortage of them leaves pods pending. Allow at least 3 instance types (more sizes or families) so Karpenter can fall back.',
    ]);
  });

  it('broad pools pass without warnings; NotIn of an absent label keeps types without it', () => {
    expect(
      loadCluster(pool('    instanceCategories: [c, m, r]\n    instanceGenerationGreaterThan: 5\n')).warnings,
    ).toEqual([]);
    expect(loadCluster(pool('    instanceCategories: { notIn: [c] }\n')).warnings).toEqual([]);
  });
});
