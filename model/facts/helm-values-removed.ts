/**
 * Values the Karpenter controller chart used to have, each with what replaced it, so that
 * `karpenter.helmValues` carried over from an older install gets an actionable error
 * (model/check/helm-values-check.ts). Facts from the chart's values.yaml across releases:
 * `settings.aws.*` moved to `settings.*` in v0.32 (the empty block went in v0.33);
 * `logConfig.*`, `settings.assumeRole*` and the drift gate went in v1.0; `webhook.*` and
 * `postInstallHook.*` went in 1.1 with the conversion webhook.
 */
/** A value the chart used to have, and what replaced it. */
export interface RemovedValue {
  readonly path: readonly string[];
  readonly message: string;
  readonly fix: string;
}

const EC2NODECLASS_ROLE = 'set `role` (or `instanceProfile`) on the node class in `nodeClasses` instead';

/** Most specific first: the first entry whose path is a prefix of the user's key wins. */
export const REMOVED_VALUES: readonly RemovedValue[] = [
  ...(
    [
      [
        'clusterName',
        'was renamed settings.clusterName',
        'Remove it; the tool sets settings.clusterName from `name`',
      ],
      [
        'clusterEndpoint',
        'was renamed settings.clusterEndpoint',
        'Remove it and set `karpenter.clusterEndpoint`',
      ],
      ['clusterCABundle', 'was renamed settings.clusterCABundle', 'Move it to settings.clusterCABundle'],
      ['defaultInstanceProfile', 'was removed in Karpenter v0.32', `Remove it and ${EC2NODECLASS_ROLE}`],
      [
        'interruptionQueueName',
        'was renamed settings.interruptionQueue',
        'Remove it; the tool sets settings.interruptionQueue from `karpenter.interruptionQueue.name`',
      ],
      ['isolatedVPC', 'was renamed settings.isolatedVPC', 'Move it to settings.isolatedVPC'],
      [
        'vmMemoryOverheadPercent',
        'was renamed settings.vmMemoryOverheadPercent',
        'Move it to settings.vmMemoryOverheadPercent',
      ],
      [
        'reservedENIs',
        'was renamed settings.reservedENIs',
        'Move it to settings.reservedENIs (a quoted number)',
      ],
      [
        'assumeRoleARN',
        'was removed in Karpenter v1',
        'Remove it; the controller uses EKS Pod Identity or IRSA, chosen with `iam.identity`',
      ],
      [
        'assumeRoleDuration',
        'was removed in Karpenter v1',
        'Remove it; the controller uses EKS Pod Identity or IRSA',
      ],
      ['enablePodENI', 'was removed from the chart', 'Remove it; the chart no longer reads it'],
      [
        'enableENILimitedPodDensity',
        'was removed from the chart',
        'Remove it and set `kubelet.maxPods` on the node class in `nodeClasses` instead',
      ],
      ['nodeNameConvention', 'was removed from the chart', 'Remove it; the chart no longer reads it'],
      [
        'tags',
        'was removed from the chart',
        'Remove it and set `tags` on the cluster or on the node class instead',
      ],
    ] as const
  ).map(([key, what, fix]): RemovedValue => ({
    path: ['settings', 'aws', key],
    message: `settings.aws.${key} ${what}`,
    fix,
  })),
  {
    path: ['settings', 'aws'],
    message:
      'settings.aws.* was removed from the chart (its settings moved to settings.* in Karpenter v0.32)',
    fix: 'Move each key to settings.<key> (e.g. settings.aws.clusterName → settings.clusterName, which the tool sets from `name`)',
  },
  {
    path: ['aws', 'defaultInstanceProfile'],
    message: 'aws.defaultInstanceProfile was removed from the chart',
    fix: `Remove it and ${EC2NODECLASS_ROLE}`,
  },
  {
    path: ['aws'],
    message: 'aws.* was removed from the chart (its settings moved to settings.*)',
    fix: 'Move each key to settings.<key>',
  },
  {
    path: ['webhook'],
    message: 'webhook.* was removed in Karpenter 1.1: the conversion webhook is gone',
    fix: 'Delete the webhook block; nothing replaces it',
  },
  {
    path: ['postInstallHook'],
    message: 'postInstallHook.* was removed in Karpenter 1.1 together with the conversion webhook',
    fix: 'Delete the postInstallHook block; nothing replaces it',
  },
  {
    path: ['logConfig'],
    message: 'logConfig.* was removed in Karpenter v1',
    fix: 'Delete it; use logOutputPaths / logErrorOutputPaths, and `karpenter.controller.logLevel` for the level',
  },
  {
    path: ['logEncoding'],
    message: 'logEncoding was removed from the chart',
    fix: 'Delete it; the chart no longer reads it',
  },
  {
    path: ['controller', 'logLevel'],
    message: 'controller.logLevel was removed from the chart',
    fix: 'Delete it and set `karpenter.controller.logLevel`',
  },
  {
    path: ['controller', 'logEncoding'],
    message: 'controller.logEncoding was removed from the chart',
    fix: 'Delete it; the chart no longer reads it',
  },
  {
    path: ['controller', 'outputPaths'],
    message: 'controller.outputPaths was renamed logOutputPaths',
    fix: 'Move it to logOutputPaths',
  },
  {
    path: ['controller', 'errorOutputPaths'],
    message: 'controller.errorOutputPaths was renamed logErrorOutputPaths',
    fix: 'Move it to logErrorOutputPaths',
  },
  {
    path: ['settings', 'assumeRoleARN'],
    message: 'settings.assumeRoleARN was removed in Karpenter v1',
    fix: 'Remove it; the controller uses EKS Pod Identity or IRSA, chosen with `iam.identity`',
  },
  {
    path: ['settings', 'assumeRoleDuration'],
    message: 'settings.assumeRoleDuration was removed in Karpenter v1',
    fix: 'Remove it; the controller uses EKS Pod Identity or IRSA, chosen with `iam.identity`',
  },
  {
    path: ['settings', 'featureGates', 'drift'],
    message: 'the drift feature gate was removed in Karpenter v1: drift is always on',
    fix: 'Remove it; to hold back drift replacements use a disruption budget with reasons [Drifted] on the node pool',
  },
  {
    path: ['settings', 'featureGates', 'driftEnabled'],
    message: 'the driftEnabled feature gate was removed: drift is always on since Karpenter v1',
    fix: 'Remove it; to hold back drift replacements use a disruption budget with reasons [Drifted] on the node pool',
  },
];
