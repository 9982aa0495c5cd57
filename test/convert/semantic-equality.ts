/**
 * "Semantically equal" for the round-trip tests: a Karpenter object as the API server stores it
 * (the CRD's structural defaults applied, with the validator's own defaulting from the imported
 * 1.14.1 schema), compared on what Karpenter treats as a set (requirements) and without empty
 * template metadata. Shared by round-trip.test.ts and round-trip-property.test.ts.
 */
import { ArtifactSet, findProjectRoot } from '../../validation/kubernetes/artifacts';
import { defaultObject } from '../../validation/kubernetes/structural-defaulting';

type Obj = Record<string, unknown>;

let karpenter: ArtifactSet | undefined;

/** The object with the structural defaults of its v1 CRD (Karpenter 1.14.1) applied. */
export function withCrdDefaults(obj: Obj): Obj {
  karpenter ??= new ArtifactSet(findProjectRoot(), 'karpenter', '1.14.1');
  const entry = karpenter.find(String(obj.apiVersion), String(obj.kind));
  if (!entry) throw new Error(`no imported CRD for ${String(obj.apiVersion)} ${String(obj.kind)}`);
  return defaultObject(JSON.parse(JSON.stringify(obj)), karpenter.schema(entry)) as Obj;
}

/** The spec, with requirements in a fixed order and empty template metadata left out. */
export function normalisedSpec(obj: Obj): Obj {
  const spec = JSON.parse(JSON.stringify(obj.spec)) as Obj;
  if (obj.kind === 'NodePool') {
    const template = spec.template as Obj;
    const ts = template.spec as Obj;
    const reqs = (ts.requirements as Obj[] | undefined) ?? [];
    ts.requirements = [...reqs].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    const meta = template.metadata as Obj | undefined;
    if (meta && Object.keys(meta).length === 0) delete template.metadata;
  }
  return spec;
}
