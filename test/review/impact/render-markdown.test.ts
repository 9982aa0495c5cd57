import { distPaths } from '../../../model/shared/dist-layout';
import { computeImpact } from '../../../review/impact/compute-impact';
import { ImpactReport } from '../../../review/impact/impact-report';
import { renderMarkdown, REPORT_MARKER } from '../../../review/impact/render-markdown';
import { cloudFormation, clone, exampleObjects, Obj, setPath, toDistFiles } from '../dist-fixtures';
import { clusterModel } from '../../policies/fixtures';
import { AwsSideModel, awsSideModel } from '../../../policies/aws-side';
import { renderCloudFormation } from '../../../policies/targets/cloudformation/template';
import { renderTerraform } from '../../../policies/targets/terraform/terraform-module';

function report(change: (m: Map<string, Obj>) => void): ImpactReport {
  const before = exampleObjects();
  before.set(distPaths.cloudFormation('ticketing'), cloudFormation('KarpenterNodeRole-test', 'ticketing'));
  const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
  change(after);
  return computeImpact(
    { label: 'main:dist', files: toDistFiles(before) },
    { label: 'dist', files: toDistFiles(after) },
  );
}

describe('renderMarkdown', () => {
  it('says plainly when nothing changed', () => {
    const md = renderMarkdown(report(() => undefined));
    expect(md).toBe(
      [
        REPORT_MARKER,
        '## Karpenter impact report',
        '',
        'Compared `main:dist` → `dist`.',
        '',
        '> No existing node is replaced or deleted (0 changed resources).',
        '',
        'No generated file changed.',
        '',
      ].join('\n'),
    );
  });

  it('puts the verdict, then the summary table, then details; lists maybe-replaced pools', () => {
    const md = renderMarkdown(
      report((m) =>
        setPath(m.get(distPaths.nodeClass('ticketing', 'default')) as Obj, 'spec.subnetSelectorTerms', [
          { id: 'subnet-1' },
        ]),
      ),
    );
    expect(md).toContain(
      '> **Some nodes may be replaced** in 3 NodePools: ticketing/loadtest, ticketing/mixed-workload, ticketing/on-demand-critical.',
    );
    expect(md).toContain(
      '| ticketing | EC2NodeClass/default | changed (2 fields) | **maybe**: loadtest, mixed-workload, on-demand-critical |',
    );
    expect(md.indexOf('| Cluster | Resource |')).toBeLessThan(md.indexOf('### Details'));
    expect(md).toContain(
      '- `spec.subnetSelectorTerms[0].id`: added `subnet-1` — **maybe**: subnet selection is not hashed',
    );
  });

  it('summarises CloudFormation with replacement and the node role warning', () => {
    const md = renderMarkdown(
      report((m) =>
        m.set(
          distPaths.cloudFormation('ticketing'),
          cloudFormation('KarpenterNodeRole-renamed', 'ticketing-v2'),
        ),
      ),
    );
    expect(md).toContain(
      '| ticketing | CloudFormation | 2 changed, 2 replaced, Outputs | no (⚠️ see details) |',
    );
    expect(md).toContain(
      '- IAM: `AWS::IAM::Role` `KarpenterNodeRole` changed — **replaced** by CloudFormation (new physical resource)',
    );
    expect(md).toContain('  - `Properties.RoleName`: `KarpenterNodeRole-test` → `KarpenterNodeRole-renamed`');
    expect(md).toContain('  - ⚠️ node role renamed KarpenterNodeRole-test → KarpenterNodeRole-renamed');
    expect(md).toContain(
      '- Interruption: `AWS::SQS::Queue` `KarpenterInterruptionQueue` changed — **replaced**',
    );
  });

  it('escapes pipes in table cells and backticks in values', () => {
    const md = renderMarkdown(
      report((m) => {
        setPath(
          m.get(distPaths.nodePool('ticketing', 'loadtest')) as Obj,
          'spec.template.metadata.labels.pool',
          'a|`b`',
        );
      }),
    );
    expect(md).toContain('`` a|`b` ``');
    const row = md.split('\n').find((l) => l.startsWith('| ticketing | loadtest |')) as string;
    expect(row.split(' | ').length).toBe(6);
  });

  it('cuts details to fit a comment and says so', () => {
    const r = report((m) => {
      for (const name of ['loadtest', 'mixed-workload', 'on-demand-critical']) {
        setPath(m.get(distPaths.nodePool('ticketing', name)) as Obj, 'spec.template.spec.expireAfter', '1h');
      }
    });
    const full = renderMarkdown(r);
    const cut = renderMarkdown(r, 2000);
    expect(full.length).toBeGreaterThan(2000);
    expect(cut.length).toBeLessThanOrEqual(2000);
    expect(cut.startsWith(REPORT_MARKER)).toBe(true);
    expect(cut).toContain('run `karpenter-gitops impact` locally');
  });

  it('tells a requirement yes from a static yes, and counts both as replaced', () => {
    const md = renderMarkdown(
      report((m) => {
        // Every node of loadtest is spot: requiring on-demand fails every node (RequirementsDrifted).
        setPath(
          m.get(distPaths.nodePool('ticketing', 'loadtest')) as Obj,
          'spec.template.spec.requirements',
          [
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
            { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
          ],
        );
        // A template label: static drift (NodePoolDrifted).
        setPath(
          m.get(distPaths.nodePool('ticketing', 'mixed-workload')) as Obj,
          'spec.template.metadata.labels.role',
          'x',
        );
      }),
    );
    expect(md).toContain(
      '> **Nodes will be replaced** in 2 NodePools (1 of them because every node fails the new requirements): ticketing/loadtest, ticketing/mixed-workload.',
    );
    const row = (pool: string) => md.split('\n').find((l) => l.startsWith(`| ticketing | ${pool} |`)) ?? '';
    expect(row('loadtest')).toContain(
      '| **yes (requirements)** | NodePool: karpenter.sh/capacity-type: every existing node fails the new requirements',
    );
    expect(row('mixed-workload')).toContain(
      '| **yes** | NodePool: node labels/annotations are in the NodePool template hash',
    );
    expect(md).toContain('_yes (requirements)_: the same, because every node fails the new requirements');
    expect(md).toContain(
      '- `spec.template.spec.requirements[karpenter.sh/capacity-type].values[0]`: `spot` → `on-demand` — **yes (requirements)**: karpenter.sh/capacity-type: every existing node fails the new requirements (In [spot] → In [on-demand])',
    );
  });
});

describe('renderMarkdown: replacements carried over to what references the replaced resource', () => {
  const iam = { createInstanceProfile: true };
  const before = awsSideModel(clusterModel({ iam }));
  const tfPath = distPaths.awsSide('ticketing', 'terraform', 'karpenter.tf.json');
  const render = (path: string, draw: (m: AwsSideModel) => unknown, after: AwsSideModel): string => {
    const b = exampleObjects();
    b.set(path, JSON.parse(JSON.stringify(draw(before))) as Obj);
    const a = new Map([...b].map(([k, v]) => [k, clone(v)]));
    a.set(path, JSON.parse(JSON.stringify(draw(after))) as Obj);
    return renderMarkdown(
      computeImpact({ label: 'main:dist', files: toDistFiles(b) }, { label: 'dist', files: toDistFiles(a) }),
    );
  };

  it('Terraform, node role renamed: each replaced and updated resource with its reason', () => {
    const md = render(
      tfPath,
      renderTerraform,
      awsSideModel(clusterModel({ iam: { ...iam, nodeRoleName: 'KarpenterNodeRole-renamed' } })),
    );
    expect(md).toContain('| ticketing | Terraform | 8 changed, 7 replaced | no |');
    expect(md).toContain(
      [
        '- IAM: `aws_eks_access_entry` `aws_eks_access_entry.node` changed — **replaced** by Terraform (new physical resource)',
        '  - replaced because aws_iam_role.node is replaced: principal_arn is ForceNew',
      ].join('\n'),
    );
    expect(md).toContain(
      [
        '- IAM: `aws_iam_role_policy_attachment` `aws_iam_role_policy_attachment.node_AmazonEKS_CNI_Policy` changed — **replaced** by Terraform (new physical resource)',
        '  - replaced because aws_iam_role.node is replaced: role is ForceNew',
      ].join('\n'),
    );
    expect(md).toContain('  - updated in place because aws_iam_role.node is replaced: role references it');
  });

  it('CloudFormation, queue renamed: the queue policy and rules are updated in place, with the reason', () => {
    const md = render(
      distPaths.cloudFormation('ticketing'),
      renderCloudFormation,
      awsSideModel(clusterModel({ iam, queueName: 'ticketing-v2' })),
    );
    expect(md).toContain('| ticketing | CloudFormation | 8 changed, 1 replaced | no |');
    expect(md).toContain(
      [
        '- Interruption: `AWS::Events::Rule` `SpotInterruptionRule` changed',
        '  - updated in place because KarpenterInterruptionQueue is replaced: Targets[0].Arn references it',
      ].join('\n'),
    );
    expect(md).toContain(
      '  - updated in place because KarpenterInterruptionQueue is replaced: Queues[0] references it',
    );
    expect(md).not.toContain('because KarpenterInterruptionQueue is replaced: Queues[0] requires');
  });
});
