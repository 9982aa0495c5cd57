/**
 * The first step of the conversion: every manifest document to its draft (node pool, node
 * class, overlay, capacity buffer, pod template) by its apiVersion and kind, each name
 * defined once; what is not converted is reported with the reason.
 */
import {
  ApiGeneration,
  recogniseKind,
  recogniseOverlayBufferKind,
  NOT_CONVERTED_KINDS,
  OverlayBufferRole,
  supportedKinds,
} from './api-generations';
import { ConversionLog } from './conversion-report';
import { DocumentContext } from './document-context';
import { NodeClassDraft, NodePoolDraft } from './drafts';
import { convertCapacityBuffer, convertPodTemplate, NamespacedDraft } from './from/from-capacity-buffer';
import { convertNodeOverlay, OverlayDraft } from './from/from-node-overlay';
import { convertV1NodeClass, convertV1NodePool } from './from/from-v1';
import { convertV1beta1NodeClass, convertV1beta1NodePool } from './from/from-v1beta1';
import {
  convertAwsNodeTemplate,
  GLOBAL_SETTINGS_CONFIGMAP,
  LegacyGlobalSettings,
} from './from/from-aws-node-template';
import { convertProvisioner } from './from/from-v1alpha5';
import { documentLabel, SourceManifest } from './manifest-documents';

/** A draft with the document it came from. */
export interface Defined<T> {
  readonly draft: T;
  readonly ctx: DocumentContext;
}

/** The drafts of one conversion by name, and the documents they came from in input order. */
export interface ConvertedDocuments {
  readonly pools: Map<string, Defined<NodePoolDraft>>;
  readonly classes: Map<string, Defined<NodeClassDraft>>;
  readonly overlays: Map<string, Defined<OverlayDraft>>;
  readonly buffers: Map<string, Defined<NamespacedDraft>>;
  readonly podTemplates: Map<string, Defined<NamespacedDraft>>;
  /** The documents converted (not the skipped ones). */
  readonly converted: SourceManifest[];
}

export function convertDocuments(
  documents: readonly SourceManifest[],
  log: ConversionLog,
): ConvertedDocuments {
  const drafts: ConvertedDocuments = {
    pools: new Map(),
    classes: new Map(),
    overlays: new Map(),
    buffers: new Map(),
    podTemplates: new Map(),
    converted: [],
  };
  const settings = globalSettings(documents);
  for (const doc of documents) convertDocument(doc, drafts, settings, log);
  return drafts;
}

function convertDocument(
  doc: SourceManifest,
  drafts: ConvertedDocuments,
  settings: LegacyGlobalSettings,
  log: ConversionLog,
): void {
  const ctx = new DocumentContext(doc, log);
  const extra = recogniseOverlayBufferKind(doc.apiVersion, doc.kind);
  if (extra !== undefined) {
    convertOverlayOrBuffer(extra, ctx, drafts);
    drafts.converted.push(doc);
    return;
  }
  const known = recogniseKind(doc.apiVersion, doc.kind);
  if (!known) {
    reportNotConverted(doc, log);
    return;
  }
  drafts.converted.push(doc);
  if (known.role === 'pool') convertPool(ctx, known.generation, drafts, settings);
  else define(drafts.classes, convertClass(ctx, known.generation, settings), ctx, 'node class');
}

function convertOverlayOrBuffer(
  extra: OverlayBufferRole,
  ctx: DocumentContext,
  drafts: ConvertedDocuments,
): void {
  if (extra === 'overlay') define(drafts.overlays, convertNodeOverlay(ctx), ctx, 'node overlay');
  else if (extra === 'buffer') define(drafts.buffers, convertCapacityBuffer(ctx), ctx, 'capacity buffer');
  else if (extra === 'podTemplate') define(drafts.podTemplates, convertPodTemplate(ctx), ctx, 'pod template');
}

/** A node pool; a v1alpha5 Provisioner with an inline provider also defines its node class. */
function convertPool(
  ctx: DocumentContext,
  generation: ApiGeneration,
  drafts: ConvertedDocuments,
  settings: LegacyGlobalSettings,
): void {
  let pool: NodePoolDraft;
  if (generation === 'v1alpha5') {
    const result = convertProvisioner(ctx, settings);
    pool = result.pool;
    if (result.inlineClass) define(drafts.classes, result.inlineClass, ctx, 'node class');
  } else if (generation === 'v1beta1') pool = convertV1beta1NodePool(ctx);
  else pool = convertV1NodePool(ctx);
  define(drafts.pools, pool, ctx, 'node pool');
}

function convertClass(
  ctx: DocumentContext,
  generation: ApiGeneration,
  settings: LegacyGlobalSettings,
): NodeClassDraft {
  return generation === 'v1alpha5'
    ? convertAwsNodeTemplate(ctx, settings)
    : generation === 'v1beta1'
      ? convertV1beta1NodeClass(ctx)
      : convertV1NodeClass(ctx);
}

/** A document this tool does not convert: skipped, with why. */
function reportNotConverted(doc: SourceManifest, log: ConversionLog): void {
  log.add({
    level: 'info',
    action: 'skipped',
    file: doc.file,
    line: doc.line,
    col: doc.col,
    source:
      `${documentLabel(doc)} ${doc.kind || '(no kind)'}${doc.name ? '/' + doc.name : ''} ${doc.apiVersion}`.trimEnd(),
    target: '',
    message: 'not converted',
    reason: notConvertedReason(doc),
  });
}

function notConvertedReason(doc: SourceManifest): string {
  return (
    (isGlobalSettings(doc)
      ? `aws.defaultInstanceProfile is used for node templates without instanceProfile; the other settings are Helm values now (karpenter: in the fleet description)`
      : undefined) ??
    NOT_CONVERTED_KINDS[doc.kind] ??
    (['Provisioner', 'AWSNodeTemplate', 'NodePool', 'EC2NodeClass', 'NodeOverlay', 'CapacityBuffer'].includes(
      doc.kind,
    )
      ? `apiVersion ${doc.apiVersion || '(none)'} is not one this tool reads (${supportedKinds().join('; ')})`
      : `only Karpenter NodePools and node classes are converted (${supportedKinds().join('; ')})`)
  );
}

function define<T extends { name: string }>(
  map: Map<string, Defined<T>>,
  draft: T,
  ctx: DocumentContext,
  what: string,
): void {
  if (!draft.name) return; // reported by reportObjectExtras
  const prior = map.get(draft.name);
  if (prior) {
    const p = prior.ctx.doc;
    ctx.error(
      [],
      `defines ${what} '${draft.name}' again: ${p.kind}/${p.name} in ${p.file} ${documentLabel(p)} (line ${p.line}) already defines it`,
      'Keep one definition, or rename one of them',
    );
    return;
  }
  map.set(draft.name, { draft, ctx });
}

/** Every pool's node class must be among the converted ones. */
export function checkNodeClassReferences(drafts: ConvertedDocuments): void {
  for (const { draft: pool, ctx } of drafts.pools.values()) {
    if (pool.nodeClass && !drafts.classes.has(pool.nodeClass)) {
      const names = [...drafts.classes.keys()].sort();
      ctx.error(
        pool.nodeClassPath,
        `names node class '${pool.nodeClass}', which none of the input files define`,
        names.length > 0
          ? `Pass the file that defines it too, or use one of: ${names.join(', ')}`
          : 'Pass the file that defines its AWSNodeTemplate or EC2NodeClass too',
      );
    }
  }
}

function isGlobalSettings(doc: SourceManifest): boolean {
  return doc.kind === 'ConfigMap' && doc.apiVersion === 'v1' && doc.name === GLOBAL_SETTINGS_CONFIGMAP;
}

function globalSettings(documents: readonly SourceManifest[]): LegacyGlobalSettings {
  const doc = documents.find(isGlobalSettings);
  const data = doc?.body.data;
  if (!data || typeof data !== 'object') return {};
  const profile = (data as Record<string, unknown>)['aws.defaultInstanceProfile'];
  return typeof profile === 'string' && profile !== '' ? { defaultInstanceProfile: profile } : {};
}
