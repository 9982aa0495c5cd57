import { ClusterModel } from '../../../model/shared/fleet-model';
import {
  controllerRoleArn,
  KarpenterControllerValues,
  karpenterControllerValues,
  karpenterValues,
} from '../../../charts/helm-values/karpenter-values';
import { HelmValuesMap, isValuesMap } from '../../../charts/helm-values/deep-merge';
import {
  KARPENTER_CHART_VALUES_KEYS,
  KarpenterChartValuesKey,
} from '../../../imports/karpenter-chart-v1.14.1/values-keys';
import { checkHelmValues } from '../../../model/check/helm-values-check';
import { clusterFixture, MINIMAL_NODE_CLASS, MINIMAL_NODE_POOL } from '../../support/fleet-fixtures';

const base = clusterFixture('ticketing', [MINIMAL_NODE_CLASS], [MINIMAL_NODE_POOL]);

function withCluster(patch: (c: ClusterModel) => ClusterModel): ClusterModel {
  return patch(base);
}

const irsa = withCluster((c) => ({
  ...c,
  aws: { ...c.aws, partition: 'aws-cn', accountId: '444455556666', region: 'cn-north-1' },
  iam: {
    ...c.iam,
    path: '/platform/karpenter/',
    identity: {
      type: 'irsa',
      oidcProviderArn:
        'arn:aws-cn:iam::444455556666:oidc-provider/oidc.eks.cn-north-1.amazonaws.com.cn/id/ABC',
      oidcIssuer: 'oidc.eks.cn-north-1.amazonaws.com.cn/id/ABC',
    },
  },
}));

/** Chart key paths (dotted) a values object sets, stopping at free-form maps and lists. */
function chartKeyPaths(values: HelmValuesMap, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push(path);
    const type = (KARPENTER_CHART_VALUES_KEYS as Record<string, string>)[path];
    if (type === 'object' && isValuesMap(value)) out.push(...chartKeyPaths(value, path));
  }
  return out;
}

describe('karpenterControllerValues', () => {
  it('sets the cluster name and the interruption queue NAME', () => {
    const v = karpenterControllerValues(base);
    expect(v.settings.clusterName).toBe('ticketing');
    expect(v.settings.interruptionQueue).toBe('ticketing');
    expect(v.settings).not.toHaveProperty('clusterEndpoint');
    expect(v.settings).not.toHaveProperty('featureGates');
    expect(v.settings).not.toHaveProperty('enableZonalShift');
  });

  it('passes the endpoint, sorted feature gates, zonal shift and log level', () => {
    const v = karpenterControllerValues(
      withCluster((c) => ({
        ...c,
        iam: { ...c.iam, zonalShift: true },
        karpenter: {
          ...c.karpenter,
          clusterEndpoint: 'https://ABC.gr7.ap-northeast-2.eks.amazonaws.com',
          interruptionQueue: { name: 'ticketing-interruptions' },
          featureGates: { spotToSpotConsolidation: true, nodeRepair: false },
          controller: { ...c.karpenter.controller, logLevel: 'debug' },
        },
      })),
    );
    expect(v.settings.clusterEndpoint).toBe('https://ABC.gr7.ap-northeast-2.eks.amazonaws.com');
    expect(v.settings.interruptionQueue).toBe('ticketing-interruptions');
    expect(v.settings.enableZonalShift).toBe(true);
    expect(Object.keys(v.settings.featureGates ?? {})).toEqual(['nodeRepair', 'spotToSpotConsolidation']);
    expect(v.logLevel).toBe('debug');
  });

  it('adds no service-account annotation for EKS Pod Identity', () => {
    const v = karpenterControllerValues(base);
    expect(v.serviceAccount).toEqual({ create: true, name: 'karpenter' });
  });

  it('annotates the service account with the partition-aware role ARN for IRSA', () => {
    const v = karpenterControllerValues(irsa);
    expect(v.serviceAccount.annotations).toEqual({
      'eks.amazonaws.com/role-arn':
        'arn:aws-cn:iam::444455556666:role/platform/karpenter/KarpenterControllerRole-ticketing',
    });
    expect(controllerRoleArn(base)).toBe('arn:aws:iam::111122223333:role/KarpenterControllerRole-ticketing');
  });

  it('sets replicas, resources, priority class and PDB from the controller model', () => {
    const v = karpenterControllerValues(base);
    expect(v.replicas).toBe(2);
    expect(v.controller.resources).toEqual({
      requests: { cpu: '1', memory: '1Gi' },
      limits: { memory: '1Gi' },
    });
    expect(v.priorityClassName).toBe('system-cluster-critical');
    expect(v.podDisruptionBudget).toEqual({ name: 'karpenter', maxUnavailable: 1 });
  });

  it('keeps the controller off Karpenter-launched nodes and one per node', () => {
    const v = karpenterControllerValues(base);
    expect(v.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms).toEqual([
      { matchExpressions: [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }] },
    ]);
    expect(v.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution).toEqual([
      { topologyKey: 'kubernetes.io/hostname' },
    ]);
    expect(v.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux' });
  });

  it('tolerates CriticalAddonsOnly plus the configured tolerations, without duplicates', () => {
    const v = karpenterControllerValues(
      withCluster((c) => ({
        ...c,
        karpenter: {
          ...c.karpenter,
          controller: {
            ...c.karpenter.controller,
            tolerations: [
              { key: 'dedicated', operator: 'Equal', value: 'system', effect: 'NoSchedule' },
              { key: 'CriticalAddonsOnly', operator: 'Exists' },
            ],
            nodeSelector: { role: 'system' },
          },
        },
      })),
    );
    expect(v.tolerations).toEqual([
      { key: 'CriticalAddonsOnly', operator: 'Exists' },
      { key: 'dedicated', operator: 'Equal', value: 'system', effect: 'NoSchedule' },
    ]);
    expect(v.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux', role: 'system' });
  });

  it('spreads over zones, or clears the chart default when spreading is off', () => {
    expect(karpenterControllerValues(base).topologySpreadConstraints).toEqual([
      { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule' },
    ]);
    const off = withCluster((c) => ({
      ...c,
      karpenter: { ...c.karpenter, controller: { ...c.karpenter.controller, topologySpread: false } },
    }));
    expect(karpenterControllerValues(off).topologySpreadConstraints).toEqual([]);
  });

  it('declares only keys the 1.14.1 chart has (checked by the compiler)', () => {
    type V = KarpenterControllerValues;
    type Declared =
      | keyof V
      | `settings.${keyof V['settings']}`
      | `serviceAccount.${keyof V['serviceAccount']}`
      | `controller.${keyof V['controller']}`
      | `podDisruptionBudget.${keyof V['podDisruptionBudget']}`;
    // A key of the interface that the chart does not have makes this `false` and fails `tsc`.
    const allKnown: [Exclude<Declared, KarpenterChartValuesKey>] extends [never] ? true : false = true;
    expect(allKnown).toBe(true);
  });

  it('sets only keys the 1.14.1 chart has', () => {
    for (const cluster of [base, irsa]) {
      const values = karpenterValues(cluster);
      for (const path of chartKeyPaths(values)) {
        expect([path, path in KARPENTER_CHART_VALUES_KEYS]).toEqual([path, true]);
      }
    }
  });

  it('generated values would all be refused as helmValues (they are the managed ones) or accepted', () => {
    // The generated object is valid chart input: no unknown keys, no wrong shapes.
    const problems = checkHelmValues(karpenterValues(irsa)).filter(
      (p) => !p.message.includes('is set by the tool'),
    );
    expect(problems).toEqual([]);
  });
});

describe('karpenterValues (helmValues merged on top)', () => {
  it('deep-merges maps, replaces lists, keeps null and sorts new keys', () => {
    const cluster = withCluster((c) => ({
      ...c,
      karpenter: {
        ...c.karpenter,
        helmValues: {
          topologySpreadConstraints: null,
          settings: { vmMemoryOverheadPercent: 0.1, batchMaxDuration: '20s' },
          podAnnotations: { 'z.example.com/b': '2', 'a.example.com/a': '1' },
          affinity: {
            nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } },
          },
        },
      },
    }));
    const v = karpenterValues(cluster);
    const settings = v.settings as HelmValuesMap;
    expect(settings.clusterName).toBe('ticketing');
    expect(settings.batchMaxDuration).toBe('20s');
    expect(Object.keys(settings)).toEqual([
      'clusterName',
      'interruptionQueue',
      'batchMaxDuration',
      'vmMemoryOverheadPercent',
    ]);
    expect(v.topologySpreadConstraints).toBeNull();
    expect(Object.keys(v.podAnnotations as HelmValuesMap)).toEqual(['a.example.com/a', 'z.example.com/b']);
    const affinity = v.affinity as HelmValuesMap;
    expect(
      (affinity.podAntiAffinity as HelmValuesMap).requiredDuringSchedulingIgnoredDuringExecution,
    ).toEqual([{ topologyKey: 'kubernetes.io/hostname' }]);
    expect(
      (
        (affinity.nodeAffinity as HelmValuesMap)
          .requiredDuringSchedulingIgnoredDuringExecution as HelmValuesMap
      ).nodeSelectorTerms,
    ).toEqual([]);
    // Generated keys first, in their fixed order; keys only the user set follow, sorted.
    expect(Object.keys(v).slice(-1)).toEqual(['podAnnotations']);
    expect(Object.keys(v)[0]).toBe('settings');
  });
});
