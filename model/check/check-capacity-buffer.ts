/**
 * Semantic checks of `capacityBuffers:` and `podTemplates:` (after the schema passed): the
 * CapacityBuffer CRD's own rules (exactly one of podTemplateRef and scalableRef; a
 * podTemplateRef needs replicas or limits), percentage only with scalableRef, the
 * `capacityBuffer` feature gate, the Karpenter version, and pod template references.
 */
import { CheckContext } from './check-context';
import { labelKeyProblem, labelValueProblem } from './check-labels';
import { OVERLAY_BUFFER_VERSIONS } from './check-node-overlay';
import { isDns1123Label, objectNameProblem, suggestDnsName } from './check-names';
import { NAMESPACES } from '../facts/constants';
import { didYouMean } from '../shared/did-you-mean';
import { enableGateFix, gateEnabled } from '../facts/feature-gates';
import { PathSegment } from '../parse/located';
import { RawCapacityBuffer, RawPodTemplate } from '../parse/raw-overlay-buffer';
import { show } from '../shared/show-value';
import { DEFAULT_KARPENTER_VERSION } from '../facts/versions';

/** A non-negative Kubernetes quantity. */
const QUANTITY =
  /^(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;
/** Most buffers (and pod templates) one cluster may describe. */
export const MAX_CAPACITY_BUFFERS = 100;

export function checkCapacityBuffers(ctx: CheckContext): void {
  const buffers = ctx.raw.capacityBuffers ?? {};
  const templates = ctx.raw.podTemplates ?? {};
  const version = ctx.karpenterVersion;
  const gates = ctx.raw.karpenter?.featureGates;
  for (const [field, map] of [
    ['capacityBuffers', buffers],
    ['podTemplates', templates],
  ] as const) {
    const count = Object.keys(map).length;
    if (count > MAX_CAPACITY_BUFFERS)
      ctx.error(
        [field],
        `${count} entries, more than the ${MAX_CAPACITY_BUFFERS} a cluster may have`,
        'Merge entries of the same shape',
        'key',
      );
  }
  const templateNamespace = (name: string) => templates[name]?.namespace ?? NAMESPACES.capacityBuffers;
  const referenced = new Set<string>();

  for (const [name, buffer] of Object.entries(buffers)) {
    const at = (...rest: PathSegment[]): PathSegment[] => ['capacityBuffers', name, ...rest];
    const nameProblem = objectNameProblem('capacity buffer', name);
    if (nameProblem) ctx.error(at(), nameProblem.message, nameProblem.fix, 'key');
    checkNamespace(ctx, at('namespace'), buffer.namespace);
    if (!OVERLAY_BUFFER_VERSIONS.includes(version)) {
      ctx.error(
        at(),
        `Karpenter ${version} has no CapacityBuffer kind (autoscaling.x-k8s.io CapacityBuffer needs Karpenter ${OVERLAY_BUFFER_VERSIONS.join(' or ')})`,
        `Set karpenter.version: ${DEFAULT_KARPENTER_VERSION} for this cluster, or remove the buffer`,
        'key',
      );
    } else if (!gateEnabled(gates, 'capacityBuffer')) {
      ctx.error(
        at(),
        'CapacityBuffers need the capacityBuffer feature gate, which is off for this cluster',
        enableGateFix('capacityBuffer'),
        'key',
      );
    }
    checkBuffer(ctx, at, buffer);
    const ref = buffer.podTemplateRef;
    if (ref === undefined) continue;
    referenced.add(ref.name);
    const namespace = buffer.namespace ?? NAMESPACES.capacityBuffers;
    if (ref.existing === true) {
      if (ref.name in templates) {
        ctx.error(
          at('podTemplateRef', 'existing'),
          `pod template '${show(ref.name)}' is described under podTemplates, so the tool generates it: it is not an existing one`,
          'Remove existing: true',
          'key',
        );
      }
      continue;
    }
    if (!(ref.name in templates)) {
      const known = Object.keys(templates).sort();
      const guess = didYouMean(ref.name, known);
      ctx.error(
        at('podTemplateRef', 'name'),
        `pod template '${show(ref.name)}' is not described under podTemplates (${known.length > 0 ? `this cluster has: ${known.map((n) => show(n)).join(', ')}` : 'this cluster has no podTemplates'})`,
        `${guess ? `Did you mean '${show(guess)}'? ` : ''}Describe it under podTemplates, or write podTemplateRef: { name: ${show(ref.name)}, existing: true } if it already exists in namespace ${namespace}`,
      );
    } else if (templateNamespace(ref.name) !== namespace) {
      ctx.error(
        at('podTemplateRef', 'name'),
        `pod template '${show(ref.name)}' is in namespace ${templateNamespace(ref.name)} but the buffer is in ${namespace}; a buffer only reads pod templates of its own namespace`,
        'Put the buffer and its pod template in the same namespace',
      );
    }
  }

  for (const [name, template] of Object.entries(templates)) {
    const at = (...rest: PathSegment[]): PathSegment[] => ['podTemplates', name, ...rest];
    const nameProblem = objectNameProblem('pod template', name);
    if (nameProblem) ctx.error(at(), nameProblem.message, nameProblem.fix, 'key');
    checkNamespace(ctx, at('namespace'), template.namespace);
    checkPodTemplate(ctx, at, template);
    if (!referenced.has(name)) {
      ctx.warn(
        at(),
        `pod template '${show(name)}' is not named by any capacity buffer's podTemplateRef`,
        'Name it in a buffer (capacityBuffers.<name>.podTemplateRef.name) or remove it',
        'key',
      );
    }
  }
}

function checkBuffer(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  buffer: RawCapacityBuffer,
): void {
  if (buffer.podTemplateRef !== undefined && buffer.scalableRef !== undefined) {
    ctx.error(
      at('scalableRef'),
      'You must define either PodTemplateRef or ScalableRef, but not both',
      'Keep podTemplateRef (a pod template gives the chunk shape) or scalableRef (a workload does), not both',
      'key',
    );
  }
  if (buffer.podTemplateRef === undefined && buffer.scalableRef === undefined) {
    ctx.error(
      at(),
      'the buffer names neither a podTemplateRef nor a scalableRef, so Karpenter cannot know the shape of its chunks',
      'Add podTemplateRef: { name: <a pod template under podTemplates> } or scalableRef: { apiGroup: apps, kind: Deployment, name: <workload> }',
      'key',
    );
  }
  if (buffer.podTemplateRef !== undefined && buffer.replicas === undefined && buffer.limits === undefined) {
    ctx.error(
      at('podTemplateRef'),
      'If podTemplateRef is set, replicas or limits must also be set',
      'Add replicas (the number of chunks) or limits (e.g. cpu: 16)',
      'key',
    );
  }
  if (buffer.percentage !== undefined && buffer.scalableRef === undefined) {
    ctx.error(
      at('percentage'),
      'percentage is a share of the scalableRef’s replicas, and this buffer has no scalableRef',
      'Use replicas with a podTemplateRef, or name a workload in scalableRef',
      'key',
    );
  }
  const s = buffer.scalableRef;
  if (s !== undefined) {
    if (s.kind === '')
      ctx.error(at('scalableRef', 'kind'), 'kind is empty', 'Write the kind, e.g. Deployment');
    if (s.name === '')
      ctx.error(at('scalableRef', 'name'), 'name is empty', 'Write the name of the workload');
  }
  if (buffer.podTemplateRef?.name === '')
    ctx.error(at('podTemplateRef', 'name'), 'name is empty', 'Write the name of the pod template');
  checkQuantities(ctx, at('limits'), buffer.limits);
}

function checkPodTemplate(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  template: RawPodTemplate,
): void {
  const labels: [PathSegment[], Readonly<Record<string, string>> | undefined, string][] = [
    [at('labels'), template.labels, 'label'],
    [at('annotations'), template.annotations, 'annotation'],
    [at('template', 'metadata', 'labels'), template.template.metadata?.labels, 'label'],
    [at('template', 'metadata', 'annotations'), template.template.metadata?.annotations, 'annotation'],
  ];
  for (const [path, map, kind] of labels) {
    for (const [key, value] of Object.entries(map ?? {})) {
      const kp = labelKeyProblem(key);
      if (kp)
        ctx.error([...path, key], kp.replace('label key', `${kind} key`), `Use a valid ${kind} key`, 'key');
      if (kind === 'label') {
        const vp = labelValueProblem(value);
        if (vp) ctx.error([...path, key], vp, 'Use a valid label value');
      }
    }
  }
  const seen = new Set<string>();
  const spec = template.template.spec;
  for (const field of ['containers', 'initContainers'] as const) {
    (spec[field] ?? []).forEach((c, i) => {
      const path = (...rest: PathSegment[]) => at('template', 'spec', field, i, ...rest);
      if (seen.has(c.name))
        ctx.error(
          path('name'),
          `container name '${show(c.name)}' is used twice`,
          'Give every container a unique name',
        );
      seen.add(c.name);
      checkQuantities(ctx, path('resources', 'requests'), c.resources?.requests);
      checkQuantities(ctx, path('resources', 'limits'), c.resources?.limits);
    });
  }
  (spec.tolerations ?? []).forEach((t, i) => {
    if (t.operator === 'Exists' && t.value !== undefined)
      ctx.error(
        at('template', 'spec', 'tolerations', i, 'value'),
        'operator Exists takes no value',
        'Remove value, or use operator: Equal',
      );
  });
  const requests = template.template.spec.containers.some(
    (c) => Object.keys(c.resources?.requests ?? {}).length > 0,
  );
  if (!requests) {
    ctx.warn(
      at('template', 'spec', 'containers'),
      'no container requests any resources, so each buffer chunk reserves nothing',
      'Set resources.requests (e.g. cpu: "1", memory: 2Gi) on the containers',
      'key',
    );
  }
}

function checkNamespace(ctx: CheckContext, path: PathSegment[], namespace: string | undefined): void {
  if (namespace !== undefined && !isDns1123Label(namespace)) {
    ctx.error(
      path,
      `'${show(namespace)}' is not a valid Kubernetes namespace (DNS-1123 label: lower-case letters, digits and '-')`,
      `Use e.g. '${show(suggestDnsName(namespace))}'`,
    );
  }
}

function checkQuantities(
  ctx: CheckContext,
  path: PathSegment[],
  map: Readonly<Record<string, string | number>> | undefined,
): void {
  for (const [resource, quantity] of Object.entries(map ?? {})) {
    const kp = labelKeyProblem(resource);
    if (kp)
      ctx.error(
        [...path, resource],
        kp.replace('label key', 'resource name'),
        'Use cpu, memory or a resource such as nvidia.com/gpu',
        'key',
      );
    if (!QUANTITY.test(String(quantity)))
      ctx.error(
        [...path, resource],
        `'${show(String(quantity))}' is not a Kubernetes quantity`,
        'Write e.g. 2, 500m or 4Gi',
      );
  }
}
