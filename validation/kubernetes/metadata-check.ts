/**
 * ObjectMeta rules the API server applies to every object, beyond its schema: a name
 * (or generateName), DNS-1123 names and namespaces, well-formed label keys and values.
 */
import { PathSegment } from '../../model';

export interface MetadataViolation {
  readonly path: readonly PathSegment[];
  readonly message: string;
  readonly fix?: string;
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export function isDns1123Subdomain(s: string): boolean {
  return s.length <= 253 && DNS1123_SUBDOMAIN.test(s);
}

export function isDns1123Label(s: string): boolean {
  return s.length <= 63 && DNS1123_LABEL.test(s);
}

const keyProblems = new Map<string, string | undefined>();

/** Problems with a qualified key `prefix/name` (label and annotation keys); remembered per key. */
export function qualifiedNameProblem(key: string): string | undefined {
  if (keyProblems.has(key)) return keyProblems.get(key);
  const problem = computeQualifiedNameProblem(key);
  if (keyProblems.size >= 10_000) keyProblems.clear();
  keyProblems.set(key, problem);
  return problem;
}

function computeQualifiedNameProblem(key: string): string | undefined {
  const parts = key.split('/');
  if (parts.length > 2) return 'has more than one "/"';
  const name = parts[parts.length - 1];
  if (parts.length === 2 && !isDns1123Subdomain(parts[0]))
    return `prefix '${parts[0]}' is not a DNS-1123 subdomain`;
  if (name.length === 0 || name.length > 63) return 'name part must be 1 to 63 characters';
  if (!LABEL_NAME.test(name))
    return 'name part must start and end with an alphanumeric character and contain only [-A-Za-z0-9_.]';
  return undefined;
}

export function checkMetadata(metadata: unknown, namespaced: boolean): MetadataViolation[] {
  const out: MetadataViolation[] = [];
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return out; // schema reports it
  const m = metadata as Record<string, unknown>;
  if (m.name === undefined && m.generateName === undefined) {
    out.push({
      path: ['metadata', 'name'],
      message: 'metadata.name is required',
      fix: 'Give the object a name',
    });
  }
  if (typeof m.name === 'string' && !isDns1123Subdomain(m.name)) {
    out.push({
      path: ['metadata', 'name'],
      message: `name ${quoted(m.name)} is not a DNS-1123 subdomain`,
      fix: 'Use at most 253 lowercase letters, digits, "-" and ".", starting and ending with a letter or digit',
    });
  }
  if (typeof m.namespace === 'string' && namespaced && !isDns1123Label(m.namespace)) {
    out.push({
      path: ['metadata', 'namespace'],
      message: `namespace ${quoted(m.namespace)} is not a DNS-1123 label`,
      fix: 'Use at most 63 lowercase letters, digits and "-", starting and ending with a letter or digit',
    });
  }
  const labels = m.labels;
  if (typeof labels === 'object' && labels !== null && !Array.isArray(labels)) {
    for (const [k, v] of Object.entries(labels)) {
      const problem = qualifiedNameProblem(k);
      if (problem)
        out.push({
          path: ['metadata', 'labels', k],
          message: `label key ${quoted(k)} ${problem}`,
          fix: 'Use an optional DNS subdomain prefix and "/", then at most 63 characters of [-A-Za-z0-9_.], alphanumeric at both ends',
        });
      if (typeof v === 'string' && (v.length > 63 || !LABEL_VALUE.test(v))) {
        out.push({
          path: ['metadata', 'labels', k],
          message: `label value ${quoted(v)} is invalid`,
          fix: 'Use at most 63 characters, alphanumeric at both ends, [-A-Za-z0-9_.] inside',
        });
      }
    }
  }
  const annotations = m.annotations;
  if (typeof annotations === 'object' && annotations !== null && !Array.isArray(annotations)) {
    for (const k of Object.keys(annotations)) {
      const problem = qualifiedNameProblem(k);
      if (problem)
        out.push({
          path: ['metadata', 'annotations', k],
          message: `annotation key ${quoted(k)} ${problem}`,
          fix: 'Use an optional DNS subdomain prefix and "/", then at most 63 characters of [-A-Za-z0-9_.], alphanumeric at both ends',
        });
    }
  }
  return out;
}

/** A user value inside a message: JSON-escaped (no raw control characters) and cut to 80 characters. */
function quoted(value: string): string {
  const text = JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  return `'${text.slice(1, -1)}'`;
}
