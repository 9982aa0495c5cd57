/**
 * JSON Schemas of one entry of `capacityBuffers:` (a CapacityBuffer,
 * `autoscaling.x-k8s.io/v1beta1`) and of `podTemplates:` (the PodTemplates buffers name).
 */
import { CAPACITY_BUFFER_STRATEGIES, TAINT_EFFECTS } from '../facts/constants';
import { JsonSchema, bool, int, list, mapOf, obj, oneOfStrings, quantity, str } from './schema-builders';

const d = (schema: JsonSchema, description: string): JsonSchema => ({ ...schema, description });
const stringMap = (what: string): JsonSchema => mapOf(str(), `a map of ${what} to text values`);
const NAMESPACE_TEXT = 'Namespace of the object (default: capacity-buffers, which the tool creates).';

export const capacityBufferSchema: JsonSchema = d(
  obj({
    namespace: d(str(), `${NAMESPACE_TEXT} A buffer and its pod template share a namespace.`),
    podTemplateRef: d(
      obj(
        {
          name: d(str(), 'Name of the PodTemplate: one under podTemplates (generated), or an existing one.'),
          existing: d(
            bool(),
            'Set to true when the PodTemplate already exists in the namespace and is not described under podTemplates. Not written to the CapacityBuffer.',
          ),
        },
        ['name'],
      ),
      'The PodTemplate that gives the shape of one buffer chunk. Exactly one of podTemplateRef and scalableRef.',
    ),
    scalableRef: d(
      obj(
        {
          apiGroup: d(str(), 'API group of the object, e.g. apps ("" for the core group).'),
          kind: d(str(), 'Kind of the object, e.g. Deployment.'),
          name: d(str(), 'Name of the object in the buffer namespace.'),
        },
        ['kind', 'name'],
      ),
      'A workload with a scale subresource whose pods give the chunk shape (e.g. a Deployment). Exactly one of podTemplateRef and scalableRef.',
    ),
    replicas: d(int(0, 2147483647), 'Number of buffer chunks.'),
    percentage: d(
      int(0, 2147483647),
      "Buffer chunks as a percentage of the scalableRef's replicas (rounded up, at least 1). Only with scalableRef.",
    ),
    limits: d(
      mapOf(quantity(), 'a map of resource names to quantities'),
      'Upper bound on the total requests of all chunks, e.g. cpu: 64.',
    ),
    provisioningStrategy: d(
      oneOfStrings(CAPACITY_BUFFER_STRATEGIES),
      'How the buffer is used (default: buffer.x-k8s.io/active-capacity, the only strategy Karpenter 1.14.1 defines).',
    ),
  }),
  'A CapacityBuffer (autoscaling.x-k8s.io/v1beta1): spare capacity Karpenter keeps for virtual pods of a given shape. Needs karpenter.featureGates.capacityBuffer: true and Karpenter 1.14.1.',
);

const resources = (): JsonSchema =>
  obj({
    requests: mapOf(quantity(), 'a map of resource names to quantities'),
    limits: mapOf(quantity(), 'a map of resource names to quantities'),
  });

const containerSchema: JsonSchema = obj(
  {
    name: d(str(), 'Container name.'),
    image: d(str(), 'Container image (buffer pods are virtual: the image is never pulled).'),
    resources: d(resources(), 'What one chunk reserves: the requests Karpenter packs onto nodes.'),
    ports: d(
      list(
        obj(
          {
            name: str(),
            containerPort: int(1, 65535),
            hostPort: int(1, 65535),
            protocol: oneOfStrings(['TCP', 'UDP', 'SCTP']),
          },
          ['containerPort'],
        ),
      ),
      'Ports; a hostPort limits how many chunks fit on one node.',
    ),
  },
  ['name', 'image'],
);

/** Init containers: their requests count toward a chunk; ports play no part in scheduling. */
const initContainerSchema: JsonSchema = obj(
  {
    name: d(str(), 'Init container name.'),
    image: d(str(), 'Init container image (never pulled).'),
    resources: d(
      resources(),
      'Requests of the init container (Karpenter counts the larger of init and app requests).',
    ),
  },
  ['name', 'image'],
);

/**
 * The pod spec of a buffer chunk: the fields that decide where and how many virtual pods fit
 * (Karpenter never runs them), closed like the rest of the format so a typo is an error.
 */
const podSpecSchema: JsonSchema = obj(
  {
    containers: d(list(containerSchema, 1), 'The containers of one chunk (at least one).'),
    initContainers: d(list(initContainerSchema), 'Init containers (their requests count too).'),
    nodeSelector: d(stringMap('label names'), 'Node labels the chunk pods need.'),
    affinity: d(
      obj({
        nodeAffinity: obj({
          requiredDuringSchedulingIgnoredDuringExecution: obj(
            {
              nodeSelectorTerms: list(
                obj({
                  matchExpressions: list(
                    obj(
                      {
                        key: str(),
                        operator: oneOfStrings(['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']),
                        values: list(str()),
                      },
                      ['key', 'operator'],
                    ),
                  ),
                }),
                1,
              ),
            },
            ['nodeSelectorTerms'],
          ),
        }),
      }),
      'Required node affinity of the chunk pods (nodeSelectorTerms, any one of which must match), checked against the pools like nodeSelector.',
    ),
    tolerations: d(
      list(
        obj({
          key: str(),
          operator: oneOfStrings(['Exists', 'Equal']),
          value: str(),
          effect: oneOfStrings(TAINT_EFFECTS),
          tolerationSeconds: int(),
        }),
      ),
      'Taints the chunk pods tolerate.',
    ),
    priorityClassName: d(str(), 'Priority class of the chunk pods.'),
    runtimeClassName: d(str(), 'Runtime class (its overhead counts toward the chunk).'),
    hostNetwork: d(bool(), 'Host networking (host ports then limit chunks per node).'),
  },
  ['containers'],
);

export const podTemplateSchema: JsonSchema = d(
  obj(
    {
      namespace: d(str(), NAMESPACE_TEXT),
      labels: d(stringMap('label names'), 'Labels of the PodTemplate object.'),
      annotations: d(stringMap('annotation names'), 'Annotations of the PodTemplate object.'),
      template: d(
        obj(
          {
            metadata: obj({
              labels: d(stringMap('label names'), 'Labels of the buffer pods.'),
              annotations: d(stringMap('annotation names'), 'Annotations of the buffer pods.'),
            }),
            spec: d(
              podSpecSchema,
              'The pod spec of one chunk: containers with resource requests, nodeSelector, tolerations ... (the fields that decide scheduling), written as in a Deployment.',
            ),
          },
          ['spec'],
        ),
        'The pod template (metadata and spec) of one buffer chunk.',
      ),
    },
    ['template'],
  ),
  'A PodTemplate (core/v1) the tool generates for capacity buffers that name it in podTemplateRef.',
);

/** The pod spec and container fields the fleet format accepts (the converter keeps exactly these). */
export const POD_SPEC_KEYS: readonly string[] = Object.keys(
  (podSpecSchema as { properties: Record<string, unknown> }).properties,
);
export const CONTAINER_KEYS: readonly string[] = Object.keys(
  (containerSchema as { properties: Record<string, unknown> }).properties,
);
export const INIT_CONTAINER_KEYS: readonly string[] = Object.keys(
  (initContainerSchema as { properties: Record<string, unknown> }).properties,
);
