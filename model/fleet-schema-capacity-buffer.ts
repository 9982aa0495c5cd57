/**
 * JSON Schemas of one entry of `capacityBuffers:` (a CapacityBuffer,
 * `autoscaling.x-k8s.io/v1beta1`) and of `podTemplates:` (the PodTemplates buffers name).
 */
import { CAPACITY_BUFFER_STRATEGIES } from './constants';
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

const containerSchema: JsonSchema = {
  type: 'object',
  properties: {
    name: d(str(), 'Container name.'),
    image: d(str(), 'Container image (buffer pods are virtual: the image is never pulled).'),
    resources: obj({
      requests: mapOf(quantity(), 'a map of resource names to quantities'),
      limits: mapOf(quantity(), 'a map of resource names to quantities'),
    }),
  },
  required: ['name', 'image'],
  // Open on purpose: any container field (env, command, ports ...) is passed through.
  additionalProperties: true,
  'x-expected': 'a container with name, image and resources',
};

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
              {
                type: 'object',
                properties: { containers: list(containerSchema, 1) },
                required: ['containers'],
                // Open on purpose: any pod spec field (affinity, priorityClassName ...) is passed through.
                additionalProperties: true,
                'x-expected': 'a Kubernetes pod spec with containers',
              },
              'A Kubernetes pod spec (containers with resource requests, nodeSelector, tolerations, affinity ...), written as in a Deployment.',
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
