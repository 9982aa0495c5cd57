/**
 * `autoscaling.x-k8s.io/v1beta1` CapacityBuffer → an entry of `capacityBuffers:`, and core/v1
 * PodTemplate → an entry of `podTemplates:`. Every spec field keeps its name; the namespace is
 * kept (left out when it is the fleet default, capacity-buffers). A buffer whose PodTemplate is
 * not among the input files names it with `existing: true`.
 */
import { NAMESPACES } from '../../model';
import { CONTAINER_KEYS, INIT_CONTAINER_KEYS, POD_SPEC_KEYS } from '../../model/stages';
import { DocumentContext } from '../document-context';
import { SourceManifest } from '../manifest-documents';
import { reportObjectExtras } from '../object-metadata';

type Obj = Record<string, unknown>;

export const CAPACITY_BUFFER_SPEC_KEYS = [
  'podTemplateRef',
  'scalableRef',
  'replicas',
  'percentage',
  'limits',
  'provisioningStrategy',
];

export interface NamespacedDraft {
  readonly name: string;
  readonly namespace: string;
  readonly ctx: DocumentContext;
  readonly value: Obj;
}

/** The object's namespace (`default` when it names none, as kubectl would apply it). */
export function namespaceOf(doc: SourceManifest): string {
  const meta = doc.body.metadata;
  const ns = meta && typeof meta === 'object' ? (meta as Obj).namespace : undefined;
  return typeof ns === 'string' && ns !== '' ? ns : 'default';
}

/** A context over the document without metadata.namespace (kept by these converters, not dropped). */
function withoutNamespace(ctx: DocumentContext): DocumentContext {
  const meta = (ctx.doc.body.metadata ?? {}) as Obj;
  const rest = Object.fromEntries(Object.entries(meta).filter(([k]) => k !== 'namespace'));
  return new DocumentContext(
    { ...ctx.doc, body: { ...ctx.doc.body, metadata: rest }, position: ctx.doc.position },
    ctx.log,
  );
}

export function convertCapacityBuffer(ctx: DocumentContext): NamespacedDraft {
  const name = ctx.doc.name;
  const namespace = namespaceOf(ctx.doc);
  reportObjectExtras(withoutNamespace(ctx), `capacityBuffers.${name}`);
  ctx.dropUnknownKeys(['spec'], CAPACITY_BUFFER_SPEC_KEYS, 'CapacityBuffer v1beta1 has no such field');
  const value: Obj = {};
  if (namespace !== NAMESPACES.capacityBuffers) value.namespace = namespace;
  const ref = ctx.str(['spec', 'podTemplateRef', 'name']);
  if (ref !== undefined) {
    ctx.dropUnknownKeys(['spec', 'podTemplateRef'], ['name'], 'podTemplateRef has only name');
    value.podTemplateRef = { name: ref };
  }
  if (ctx.has(['spec', 'scalableRef'])) {
    const s = ['spec', 'scalableRef'];
    ctx.dropUnknownKeys(s, ['apiGroup', 'kind', 'name'], 'scalableRef has only apiGroup, kind and name');
    value.scalableRef = compact({
      apiGroup: ctx.str([...s, 'apiGroup']),
      kind: ctx.str([...s, 'kind']),
      name: ctx.str([...s, 'name']),
    });
  }
  for (const key of ['replicas', 'percentage'] as const) {
    const n = ctx.int(['spec', key]);
    if (n !== undefined) value[key] = n;
  }
  const limits = ctx.stringMap(['spec', 'limits']);
  if (limits !== undefined && Object.keys(limits).length > 0) value.limits = sorted(limits);
  const strategy = ctx.str(['spec', 'provisioningStrategy']);
  if (strategy !== undefined) value.provisioningStrategy = strategy;
  return { name, namespace, ctx, value };
}

export function convertPodTemplate(ctx: DocumentContext): NamespacedDraft {
  const name = ctx.doc.name;
  const namespace = namespaceOf(ctx.doc);
  if (!name) ctx.error(['metadata'], 'has no name', 'Set metadata.name');
  ctx.dropUnknownKeys([], ['apiVersion', 'kind', 'metadata', 'template'], 'Not part of a PodTemplate');
  ctx.dropUnknownKeys(
    ['metadata'],
    [
      'name',
      'namespace',
      'labels',
      'annotations',
      'uid',
      'resourceVersion',
      'creationTimestamp',
      'managedFields',
    ],
    'Not object metadata the fleet format can express',
  );
  const value: Obj = {};
  if (namespace !== NAMESPACES.capacityBuffers) value.namespace = namespace;
  const labels = ctx.stringMap(['metadata', 'labels']);
  if (labels && Object.keys(labels).length > 0) value.labels = sorted(labels);
  const annotations = ctx.stringMap(['metadata', 'annotations']);
  if (annotations && Object.keys(annotations).length > 0) value.annotations = sorted(annotations);
  ctx.dropUnknownKeys(['template'], ['metadata', 'spec'], 'A pod template has only metadata and spec');
  ctx.dropUnknownKeys(
    ['template', 'metadata'],
    ['labels', 'annotations'],
    'Buffer pods are virtual: only their labels and annotations matter',
  );
  const template: Obj = {};
  const podLabels = ctx.stringMap(['template', 'metadata', 'labels']);
  const podAnnotations = ctx.stringMap(['template', 'metadata', 'annotations']);
  const metadata = compact({
    labels: podLabels && Object.keys(podLabels).length > 0 ? sorted(podLabels) : undefined,
    annotations:
      podAnnotations && Object.keys(podAnnotations).length > 0 ? sorted(podAnnotations) : undefined,
  });
  if (Object.keys(metadata).length > 0) template.metadata = metadata;
  const spec = ctx.map(['template', 'spec']);
  if (spec === undefined)
    ctx.error(['template'], 'has no spec', 'A PodTemplate needs template.spec with containers');
  else template.spec = podSpec(ctx, spec);
  value.template = template;
  return { name, namespace, ctx, value };
}

const VIRTUAL =
  'Buffer pods are virtual (Karpenter never runs them): the fleet format keeps the fields that decide scheduling';

/** The scheduling-relevant pod spec fields; every other one is reported as dropped. */
function podSpec(ctx: DocumentContext, spec: Obj): Obj {
  const path = ['template', 'spec'];
  ctx.dropUnknownKeys(path, POD_SPEC_KEYS, VIRTUAL);
  const out: Obj = Object.fromEntries(Object.entries(spec).filter(([k]) => POD_SPEC_KEYS.includes(k)));
  for (const field of ['containers', 'initContainers'] as const) {
    const list = ctx.list([...path, field]);
    if (list === undefined) continue;
    const keys = field === 'containers' ? CONTAINER_KEYS : INIT_CONTAINER_KEYS;
    out[field] = list.map((c, i) => {
      ctx.dropUnknownKeys([...path, field, i], keys, VIRTUAL);
      return c && typeof c === 'object'
        ? Object.fromEntries(Object.entries(c as Obj).filter(([k]) => keys.includes(k)))
        : c;
    });
  }
  return out;
}

/** Marks buffers whose PodTemplate is not among the converted ones as naming an existing template. */
export function linkPodTemplates(
  buffers: readonly NamespacedDraft[],
  templates: readonly NamespacedDraft[],
): void {
  const known = new Set(templates.map((t) => `${t.namespace}/${t.name}`));
  for (const b of buffers) {
    const ref = b.value.podTemplateRef as { name: string } | undefined;
    if (ref === undefined || known.has(`${b.namespace}/${ref.name}`)) continue;
    (b.value.podTemplateRef as Obj).existing = true;
    b.ctx.report(
      'info',
      'converted',
      ['spec', 'podTemplateRef', 'name'],
      `capacityBuffers.${b.name}.podTemplateRef.existing`,
      `PodTemplate ${ref.name} is not among the input files: the buffer names it as an existing one (existing: true)`,
      'Pass the PodTemplate manifest too to have the tool generate it',
    );
  }
}

function compact(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

function sorted<T>(m: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(m)
      .sort()
      .map((k) => [k, m[k]]),
  );
}
