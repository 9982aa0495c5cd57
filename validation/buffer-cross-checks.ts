/**
 * Cross-checks of one cluster's CapacityBuffers: a buffer's podTemplateRef names a PodTemplate
 * of the same namespace that the cluster's dist/ defines, unless the buffer is annotated as
 * naming an existing one (EXISTING_POD_TEMPLATE_ANNOTATION, written for `existing: true`).
 * Karpenter only reads pod templates of the buffer's own namespace.
 */
import { EXISTING_POD_TEMPLATE_ANNOTATION, PathSegment } from '../model';
import { Finding, formatPath } from './finding';
import { ManifestDocument } from './manifest-source';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function field(v: unknown, path: readonly string[]): unknown {
  let n = v;
  for (const s of path) n = isRecord(n) ? n[s] : undefined;
  return n;
}

export function crossCheckBuffers(cluster: string, manifests: readonly ManifestDocument[]): Finding[] {
  const templates = new Map<string, Set<string>>();
  const buffers: { doc: ManifestDocument; value: Record<string, unknown> }[] = [];
  for (const doc of manifests) {
    const v = doc.value;
    if (!isRecord(v)) continue;
    const name = String(field(v, ['metadata', 'name']) ?? '');
    const namespace = String(field(v, ['metadata', 'namespace']) ?? 'default');
    if (v.apiVersion === 'v1' && v.kind === 'PodTemplate')
      templates.set(name, new Set([...(templates.get(name) ?? []), namespace]));
    else if (v.kind === 'CapacityBuffer' && String(v.apiVersion).startsWith('autoscaling.x-k8s.io/'))
      buffers.push({ doc, value: v });
  }
  const out: Finding[] = [];
  for (const { doc, value } of buffers) {
    const ref = field(value, ['spec', 'podTemplateRef', 'name']);
    if (typeof ref !== 'string') continue;
    if (field(value, ['metadata', 'annotations', EXISTING_POD_TEMPLATE_ANNOTATION]) === 'true') continue;
    const name = String(field(value, ['metadata', 'name']) ?? '');
    const namespace = String(field(value, ['metadata', 'namespace']) ?? 'default');
    const found = templates.get(ref);
    if (found?.has(namespace)) continue;
    const path: PathSegment[] = ['spec', 'podTemplateRef', 'name'];
    const pos = doc.locate(path);
    out.push({
      file: doc.file,
      document: doc.index,
      object: `CapacityBuffer/${name}`,
      severity: 'error',
      line: pos.line,
      col: pos.col,
      path: formatPath(path),
      check: 'cross/pod-template-ref',
      message: found
        ? `podTemplateRef names PodTemplate '${ref}', which cluster ${cluster} defines in namespace ${[...found].sort().join(', ')}, not in the buffer's namespace ${namespace}`
        : `podTemplateRef names PodTemplate '${ref}', which cluster ${cluster} does not define in namespace ${namespace}`,
      fix: found
        ? 'Put the buffer and its PodTemplate in the same namespace'
        : `Add the PodTemplate to dist/ (podTemplates in the fleet file), or annotate the buffer ${EXISTING_POD_TEMPLATE_ANNOTATION}: "true" when it already exists in the cluster`,
    });
  }
  return out;
}
