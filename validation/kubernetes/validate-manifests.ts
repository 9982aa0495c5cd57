/**
 * Validates Kubernetes manifests against the imported CRD schemas of one Karpenter version
 * (and Argo CD's): structure with the import-time compiled ajv validators (defaults applied
 * first, objects closed), ObjectMeta rules, and every CEL rule at its schema location.
 * Each document is judged on its own; a bad one never hides the others.
 */
import {
  ARGOCD_VERSION,
  DEFAULT_KARPENTER_VERSION,
  KARPENTER_VERSIONS,
  KarpenterVersion,
  PathSegment,
} from '../../model';
import { ACK_GROUPS } from '../../policies/targets/ack/ack-controllers';
import { ackArtifactSet } from './ack-artifact-sets';
import { ArtifactSet, CatalogEntry, findProjectRoot } from './artifacts';
import { Finding, formatPath } from '../finding';
import { ManifestDocument } from '../manifest-source';
import { checkMetadata } from './metadata-check';
import { CompiledRules } from './rule-engine';
import { schemaViolations } from './schema-findings';
import { defaultObject, formatViolations } from './structural-defaulting';

/** API groups judged by the Karpenter CRD set (the karpenter-crd chart also ships CapacityBuffer). */
export const KARPENTER_GROUPS = ['karpenter.sh', 'karpenter.k8s.aws', 'autoscaling.x-k8s.io'] as const;
export const ARGOCD_GROUP = 'argoproj.io';

/**
 * API groups built into the Kubernetes API server (core is ''). Their objects are the
 * server's own types, outside what this tool imports: they are skipped without a finding.
 * Objects of any other group without an imported schema get a warning.
 */
export const BUILT_IN_GROUPS: ReadonlySet<string> = new Set([
  '',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'apps',
  'autoscaling',
  'batch',
  'certificates.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'events.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'networking.k8s.io',
  'node.k8s.io',
  'policy',
  'rbac.authorization.k8s.io',
  'scheduling.k8s.io',
  'storage.k8s.io',
]);

export interface ValidateOptions {
  /**
   * Karpenter version whose CRDs judge `karpenter.sh` and `karpenter.k8s.aws` objects.
   * @default DEFAULT_KARPENTER_VERSION
   */
  readonly karpenterVersion?: KarpenterVersion;
  /** Previous versions of the objects (e.g. the base branch's dist/), for transition rules. @default none */
  readonly previous?: readonly ManifestDocument[];
}

interface Resolved {
  readonly set: ArtifactSet;
  readonly entry: CatalogEntry;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** Identity used to pair an object with its previous version. */
export function objectKey(value: Record<string, unknown>): string | undefined {
  const meta = isRecord(value.metadata) ? value.metadata : {};
  if (typeof value.apiVersion !== 'string' || typeof value.kind !== 'string' || typeof meta.name !== 'string')
    return undefined;
  return `${value.apiVersion}|${value.kind}|${typeof meta.namespace === 'string' ? meta.namespace : ''}|${meta.name}`;
}

/** One validator per Karpenter version: artifacts loaded once, CEL rules compiled at construction. */
export class ManifestValidator {
  readonly karpenterVersion: KarpenterVersion;
  /** Number of CEL rules compiled (all versions of all CRDs of the sets in use). */
  readonly compiledRuleCount: number;
  private readonly karpenter: ArtifactSet;
  private readonly argocd: ArtifactSet;
  private readonly rules = new Map<string, CompiledRules>();
  private readonly resolved = new Map<string, ReturnType<ManifestValidator['resolveUncached']>>();
  private readonly root: string;

  constructor(
    karpenterVersion: KarpenterVersion = DEFAULT_KARPENTER_VERSION,
    root: string = findProjectRoot(),
  ) {
    this.karpenterVersion = karpenterVersion;
    this.root = root;
    this.karpenter = artifactSet(root, 'karpenter', karpenterVersion);
    this.argocd = artifactSet(root, 'argo-cd', ARGOCD_VERSION);
    let count = 0;
    for (const set of [this.karpenter, this.argocd]) {
      for (const entry of set.entries) {
        const compiled = new CompiledRules(set.rules(entry));
        this.rules.set(`${set.project}/${entry.base}`, compiled);
        count += compiled.count;
      }
    }
    this.compiledRuleCount = count;
  }

  validate(docs: readonly ManifestDocument[], previous: readonly ManifestDocument[] = []): Finding[] {
    const before = new Map<string, unknown>();
    for (const p of previous) {
      if (isRecord(p.value)) {
        const key = objectKey(p.value);
        if (key) before.set(key, p.value);
      }
    }
    const out: Finding[] = [];
    for (const doc of docs) this.validateOne(doc, before, out);
    return out;
  }

  private validateOne(doc: ManifestDocument, before: ReadonlyMap<string, unknown>, out: Finding[]): void {
    const base = { file: doc.file, document: doc.index };
    const docError = (
      check: string,
      message: string,
      fix?: string,
      severity: 'error' | 'warning' = 'error',
    ): void => {
      const pos = doc.locate([]);
      out.push({
        ...base,
        severity,
        line: pos.line,
        col: pos.col,
        path: '',
        message,
        check,
        ...(fix ? { fix } : {}),
      });
    };
    if (doc.error !== undefined)
      return docError('document/yaml', `document ${doc.index + 1} is ${doc.error}`, 'Fix the YAML syntax');
    const value = doc.value;
    if (!isRecord(value)) {
      return docError(
        'document/not-object',
        `document ${doc.index + 1} is not a Kubernetes object (a mapping with apiVersion and kind)`,
      );
    }
    if (
      typeof value.apiVersion !== 'string' ||
      typeof value.kind !== 'string' ||
      !value.apiVersion ||
      !value.kind
    ) {
      const missing = ['apiVersion', 'kind'].filter((k) => typeof value[k] !== 'string' || !value[k]);
      return docError(
        'document/no-type',
        `document ${doc.index + 1} has no ${missing.join(' and ')}`,
        'Every manifest needs apiVersion and kind, e.g. apiVersion: karpenter.sh/v1, kind: NodePool',
      );
    }
    const meta = isRecord(value.metadata) ? value.metadata : {};
    const object = `${value.kind}/${typeof meta.name === 'string' ? meta.name : '<unnamed>'}`;
    const resolved = this.resolve(value.apiVersion, value.kind);
    if (resolved === 'built-in') return;
    if ('problem' in resolved) {
      return docError(resolved.check, resolved.problem, resolved.fix, resolved.severity);
    }
    const { set, entry } = resolved;
    const at = (path: readonly PathSegment[]) => doc.locate(path);
    const push = (
      severity: 'error' | 'warning',
      check: string,
      path: readonly PathSegment[],
      message: string,
      fix?: string,
      rule?: string,
    ): void => {
      const pos = at(path);
      out.push({
        ...base,
        object,
        severity,
        line: pos.line,
        col: pos.col,
        path: formatPath(path),
        message,
        check,
        ...(fix ? { fix } : {}),
        ...(rule ? { rule } : {}),
      });
    };

    // The API server defaults the object (and the stored one it compares with) before any
    // check; findings point at what the user wrote (a defaulted field at its parent).
    const schema = set.schema(entry);
    const defaulted = defaultObject(value, schema);
    const validate = set.validator(entry);
    const schemaOk = validate(defaulted);
    if (!schemaOk) {
      for (const v of schemaViolations(validate.errors ?? [], defaulted, () => schema)) {
        push('error', `schema/${v.check}`, v.path, v.message, v.fix);
      }
    }
    const formats = formatViolations(defaulted, schema);
    for (const f of formats) {
      push(
        'error',
        'schema/format',
        f.path,
        `${JSON.stringify(f.value)} is not a valid ${f.format}`,
        `Write a ${f.format} the API server accepts, e.g. ${f.example}`,
      );
    }
    for (const v of checkMetadata(value.metadata, entry.namespaced))
      push('error', 'metadata', v.path, v.message, v.fix);

    const rules = this.rulesOf(set, entry);
    if (rules && rules.count > 0) {
      const key = objectKey(value);
      const stored = key ? before.get(key) : undefined;
      const old = stored === undefined ? undefined : defaultObject(stored, schema);
      const clean = schemaOk && formats.length === 0;
      for (const v of rules.evaluate(defaulted, old)) {
        // A rule that cannot run on a value of the wrong type repeats a schema error already reported.
        if (!clean && v.message.includes('(the rule could not be evaluated:')) continue;
        push('error', v.rule ? 'cel' : 'schema/list-type', v.path, v.message, undefined, v.rule?.rule);
      }
    }
  }

  /** The compiled rules of a CRD version (ACK sets' compiled on first use). */
  private rulesOf(set: ArtifactSet, entry: CatalogEntry): CompiledRules {
    const key = `${set.project}/${entry.base}`;
    let compiled = this.rules.get(key);
    if (!compiled) {
      compiled = new CompiledRules(set.rules(entry));
      this.rules.set(key, compiled);
    }
    return compiled;
  }

  private resolve(apiVersion: string, kind: string): ReturnType<ManifestValidator['resolveUncached']> {
    const key = `${apiVersion}|${kind}`;
    let r = this.resolved.get(key);
    if (!r) {
      r = this.resolveUncached(apiVersion, kind);
      this.resolved.set(key, r);
    }
    return r;
  }

  private resolveUncached(
    apiVersion: string,
    kind: string,
  ): Resolved | 'built-in' | { problem: string; check: string; fix?: string; severity: 'error' | 'warning' } {
    const group = groupOf(apiVersion);
    if (BUILT_IN_GROUPS.has(group)) return 'built-in';
    const ack = ackArtifactSet(this.root, group);
    if (ack && 'missing' in ack) {
      return {
        severity: 'error',
        check: 'ack/missing-controller',
        problem: `${kind} ${apiVersion} is served by the ACK ${ack.missing.controller}, whose CRDs are not imported: its objects cannot be validated, and a cluster without that controller never creates them`,
        fix: `Install ${ack.missing.repo} v${ack.missing.version} where the ACK objects are applied (aws.ack.destination) and import its CRDs (npm run import with ACK_CONTROLLERS_DIR naming a clone of it; docs/ack.md)`,
      };
    }
    const set = (KARPENTER_GROUPS as readonly string[]).includes(group)
      ? this.karpenter
      : group === ARGOCD_GROUP
        ? this.argocd
        : ack?.set;
    if (!set) {
      return {
        severity: 'warning',
        check: 'document/not-validated',
        problem: `${apiVersion} ${kind} is not validated: only Karpenter (${KARPENTER_GROUPS.join(', ')}), Argo CD (${ARGOCD_GROUP}) and ACK (${ACK_GROUPS.join(', ')}) schemas are imported`,
      };
    }
    const found = set.find(apiVersion, kind);
    if (found?.served) return { set, entry: found };
    const label =
      set.project === 'karpenter'
        ? `Karpenter ${set.setVersion}`
        : set.project === 'argo-cd'
          ? `Argo CD ${set.setVersion}`
          : `ACK ${set.project.slice('ack-'.length)} ${set.setVersion}`;
    const sameKind = set.entries.filter((e) => e.group === group && e.kind === kind && e.served);
    if (found && sameKind.length > 0) {
      return {
        severity: 'error',
        check: 'document/not-served',
        problem: `${kind} ${apiVersion} is defined but not served by ${label}: the API server refuses it`,
        fix: `Migrate the object to ${sameKind.map((e) => `${e.group}/${e.version}`).join(' or ')}`,
      };
    }
    if (sameKind.length === 0) {
      const kinds = [...new Set(set.entries.filter((e) => e.group === group).map((e) => e.kind))].sort();
      return {
        severity: 'error',
        check: 'document/unknown-kind',
        problem: `unknown kind ${kind} in API group ${group} (${label} has ${kinds.join(', ') || 'no kinds in this group'})`,
        fix: "Check the kind's spelling and apiVersion",
      };
    }
    const version = apiVersion.slice(group.length + 1);
    const others =
      set.project === 'karpenter'
        ? KARPENTER_VERSIONS.filter((v) => v !== set.setVersion && karpenterHas(v, group, version, kind))
        : [];
    return {
      severity: 'error',
      check: 'document/no-schema',
      problem: `${kind} ${apiVersion} has no imported schema in ${label} (it serves ${sameKind.map((e) => `${e.group}/${e.version}`).join(', ')})`,
      fix: others.length
        ? `Karpenter ${others.join(', ')} has it: pass --karpenter-version ${others[0]}, or migrate the object to ${sameKind[0].group}/${sameKind[0].version}`
        : `Migrate the object to ${sameKind[0].group}/${sameKind[0].version}`,
    };
  }
}

const setCache = new Map<string, ArtifactSet>();

function artifactSet(root: string, project: string, version: string): ArtifactSet {
  const key = `${root}|${project}|${version}`;
  let set = setCache.get(key);
  if (!set) {
    set = new ArtifactSet(root, project, version);
    setCache.set(key, set);
  }
  return set;
}

function karpenterHas(
  version: KarpenterVersion,
  group: string,
  apiVersionVersion: string,
  kind: string,
): boolean {
  const set = artifactSet(findProjectRoot(), 'karpenter', version);
  return set.entries.some((e) => e.group === group && e.version === apiVersionVersion && e.kind === kind);
}

const validators = new Map<KarpenterVersion, ManifestValidator>();

/** The shared validator of a Karpenter version (built once per process). */
export function validatorFor(
  karpenterVersion: KarpenterVersion = DEFAULT_KARPENTER_VERSION,
): ManifestValidator {
  let v = validators.get(karpenterVersion);
  if (!v) {
    v = new ManifestValidator(karpenterVersion);
    validators.set(karpenterVersion, v);
  }
  return v;
}

/** Validates parsed documents with the rules of one Karpenter version. */
export function validateManifests(
  docs: readonly ManifestDocument[],
  options: ValidateOptions = {},
): Finding[] {
  return validatorFor(options.karpenterVersion).validate(docs, options.previous);
}
