/**
 * JSON Schemas of the fleet description: one cluster file (after `_defaults.yaml` is merged
 * under it) and `_defaults.yaml` itself (the same shape, nothing required, no `name`).
 * Compiled once per process, on first use (precompiled at import time: fleet-schema-precompiled.ts).
 */
import type { ValidateFunction } from 'ajv';
import { ACK_DELETION_POLICIES, AWS_MANAGED_BY, FLEET_ENTRIES, LOG_LEVELS, PARTITIONS, TAINT_EFFECTS } from '../facts/constants';
import { capacityBufferSchema, podTemplateSchema } from './fleet-schema-capacity-buffer';
import { nodeClassSchema } from './fleet-schema-node-class';
import { nodeOverlaySchema } from './fleet-schema-node-overlay';
import { fingerprintOf, loadPrecompiledFleetValidators } from './fleet-schema-precompiled';
import { nodePoolDefs, nodePoolSchema } from './fleet-schema-node-pool';
import {
  JsonSchema,
  bool,
  int,
  list,
  mapOf,
  obj,
  oneOfStrings,
  quantity,
  str,
  withoutRequired,
} from './schema-builders';
import { KARPENTER_VERSIONS, KUBERNETES_VERSIONS } from '../facts/versions';

const stringMap = (what: string): JsonSchema => mapOf(str(), `a map of ${what} to text values`);

const clusterProperties: Record<string, JsonSchema> = {
  name: str(),
  aws: obj(
    {
      accountId: { type: 'string', 'x-expected': 'a 12-digit account ID in quotes' },
      region: str(),
      partition: oneOfStrings(PARTITIONS),
      managedBy: {
        ...oneOfStrings(AWS_MANAGED_BY),
        description:
          "Who manages the cluster's AWS side (roles, policies, queue, rules): cloudformation (default: dist/<cluster>/cloudformation/karpenter.json), terraform (a module in dist/<cluster>/terraform/), ack (AWS Controllers for Kubernetes objects in dist/<cluster>/ack/, synced by Argo CD; docs/ack.md) or external (nothing generated: the roles and queue exist, set iam.controllerRoleName, iam.nodeRoleName and karpenter.interruptionQueue.name). Fleet-wide in _defaults.yaml.",
      },
      ack: obj({ destination: str(), deletionPolicy: oneOfStrings(ACK_DELETION_POLICIES) }),
    },
    ['accountId', 'region'],
  ),
  kubernetesVersion: oneOfStrings(KUBERNETES_VERSIONS),
  karpenter: obj({
    version: oneOfStrings(KARPENTER_VERSIONS),
    namespace: str(),
    serviceAccount: str(),
    clusterEndpoint: str(),
    interruptionQueue: obj({ name: str(), kmsKeyArn: str() }),
    featureGates: mapOf(bool(), 'a map of feature gate names to true/false'),
    controller: obj({
      replicas: int(1, 10),
      logLevel: oneOfStrings(LOG_LEVELS),
      resources: obj({
        requests: mapOf(quantity(), 'a map of resources to quantities'),
        limits: mapOf(quantity(), 'a map of resources to quantities'),
      }),
      priorityClassName: str(),
      pdbMaxUnavailable: int(0, 10),
      tolerations: list(
        obj({
          key: str(),
          operator: oneOfStrings(['Exists', 'Equal']),
          value: str(),
          effect: oneOfStrings(TAINT_EFFECTS),
        }),
      ),
      topologySpread: bool(),
      nodeSelector: stringMap('label names'),
    }),
    helmValues: { type: 'object', 'x-expected': 'a map of Helm chart values' },
  }),
  iam: obj({
    identity: oneOfStrings(['pod-identity', 'irsa']),
    oidcProviderArn: str(),
    controllerRoleName: str(),
    nodeRoleName: str(),
    nodeRoleExtraPolicyArns: list(str()),
    createInstanceProfile: bool(),
    createSpotServiceLinkedRole: bool(),
    zonalShift: bool(),
    permissionsBoundaryArn: str(),
    path: str(),
  }),
  tags: stringMap('tag names'),
  gitops: obj(
    {
      repoURL: str(),
      targetRevision: str(),
      distPath: str(),
      destination: obj({ name: str(), server: str() }),
      argocdNamespace: str(),
      project: str(),
      syncPolicy: obj({ automated: bool(), prune: bool(), selfHeal: bool() }),
      clusterLabels: stringMap('label names'),
      ring: {
        ...str(),
        description:
          "The rollout ring of this cluster, one of gitops.rings: its Applications track the ring's revision, so a change reaches it only when promoted (karpenter-gitops promote --to <ring>).",
      },
      rings: {
        ...list(
          obj(
            {
              name: {
                ...str(),
                description:
                  'Ring name (lower-case letters, digits and dashes); every ring must have a cluster.',
              },
              targetRevision: {
                ...str(),
                description:
                  "Branch or tag the ring's clusters track. Default: ring/<name>; set the first ring to the branch pull requests merge into (e.g. main).",
              },
            },
            ['name'],
          ),
        ),
        description:
          'Rollout rings in promotion order (first ring first), fleet-wide: set once in _defaults.yaml.',
      },
      fleetEntry: {
        ...oneOfStrings(FLEET_ENTRIES),
        description:
          'How Argo CD finds this cluster: roots (default: dist/fleet/root-<cluster>.yaml, applied once) or applicationset (an ApplicationSet with a git-files generator over dist/fleet/clusters/<cluster>.json).',
      },
    },
    ['repoURL', 'destination'],
  ),
  overridesDefaults: {
    ...obj({
      nodeClasses: list(str()),
      nodePools: list(str()),
    }),
    description:
      'Node classes and node pools of this file that deliberately reuse a name from _defaults.yaml: each listed one is merged over the default key by key. A name in both files that is not listed here is an error.',
  },
  secretPatterns: {
    ...list(
      obj(
        {
          id: {
            ...str(),
            description: 'Name of the pattern, shown in findings (e.g. acme-deploy-token).',
          },
          regex: {
            ...str(),
            description:
              'Go RE2 regular expression, as gitleaks writes rules; the first non-empty capture group is the secret (else the whole match).',
          },
          entropy: {
            type: 'number',
            minimum: 0,
            description:
              'Report only a secret whose Shannon entropy (bits per character) is above this, to skip placeholders. Default: no entropy check.',
          },
        },
        ['id', 'regex'],
      ),
    ),
    description:
      "Your own secret patterns, scanned in every fleet value and key besides the built-in rules (secretlint's recommended preset, gitleaks' default rules, the tool's own); fleet-wide: set once in _defaults.yaml.",
  },
  nodeClasses: mapOf({ $ref: '#/$defs/nodeClass' }, 'a map of node class names to node classes'),
  nodePools: mapOf({ $ref: '#/$defs/nodePool' }, 'a map of node pool names to node pools'),
  nodeOverlays: mapOf({ $ref: '#/$defs/nodeOverlay' }, 'a map of node overlay names to node overlays'),
  capacityBuffers: mapOf(
    { $ref: '#/$defs/capacityBuffer' },
    'a map of capacity buffer names to capacity buffers',
  ),
  podTemplates: mapOf({ $ref: '#/$defs/podTemplate' }, 'a map of pod template names to pod templates'),
};

/** One cluster file, validated after `_defaults.yaml` has been merged under it. */
const $defs: Record<string, JsonSchema> = {
  nodeClass: nodeClassSchema,
  nodePool: nodePoolSchema,
  nodeOverlay: nodeOverlaySchema,
  capacityBuffer: capacityBufferSchema,
  podTemplate: podTemplateSchema,
  ...nodePoolDefs,
};

export const clusterSchema: JsonSchema = { ...obj(clusterProperties, ['aws', 'gitops']), $defs };

/** Keys only a cluster file may hold: its own name, and what it overrides of the defaults. */
const CLUSTER_ONLY_KEYS: readonly string[] = ['name', 'overridesDefaults'];

/** `_defaults.yaml`: anything a cluster file may hold except CLUSTER_ONLY_KEYS, all optional. */
export const defaultsSchema: JsonSchema = withoutRequired({
  ...obj(
    Object.fromEntries(Object.entries(clusterProperties).filter(([key]) => !CLUSTER_ONLY_KEYS.includes(key))),
  ),
  $defs,
}) as JsonSchema;

/** ajv options of the fleet validators (the import-time precompilation uses the same). */
export const FLEET_AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: true,
  allowUnionTypes: true,
  inlineRefs: false,
} as const;

/** Identifies the schemas and options; precompiled validators are used only when it matches. */
export function fleetSchemaFingerprint(): string {
  return fingerprintOf({ clusterSchema, defaultsSchema, options: FLEET_AJV_OPTIONS });
}

/** Compiles both validators with ajv (loaded only here: a normal run uses the precompiled ones). */
export function compileFleetValidators(): { cluster: ValidateFunction; defaults: ValidateFunction } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Ajv = (require('ajv') as typeof import('ajv')).default;
  const ajv = new Ajv(FLEET_AJV_OPTIONS);
  ajv.addKeyword('x-expected');
  return { cluster: ajv.compile(clusterSchema), defaults: ajv.compile(defaultsSchema) };
}

let compiled: { cluster: ValidateFunction; defaults: ValidateFunction } | undefined;

/**
 * The two validators, once per process: precompiled by `npm run import`
 * (model/schema/fleet-schema-precompiled.ts) when they match these schemas, else compiled here.
 */
export function fleetValidators(): { cluster: ValidateFunction; defaults: ValidateFunction } {
  compiled ??= loadPrecompiledFleetValidators(fleetSchemaFingerprint()) ?? compileFleetValidators();
  return compiled;
}
