/**
 * Argo CD objects (Application, AppProject, ApplicationSet) as plain typed objects on cdk8s's
 * own ApiObject, without loading the generated constructs of every Argo CD CRD
 * (imports/argocd-v3.5.1/argoproj.io.ts, 1.8 MB compiled) to emit a handful of objects.
 *
 * The types are the generated ones (`import type`, nothing at run time) in their JSON form:
 * the generated `toJson_*` converters rename exactly two fields of the Argo CD CRDs
 * (`repoUrl` → `repoURL`, `keyId` → `keyID`), so ArgocdJson renames those and keeps every
 * other field as it is; a misspelt or unknown field stays a compile error. The written
 * manifest is checked against the imported schema by validation like every other object,
 * and test/charts/argocd/argocd-object.test.ts checks that every object the charts build is
 * byte for byte what the generated construct writes (the spec's keys are sorted here, the order
 * the CRDs list their fields in and so the generated converters write them).
 *
 * The generated constructs stay in imports/ and the package (`karpenter-gitops/imports/...`)
 * for library users who build Argo CD objects of their own.
 */
import { ApiObject, ApiObjectMetadata } from 'cdk8s';
import type { Construct } from 'constructs';
import type {
  AppProjectSpec,
  ApplicationSetSpec,
  ApplicationSpec,
} from '../../imports/argocd-v3.5.1/argoproj.io';

/** apiVersion of every Argo CD object the tool writes (the generated constructs' GVK). */
export const ARGOCD_API_VERSION = 'argoproj.io/v1alpha1';

/** The field names whose JSON name differs from the generated TypeScript name. */
interface JsonNames {
  readonly repoUrl: 'repoURL';
  readonly keyId: 'keyID';
}

/** A generated Argo CD type in the JSON form the API server reads (renamed fields, same shape). */
export type ArgocdJson<T> = T extends readonly (infer U)[]
  ? ArgocdJson<U>[]
  : T extends object
    ? { readonly [K in keyof T as K extends keyof JsonNames ? JsonNames[K] : K]: ArgocdJson<T[K]> }
    : T;

/** The spec type of each Argo CD kind the tool writes. */
interface ArgocdSpecs {
  readonly Application: ApplicationSpec;
  readonly AppProject: AppProjectSpec;
  readonly ApplicationSet: ApplicationSetSpec;
}

export type ArgocdKind = keyof ArgocdSpecs;

export interface ArgocdObjectProps<K extends ArgocdKind> {
  readonly metadata: ApiObjectMetadata;
  readonly spec: ArgocdJson<ArgocdSpecs[K]>;
}

/** An Argo CD object of `kind` in `scope`, with an explicit id, as a plain cdk8s ApiObject. */
export function argocdObject<K extends ArgocdKind>(
  scope: Construct,
  id: string,
  kind: K,
  props: ArgocdObjectProps<K>,
): ApiObject {
  return new ApiObject(scope, id, {
    apiVersion: ARGOCD_API_VERSION,
    kind,
    metadata: props.metadata,
    spec: sortedKeys(props.spec),
  });
}

/**
 * A copy with every object's keys in code-unit order, arrays in their order: the order the
 * generated converters write the CRDs' fields in, whatever cdk8s's own sorting is set to
 * (CDK8S_DISABLE_SORT turns that off).
 */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) out[key] = sortedKeys(record[key]);
  return out;
}
