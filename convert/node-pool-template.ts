/**
 * What v1beta1 and v1 NodePools share: the template's metadata and spec. Each version
 * passes the fields its own API has; anything else is reported as dropped.
 */
import { DocumentContext } from './document-context';
import { NodePoolDraft } from './drafts';
import { readRequirements } from './requirements';
import { readTaints } from './v1-fields';

export interface NodePoolApiShape {
  /** The API version as the report names it, e.g. `v1beta1`. */
  readonly version: string;
  /** Fields of `spec`. */
  readonly specFields: readonly string[];
  /** Fields of `spec.template.spec`. */
  readonly templateSpecFields: readonly string[];
}

/** Path of the template spec inside a NodePool. */
export const TEMPLATE_SPEC = ['spec', 'template', 'spec'] as const;

/**
 * Reports fields outside `shape` and reads the template shared by v1beta1 and v1: requirements,
 * labels, annotations, taints, startup taints and limits. `nodeClass` is left for the caller.
 */
export function readNodePoolTemplate(ctx: DocumentContext, shape: NodePoolApiShape): NodePoolDraft {
  const name = ctx.doc.name;
  const t = `nodePools.${name}`;
  const ts = [...TEMPLATE_SPEC];
  ctx.dropUnknownKeys(['spec'], shape.specFields, `NodePool ${shape.version} has no such field`);
  ctx.dropUnknownKeys(
    ['spec', 'template'],
    ['metadata', 'spec'],
    'A NodePool template has only metadata and spec',
  );
  ctx.dropUnknownKeys(
    ['spec', 'template', 'metadata'],
    ['labels', 'annotations'],
    'The template metadata has only labels and annotations',
  );
  ctx.dropUnknownKeys(
    ts,
    shape.templateSpecFields,
    `NodePool ${shape.version} template spec has no such field`,
  );
  return {
    name,
    ctx,
    nodeClass: '',
    nodeClassPath: [...ts, 'nodeClassRef'],
    requirements: readRequirements(ctx, [...ts, 'requirements'], t),
    labels: ctx.stringMap(['spec', 'template', 'metadata', 'labels']) ?? {},
    annotations: ctx.stringMap(['spec', 'template', 'metadata', 'annotations']) ?? {},
    taints: readTaints(ctx, [...ts, 'taints'], `${t}.taints`),
    startupTaints: readTaints(ctx, [...ts, 'startupTaints'], `${t}.startupTaints`),
    limits: ctx.stringMap(['spec', 'limits']) ?? {},
    disruption: {},
  };
}
