/**
 * What a Karpenter version's CRDs are shaped like, where the tool's semantic checks differ by
 * shape: derived by a pure function from the version's validation artifacts (the preprocessed
 * schemas, `imports/validation/<set>/<plural>.<group>.<version>.schema.js`, or the same files of an
 * imported version), never from the version number. A version whose EC2NodeClass `spec.kubelet` is
 * an open map gets the free-form kubelet rules (check-free-form-kubelet.ts) whatever it is called;
 * 1.0.14 and 1.14.1 derive `typed`, the upstream snapshot of 2026-08-21 (after PR #9461,
 * aws/karpenter-provider-aws commit 7695b3c49c78efe10bb823213b3888330182a40e) derives `free-form`.
 *
 * The artifacts are JSON Schema as codegen/generate-validation-artifacts.ts writes them
 * (validation/kubernetes/structural-schema.ts): a typed object has `properties` and
 * `additionalProperties: false`; `x-kubernetes-preserve-unknown-fields` leaves an object without
 * `properties` and without `additionalProperties: false`; repeated subschemas may be `$ref`s into
 * `definitions`.
 */

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A schema node of the artifacts (plain JSON). */
export type SchemaNode = { readonly [key: string]: unknown };

/** How a version's EC2NodeClass takes `spec.kubelet`. */
export const KUBELET_SHAPES = ['typed', 'free-form', 'absent'] as const;
export type KubeletShape = (typeof KUBELET_SHAPES)[number];

export interface CrdTraits {
  /**
   * `typed`: the CRD lists the kubelet fields (the API server checks them, CEL rules included);
   * `free-form`: any KubeletConfiguration field, checked only by Karpenter after apply;
   * `absent`: no `spec.kubelet` (or no EC2NodeClass artifact).
   */
  readonly kubelet: KubeletShape;
  /**
   * EC2NodeClass `spec.enclaveOptions` (Nitro Enclaves) is in the CRD. The v1.15 docs announce it;
   * the snapshot of 2026-08-21 does not have it, so nothing about its shape is assumed here.
   */
  readonly enclaveOptions: boolean;
  /**
   * NodePool `spec.disruption.consolidateAfter` must be written: the CRD lists it under
   * `required` (1.0.14, 1.14.1 and the snapshot of 2026-08-21 do). The v1.15 docs make it
   * optional; a version whose CRD no longer requires it derives false.
   */
  readonly consolidateAfterRequired: boolean;
  /** The CRD's default of `consolidateAfter` when the disruption block is left out, e.g. `0s`. */
  readonly consolidateAfterDefault?: string;
  /** Operators a NodeOverlay requirement accepts (`Gte`/`Lte` where the CRD has them), sorted. */
  readonly nodeOverlayOperators: readonly string[];
}

/** The artifacts a version's traits are derived from: each the `.schema.js` module's value. */
export interface TraitArtifacts {
  readonly ec2NodeClass?: SchemaNode;
  readonly nodePool?: SchemaNode;
  readonly nodeOverlay?: SchemaNode;
}

const isNode = (v: unknown): v is SchemaNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node at `path` (property names) below `root`, following `$ref`s into `definitions`. */
export function schemaAt(root: SchemaNode, path: readonly string[]): SchemaNode | undefined {
  const deref = (node: SchemaNode): SchemaNode => {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return node;
    const defs = root.definitions;
    const target = isNode(defs) ? defs[ref.slice('#/definitions/'.length)] : undefined;
    return isNode(target) ? deref(target) : node;
  };
  let node: SchemaNode | undefined = deref(root);
  for (const name of path) {
    if (node === undefined) return undefined;
    const props: unknown = node.properties;
    const next: unknown = name === '[]' ? node.items : isNode(props) ? props[name] : undefined;
    node = isNode(next) ? deref(next) : undefined;
  }
  return node;
}

/** `typed` when the node lists its fields; `free-form` when it keeps unknown fields. */
export function objectShape(node: SchemaNode | undefined): KubeletShape {
  if (node === undefined) return 'absent';
  if (isNode(node.properties) && Object.keys(node.properties).length > 0) return 'typed';
  return node.additionalProperties === false ? 'typed' : 'free-form';
}

/** The traits of one version, from its artifacts. Pure: same artifacts, same traits. */
export function deriveCrdTraits(artifacts: TraitArtifacts): CrdTraits {
  const nc = artifacts.ec2NodeClass;
  const spec = nc ? schemaAt(nc, ['spec']) : undefined;
  const disruption = artifacts.nodePool ? schemaAt(artifacts.nodePool, ['spec', 'disruption']) : undefined;
  const required = Array.isArray(disruption?.required) ? (disruption.required as unknown[]) : [];
  const disruptionDefault = disruption?.default;
  const consolidateDefault = isNode(disruptionDefault) ? disruptionDefault.consolidateAfter : undefined;
  const operator = artifacts.nodeOverlay
    ? schemaAt(artifacts.nodeOverlay, ['spec', 'requirements', '[]', 'operator'])
    : undefined;
  const operators = Array.isArray(operator?.enum)
    ? (operator.enum as unknown[]).filter((v): v is string => typeof v === 'string').sort()
    : [];
  return {
    kubelet: objectShape(spec ? schemaAt(spec, ['kubelet']) : undefined),
    enclaveOptions: spec !== undefined && schemaAt(spec, ['enclaveOptions']) !== undefined,
    consolidateAfterRequired: required.includes('consolidateAfter'),
    ...(typeof consolidateDefault === 'string' ? { consolidateAfterDefault: consolidateDefault } : {}),
    nodeOverlayOperators: operators,
  };
}

/** Artifact file stems (`<plural>.<group>.<version>`) the traits read, by role. */
export const TRAIT_ARTIFACT_FILES = {
  ec2NodeClass: 'ec2nodeclasses.karpenter.k8s.aws.v1',
  nodePool: 'nodepools.karpenter.sh.v1',
  nodeOverlay: 'nodeoverlays.karpenter.sh.v1alpha1',
} as const satisfies Record<keyof TraitArtifacts, string>;

/**
 * The traits of the artifacts in `dir` (a folder of `.schema.js` files: `imports/validation/<set>/`
 * or an imported version's copy); a missing file counts as a missing kind.
 */
export function loadCrdTraits(dir: string): CrdTraits {
  const hit = loaded.get(dir);
  if (hit) return hit;
  const read = (stem: string): SchemaNode | undefined => {
    const file = join(dir, `${stem}.schema.js`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return existsSync(file) ? (require(file) as SchemaNode) : undefined;
  };
  const traits = deriveCrdTraits({
    ec2NodeClass: read(TRAIT_ARTIFACT_FILES.ec2NodeClass),
    nodePool: read(TRAIT_ARTIFACT_FILES.nodePool),
    nodeOverlay: read(TRAIT_ARTIFACT_FILES.nodeOverlay),
  });
  loaded.set(dir, traits);
  return traits;
}

const loaded = new Map<string, CrdTraits>();

const builtIn = new Map<string, CrdTraits>();

/**
 * The traits of a version whose artifacts the tool ships (`imports/validation/karpenter-v<version>/`,
 * found by walking up from this file as model/facts/well-known-labels.ts does); undefined when the
 * tool has no artifacts of that version.
 */
export function builtInCrdTraits(version: string): CrdTraits | undefined {
  const hit = builtIn.get(version);
  if (hit) return hit;
  const rel = join('imports', 'validation', `karpenter-v${version}`);
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, rel, 'catalog.js'))) {
      const traits = loadCrdTraits(join(dir, rel));
      builtIn.set(version, traits);
      return traits;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * What the carry-over line adds for checks written for a version's own shape (they apply where the
 * checks written for the shipped shapes do not): '' when there are none.
 */
export function shapeRulesNote(traits: CrdTraits): string {
  return traits.kubelet === 'free-form'
    ? ' Written for its free-form kubelet and applied: the kubelet rules per AMI family (AL2023 applies every field; AL2, Bottlerocket and Windows only the 12 Karpenter maps) and the NodeClassCEL gate of CEL expressions.'
    : '';
}
