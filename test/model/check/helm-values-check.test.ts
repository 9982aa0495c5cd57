import { checkHelmValues, MANAGED_HELM_VALUES } from '../../../model/check/helm-values-check';
import { KNOWN_FEATURE_GATES } from '../../../model/facts/feature-gates';
import { KARPENTER_CHART_VALUES_KEYS } from '../../../imports/karpenter-chart-v1.14.1/values-keys';

const paths = (values: unknown) => checkHelmValues(values).map((p) => p.path.join('.'));

describe('checkHelmValues', () => {
  it('accepts nothing, an empty map and real chart keys of the right shape', () => {
    expect(checkHelmValues(undefined)).toEqual([]);
    expect(checkHelmValues({})).toEqual([]);
    expect(
      checkHelmValues({
        settings: { batchMaxDuration: '15s', isolatedVPC: true, vmMemoryOverheadPercent: 0.1 },
        podAnnotations: { 'prometheus.io/scrape': 'true' },
        serviceAccount: { annotations: { 'example.com/team': 'platform' } },
        affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [] } },
        controller: { env: [{ name: 'AWS_REGION', value: 'eu-west-1' }], image: { tag: '1.14.1' } },
        terminationGracePeriodSeconds: 60,
        serviceMonitor: { enabled: true, sampleLimit: 5000 },
        initContainers: [],
      }),
    ).toEqual([]);
  });

  it('accepts null, which Helm uses to delete a chart default', () => {
    expect(checkHelmValues({ topologySpreadConstraints: null, strategy: null })).toEqual([]);
  });

  it('refuses a non-map', () => {
    const [p] = checkHelmValues(['a']);
    expect(p.path).toEqual([]);
    expect(p.message).toBe('must be a map of chart values, not a list');
  });

  it('refuses webhook.* as removed in 1.1 with no replacement', () => {
    const problems = checkHelmValues({ webhook: { enabled: false, port: 8443 } });
    expect(problems).toEqual([
      {
        path: ['webhook'],
        message: 'webhook.* was removed in Karpenter 1.1: the conversion webhook is gone',
        fix: 'Delete the webhook block; nothing replaces it',
      },
    ]);
  });

  it('refuses each settings.aws.* key naming its replacement', () => {
    const problems = checkHelmValues({
      settings: {
        aws: {
          clusterName: 'x',
          interruptionQueueName: 'q',
          defaultInstanceProfile: 'p',
          isolatedVPC: true,
          somethingElse: 1,
        },
      },
    });
    const byKey = new Map(problems.map((p) => [p.path.join('.'), p]));
    expect([...byKey.keys()]).toEqual([
      'settings.aws.clusterName',
      'settings.aws.defaultInstanceProfile',
      'settings.aws.interruptionQueueName',
      'settings.aws.isolatedVPC',
      'settings.aws.somethingElse',
    ]);
    expect(byKey.get('settings.aws.clusterName')?.message).toBe(
      'settings.aws.clusterName was renamed settings.clusterName',
    );
    expect(byKey.get('settings.aws.clusterName')?.fix).toContain('sets settings.clusterName from `name`');
    expect(byKey.get('settings.aws.interruptionQueueName')?.message).toBe(
      'settings.aws.interruptionQueueName was renamed settings.interruptionQueue',
    );
    expect(byKey.get('settings.aws.interruptionQueueName')?.fix).toContain(
      '`karpenter.interruptionQueue.name`',
    );
    expect(byKey.get('settings.aws.defaultInstanceProfile')?.fix).toContain('`role` (or `instanceProfile`)');
    expect(byKey.get('settings.aws.isolatedVPC')?.fix).toBe('Move it to settings.isolatedVPC');
    expect(byKey.get('settings.aws.somethingElse')?.message).toContain(
      'settings.aws.* was removed from the chart (its settings moved to settings.* in Karpenter v0.32)',
    );
  });

  it('refuses an empty settings.aws block and other removed keys', () => {
    expect(paths({ settings: { aws: {} } })).toEqual(['settings.aws']);
    const problems = checkHelmValues({
      logConfig: { enabled: true },
      postInstallHook: { image: {} },
      settings: { featureGates: { drift: true } },
      controller: { logLevel: 'debug' },
    });
    expect(problems.map((p) => p.path.join('.'))).toEqual([
      'controller.logLevel',
      'logConfig',
      'postInstallHook',
      'settings.featureGates.drift',
    ]);
    expect(problems[3].message).toBe(
      'the drift feature gate was removed in Karpenter v1: drift is always on',
    );
  });

  it('refuses values the tool manages, naming the fleet field', () => {
    const problems = checkHelmValues({
      settings: { clusterName: 'x', interruptionQueue: 'arn:aws:sqs:eu-west-1:111122223333:q' },
      serviceAccount: {
        name: 'k',
        annotations: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::111122223333:role/x', other: 'ok' },
      },
      replicas: 3,
    });
    const byKey = new Map(problems.map((p) => [p.path.join('.'), p]));
    expect([...byKey.keys()].sort()).toEqual([
      'replicas',
      'serviceAccount.annotations.eks.amazonaws.com/role-arn',
      'serviceAccount.name',
      'settings.clusterName',
      'settings.interruptionQueue',
    ]);
    expect(byKey.get('settings.clusterName')?.message).toBe(
      'settings.clusterName is set by the tool from the fleet description',
    );
    expect(byKey.get('settings.interruptionQueue')?.fix).toBe(
      'Remove it from helmValues and set `karpenter.interruptionQueue.name` instead',
    );
    const irsa = problems.find((p) => p.path[2] === 'eks.amazonaws.com/role-arn');
    expect(irsa?.path).toEqual(['serviceAccount', 'annotations', 'eks.amazonaws.com/role-arn']);
    expect(irsa?.fix).toContain('`iam.identity: irsa`');
    expect(byKey.get('replicas')?.fix).toContain('`karpenter.controller.replicas`');
  });

  it('refuses feature gates as managed (karpenter.featureGates)', () => {
    const [p] = checkHelmValues({ settings: { featureGates: { spotToSpotConsolidation: true } } });
    expect(p.path).toEqual(['settings', 'featureGates']);
    expect(p.fix).toContain('`karpenter.featureGates`');
  });

  it('refuses unknown keys with a did-you-mean', () => {
    const [typo] = checkHelmValues({ settings: { batchMaxDuraton: '10s' } });
    expect(typo.path).toEqual(['settings', 'batchMaxDuraton']);
    expect(typo.message).toBe(
      "'batchMaxDuraton' is not a value of the Karpenter 1.14.1 chart under settings",
    );
    expect(typo.fix).toBe('Did you mean settings.batchMaxDuration?');

    const [wrongLevel] = checkHelmValues({ isolatedVPC: true });
    expect(wrongLevel.fix).toBe('Did you mean settings.isolatedVPC?');

    const [toManaged] = checkHelmValues({ settings: { interruptionQueueName: 'q' } });
    expect(toManaged.fix).toContain('Did you mean settings.interruptionQueue? The tool sets it from');

    const [none] = checkHelmValues({ serviceMonitor: { zzzzzzzzzz: 1 } });
    expect(none.fix).toBe(
      "Remove serviceMonitor.zzzzzzzzzz; the chart's keys under serviceMonitor are: additionalLabels, enabled, endpointConfig, metricRelabelings, relabelings, sampleLimit",
    );
  });

  it('refuses values of the wrong shape', () => {
    const problems = checkHelmValues({
      settings: { isolatedVPC: 'false', vmMemoryOverheadPercent: '0.1', batchIdleDuration: 1 },
      podAnnotations: ['a'],
      extraVolumes: {},
    });
    const byKey = new Map(problems.map((p) => [p.path.join('.'), p]));
    expect(byKey.get('settings.isolatedVPC')?.message).toBe('must be true or false, not the string "false"');
    expect(byKey.get('settings.isolatedVPC')?.fix).toContain('Helm treats as true');
    expect(byKey.get('settings.vmMemoryOverheadPercent')?.message).toBe(
      'must be a number, not the string "0.1"',
    );
    expect(byKey.get('settings.batchIdleDuration')?.fix).toBe('Quote it: "1"');
    expect(byKey.get('podAnnotations')?.message).toBe('must be a map, not a list');
    expect(byKey.get('extraVolumes')?.message).toBe('must be a list, not a map');
  });

  it('every managed value is a real chart key', () => {
    const keys = new Set(Object.keys(KARPENTER_CHART_VALUES_KEYS));
    for (const m of MANAGED_HELM_VALUES) {
      // The IRSA annotation lives inside the free-form serviceAccount.annotations map.
      const chartPath =
        m.path[0] === 'serviceAccount' && m.path[1] === 'annotations' ? m.path.slice(0, 2) : m.path;
      expect(keys.has(chartPath.join('.'))).toBe(true);
    }
  });

  it('lists the chart feature gates', () => {
    expect(KNOWN_FEATURE_GATES).toContain('spotToSpotConsolidation');
    expect(KNOWN_FEATURE_GATES).toContain('nodeRepair');
    expect(KNOWN_FEATURE_GATES).not.toContain('drift');
  });
});
