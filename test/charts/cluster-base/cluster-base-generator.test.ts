import { parse } from 'yaml';
import {
  clusterBaseFindings,
  clusterBaseGenerator,
} from '../../../charts/cluster-base/cluster-base-generator';
import { ClusterModel } from '../../../model/shared/fleet-model';
import { fleetFixture } from '../../support/fleet-fixtures';
import { textsOf } from '../../../model';

describe('clusterBaseGenerator', () => {
  it('writes the smoke-test namespace and one Deployment and PDB per opted-in pool', () => {
    const files = textsOf(clusterBaseGenerator(fleetFixture()));
    expect([...files.keys()].sort()).toEqual([
      'ticketing/base/namespace-karpenter-smoke-test.yaml',
      'ticketing/karpenter/smoke-test-dataops-deployment.yaml',
      'ticketing/karpenter/smoke-test-dataops-pdb.yaml',
    ]);
    const ns = parse(files.get('ticketing/base/namespace-karpenter-smoke-test.yaml') ?? '');
    expect(ns.kind).toBe('Namespace');
    expect(ns.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
    expect(ns.metadata.labels['pod-security.kubernetes.io/enforce-version']).toBe('v1.33');
  });

  it('creates the controller namespace when it is not kube-system', () => {
    const fleet = fleetFixture();
    const batch: ClusterModel = {
      ...fleet.clusters[0],
      karpenter: {
        ...fleet.clusters[0].karpenter,
        namespace: 'karpenter',
        helmValues: { hostNetwork: true },
      },
    };
    const files = textsOf(clusterBaseGenerator({ clusters: [batch] }));
    const ns = parse(files.get('batch/base/namespace-karpenter.yaml') ?? '');
    expect(ns.metadata.name).toBe('karpenter');
    // hostNetwork is beyond even baseline: the namespace must admit privileged pods, but still warns.
    expect(ns.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('privileged');
    expect(ns.metadata.labels['pod-security.kubernetes.io/warn']).toBe('restricted');
    expect(files.has('batch/base/namespace-kube-system.yaml')).toBe(false);
  });

  it('names everything explicitly: no cdk8s construct-address labels or hash suffixes', () => {
    for (const [path, text] of textsOf(clusterBaseGenerator(fleetFixture()))) {
      expect([path, text.includes('cdk8s.io')]).toEqual([path, false]);
      expect(parse(text).metadata.name).toMatch(/^(karpenter-smoke-test|smoke-test-dataops)$/);
    }
  });

  it('is byte-identical across runs', () => {
    expect(textsOf(clusterBaseGenerator(fleetFixture()))).toEqual(
      textsOf(clusterBaseGenerator(fleetFixture())),
    );
  });

  it('reports findings of the fixture: the maximal pool has a startup taint', () => {
    const findings = clusterBaseFindings(fleetFixture());
    expect(findings.map((d) => [d.severity, d.path])).toEqual([
      ['warning', 'nodePools.dataops.startupTaints'],
    ]);
  });
});
