import { aliasKubernetesProblem } from '../../../model/facts/ami-publication';
import { errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

describe('AMI alias families against Kubernetes versions', () => {
  it('AL2 is published up to Kubernetes 1.32 only', () => {
    expect(aliasKubernetesProblem('al2', '1.32')).toBeUndefined();
    expect(aliasKubernetesProblem('al2', '1.33')?.message).toBe(
      'AWS publishes no al2 AMIs for Kubernetes 1.33 (the last is 1.32), so Karpenter refuses the alias and launches no node',
    );
    expect(aliasKubernetesProblem('al2', '1.35')).toBeDefined();
  });

  it('Windows Server 2025 is published from Kubernetes 1.35', () => {
    expect(aliasKubernetesProblem('windows2025', '1.34')?.message).toBe(
      'AWS publishes windows2025 AMIs only for Kubernetes 1.35 and later, not 1.34, so Karpenter refuses the alias and launches no node',
    );
    expect(aliasKubernetesProblem('windows2025', '1.35')).toBeUndefined();
  });

  it('the other families are published for every version', () => {
    for (const family of ['al2023', 'bottlerocket', 'windows2019', 'windows2022', 'toString']) {
      for (const v of ['1.29', '1.33', '1.35']) expect(aliasKubernetesProblem(family, v)).toBeUndefined();
    }
  });

  it('refuses al2@ on the default Kubernetes version, saying it is the default', () => {
    expect(errorsOfCluster(`${MINIMAL}nodeClasses:\n  d:\n    alias: al2@v20250505\n`)).toEqual([
      'clusters/demo.yaml:9:12 nodeClasses.d.alias: AWS publishes no al2 AMIs for Kubernetes 1.33 (the last is 1.32), so Karpenter refuses the alias and launches no node (kubernetesVersion defaults to it). Move to al2023@<version> (AL2023 uses nodeadm userData) or bottlerocket@<version>, or stay on kubernetesVersion 1.32.',
    ]);
  });

  it('accepts al2@ on 1.32, and refuses it on an explicit 1.34 (in amiSelectorTerms too)', () => {
    expect(() =>
      loadCluster(`${MINIMAL}kubernetesVersion: "1.32"\nnodeClasses:\n  d:\n    alias: al2@v20250505\n`),
    ).not.toThrow();
    expect(
      errorsOfCluster(
        `${MINIMAL}kubernetesVersion: "1.34"\nnodeClasses:\n  d:\n    amiSelectorTerms:\n      - alias: al2@v20250505\n`,
      ),
    ).toEqual([
      'clusters/demo.yaml:11:16 nodeClasses.d.amiSelectorTerms[0].alias: AWS publishes no al2 AMIs for Kubernetes 1.34 (the last is 1.32), so Karpenter refuses the alias and launches no node. Move to al2023@<version> (AL2023 uses nodeadm userData) or bottlerocket@<version>, or stay on kubernetesVersion 1.32.',
    ]);
  });
});
