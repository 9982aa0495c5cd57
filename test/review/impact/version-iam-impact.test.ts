import { computeImpact } from '../../../review/impact/compute-impact';
import { renderJson } from '../../../review/impact/render-json';
import { renderMarkdown } from '../../../review/impact/render-markdown';
import {
  controllerChartVersion,
  karpenterVersionChange,
  versionChangeLine,
} from '../../../review/impact/version-iam-impact';
import { DistResource } from '../../../review/dist-resources';
import { builtInOfficialPolicy } from '../../../policies/official-policy-versions';
import { OfficialControllerPolicy } from '../../../policies/official-policy';
import { withExtraAction } from '../../policies/official-fixtures';
import { exampleObjects, Obj, toDistFiles } from '../dist-fixtures';

const V1141 = builtInOfficialPolicy('1.14.1')!;
/** A next release (relabelled snapshot) whose official policy adds one action and drops zonal shift. */
const NEXT: OfficialControllerPolicy = withExtraAction(
  { ...V1141, policies: V1141.policies.filter((p) => p.logicalId !== 'ZonalShiftPolicy') },
  'ec2:DescribeInstanceTopology',
);
const lookup = (v: string) => (v === '1.14.1' ? V1141 : v === '1.15.0-pre' ? NEXT : undefined);

function application(version: string): Obj {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'ticketing-karpenter', namespace: 'argocd' },
    spec: {
      sources: [
        { chart: 'karpenter', repoURL: 'public.ecr.aws/karpenter', targetRevision: version },
        { ref: 'values', repoURL: 'https://example.com/repo.git', targetRevision: 'main' },
      ],
    },
  };
}

const resources = (version: string): Map<string, DistResource> =>
  new Map([
    [
      'a',
      {
        cluster: 'ticketing',
        file: 'ticketing/argocd/application-controller.yaml',
        kind: 'Application',
        name: 'ticketing-karpenter',
        body: application(version),
      },
    ],
  ]);

describe('the IAM actions a Karpenter version change brings', () => {
  it('reads the karpenter chart version of the Application', () => {
    expect(controllerChartVersion(resources('1.14.1'))).toBe('1.14.1');
    expect(controllerChartVersion(new Map())).toBeUndefined();
  });

  it('lists the actions the new official policy adds and drops', () => {
    const change = karpenterVersionChange(resources('1.14.1'), resources('1.15.0-pre'), lookup);
    expect(change).toEqual({
      from: '1.14.1',
      to: '1.15.0-pre',
      iamActions: {
        added: ['ec2:DescribeInstanceTopology'],
        removed: ['arc-zonal-shift:GetManagedResource'],
      },
      noOfficialPolicy: [],
    });
    expect(versionChangeLine(change!)).toBe(
      '**Karpenter 1.14.1 → 1.15.0-pre.** IAM actions the official controller policy adds: `ec2:DescribeInstanceTopology`; drops: `arc-zonal-shift:GetManagedResource`.',
    );
  });

  it('no change of version, no entry; an unknown policy is said, not guessed', () => {
    expect(karpenterVersionChange(resources('1.14.1'), resources('1.14.1'), lookup)).toBeUndefined();
    const change = karpenterVersionChange(resources('1.0.14'), resources('1.14.1'), lookup)!;
    expect(change.iamActions).toBeUndefined();
    expect(versionChangeLine(change)).toBe(
      "**Karpenter 1.0.14 → 1.14.1.** IAM actions not compared: no official controller policy of Karpenter 1.0.14 is known (import the release's chart with its getting-started cloudformation.yaml).",
    );
    expect(
      versionChangeLine(karpenterVersionChange(resources('1.14.1'), resources('1.14.1-b'), () => V1141)!),
    ).toBe('**Karpenter 1.14.1 → 1.14.1-b.** The official controller policy grants the same IAM actions.');
  });

  it('computeImpact puts it on the cluster; Markdown and JSON show it', () => {
    const files = (version: string) => {
      const objects = exampleObjects();
      objects.set('ticketing/argocd/application-controller.yaml', application(version));
      return toDistFiles(objects);
    };
    const report = computeImpact(
      { label: 'base:dist', files: files('1.14.1') },
      { label: 'dist', files: files('1.15.0-pre') },
      lookup,
    );
    const ticketing = report.clusters.find((c) => c.name === 'ticketing')!;
    expect(ticketing.karpenterVersion?.iamActions?.added).toEqual(['ec2:DescribeInstanceTopology']);
    expect(renderMarkdown(report)).toContain(
      'IAM actions the official controller policy adds: `ec2:DescribeInstanceTopology`; drops: `arc-zonal-shift:GetManagedResource`.',
    );
    const json = JSON.parse(renderJson(report)) as {
      clusters: { name: string; karpenterVersion: unknown }[];
    };
    expect(json.clusters.find((c) => c.name === 'ticketing')?.karpenterVersion).toMatchObject({
      from: '1.14.1',
      to: '1.15.0-pre',
    });
  });
});
