/** The starting fleet `init` writes passes the fleet checks: loaded with the real loader and synthesized. */
import { AL2023_RELEASES } from '../../imports/eks-optimized-amis/al2023-releases';
import { FleetModel } from '../../model/shared/fleet-model';
import { loadFleetFromSources } from '../../model/load-fleet';
import { DEFAULT_KARPENTER_VERSION } from '../../model/facts/versions';
import {
  clusterYaml,
  starterFleetSources,
  STARTER_AMI_ALIAS,
  StarterFleetProps,
} from '../../init/starter-fleet';
import { synthesize } from '../../synth/synthesize';
import { validateStep } from '../../synth/validate-step';

const PROPS: StarterFleetProps = {
  cluster: 'shop',
  accountId: '111122223333',
  region: 'eu-west-1',
  destination: 'shop-eu',
  repoURL: 'https://github.com/example/platform-gitops.git',
};

describe('the starting fleet', () => {
  const { fleet, warnings } = loadFleetFromSources(starterFleetSources(PROPS));
  const cluster = (fleet as FleetModel).clusters[0];

  it('loads without errors or warnings, with the flags where they belong', () => {
    expect(warnings).toEqual([]);
    expect(fleet.clusters.map((c) => c.name)).toEqual(['shop']);
    expect(cluster.aws).toMatchObject({ accountId: '111122223333', region: 'eu-west-1' });
    expect(cluster.gitops.repoURL).toBe(PROPS.repoURL);
    expect(cluster.gitops.destination).toEqual({ name: 'shop-eu' });
    expect(cluster.karpenter.version).toBe(DEFAULT_KARPENTER_VERSION);
  });

  it('is secure by default: a pinned AMI, IMDSv2 required, encrypted volumes; one limited spot+on-demand pool', () => {
    expect(cluster.nodeClasses).toHaveLength(1);
    const nodeClass = cluster.nodeClasses[0];
    expect(JSON.stringify(nodeClass)).toContain(STARTER_AMI_ALIAS);
    expect(nodeClass.metadataOptions?.httpTokens).toBe('required');
    expect(nodeClass.blockDeviceMappings?.every((b) => b.ebs?.encrypted === true)).toBe(true);
    expect(cluster.nodePools).toHaveLength(1);
    const pool = cluster.nodePools[0];
    expect(pool.name).toBe('general');
    expect(pool.limits).toEqual({ cpu: '100', memory: '400Gi' });
    expect(JSON.stringify(pool)).toContain('"spot"');
    expect(JSON.stringify(pool)).toContain('"on-demand"');
  });

  it("pins the newest AL2023 release in the tool's data that publishes the cluster's Kubernetes version", () => {
    expect(cluster.kubernetesVersion).toBe('1.33');
    expect(STARTER_AMI_ALIAS).toBe('al2023@v20260714');
    const newest = AL2023_RELEASES.find((r) => r.kubernetes.includes(cluster.kubernetesVersion))!;
    expect(STARTER_AMI_ALIAS).toBe(`al2023@${newest.version}`);
    expect(AL2023_RELEASES.every((r) => r.version <= newest.version)).toBe(true);
    expect(cluster.nodeClasses[0].amiSelectorTerms).toEqual([{ alias: STARTER_AMI_ALIAS }]);
  });

  it('synthesizes and validates with no finding', () => {
    const files = synthesize(fleet);
    expect([...files.keys()].filter((f) => f.startsWith('shop/karpenter/')).sort()).toEqual([
      'shop/karpenter/ec2nodeclass-default.yaml',
      'shop/karpenter/nodepool-general.yaml',
    ]);
    expect(validateStep(fleet, files)).toEqual([]);
  });

  it('quotes what the user typed, so a value cannot change the YAML structure', () => {
    const text = clusterYaml({ ...PROPS, destination: 'a: b\nc' });
    expect(text).toContain('name: "a: b\\nc"');
  });
});

describe('the starting fleet for each aws.managedBy', () => {
  it.each(['cloudformation', 'terraform', 'external'] as const)(
    '%s: loads and synthesizes the AWS side it names',
    (target) => {
      const { fleet } = loadFleetFromSources(starterFleetSources({ ...PROPS, awsManagedBy: target }));
      expect(fleet.clusters[0].aws.managedBy).toBe(target);
      const files = synthesize(fleet);
      const aws = [...files.keys()].filter((p) => /^shop\/(cloudformation|terraform)\//.test(p));
      expect(aws).toEqual(
        target === 'external'
          ? []
          : target === 'terraform'
            ? ['shop/terraform/karpenter.tf.json', 'shop/terraform/policy-proof.txt']
            : ['shop/cloudformation/karpenter.json', 'shop/cloudformation/policy-proof.txt'],
      );
      expect(validateStep(fleet, files).filter((d) => d.severity === 'error')).toEqual([]);
    },
  );
});
