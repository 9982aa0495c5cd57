import {
  clusterBaseNamespaces,
  controllerNamespaceLevel,
} from '../../../charts/cluster-base/cluster-base-chart';
import { ClusterModel } from '../../../model/shared/fleet-model';
import {
  clusterFixture,
  MAXIMAL_NODE_POOL,
  MINIMAL_NODE_CLASS,
  MINIMAL_NODE_POOL,
} from '../../support/fleet-fixtures';

const plain = clusterFixture('batch', [MINIMAL_NODE_CLASS], [MINIMAL_NODE_POOL]);
const withNs = (c: ClusterModel, namespace: string): ClusterModel => ({
  ...c,
  karpenter: { ...c.karpenter, namespace },
});

describe('clusterBaseNamespaces', () => {
  it('is empty for kube-system without smoke tests', () => {
    expect(clusterBaseNamespaces(plain)).toEqual([]);
  });

  it('adds the controller namespace when it is not kube-system and the smoke-test one when used', () => {
    expect(clusterBaseNamespaces(withNs(plain, 'karpenter'))).toEqual(['karpenter']);
    const smoky = clusterFixture('t', [MINIMAL_NODE_CLASS], [MAXIMAL_NODE_POOL]);
    expect(clusterBaseNamespaces(withNs(smoky, 'karpenter'))).toEqual(['karpenter', 'karpenter-smoke-test']);
    expect(clusterBaseNamespaces(withNs(smoky, 'karpenter-smoke-test'))).toEqual(['karpenter-smoke-test']);
  });
});

describe('controllerNamespaceLevel', () => {
  it('is restricted unless helmValues turn on hostNetwork', () => {
    expect(controllerNamespaceLevel(plain)).toBe('restricted');
    const host = { ...plain, karpenter: { ...plain.karpenter, helmValues: { hostNetwork: true } } };
    expect(controllerNamespaceLevel(host)).toBe('privileged');
  });
});
