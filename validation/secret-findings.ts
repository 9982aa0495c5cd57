/**
 * The secret scan of `validate`, on any manifest: the same rule set and the same free-text
 * fields as the fleet check (model/check/check-secrets.ts) — labels, annotations, tags, userData,
 * Bottlerocket settings, env values — plus every string of a Helm values file and of an Argo CD
 * Application's `helm` section, with the team's `secretPatterns`. A finding is an error at the line of the secret (inside a block
 * scalar, its own line); the same `# karpenter-gitops: allow-secret <reason>` comment allows it.
 */
import {
  ALLOW_SECRET,
  commentLineAbove,
  CustomSecretRules,
  isFreeTextKey,
  scanValues,
  SecretValue,
  secretProblem,
} from '../model/stages';
import { Finding, formatPath } from './finding';
import { ManifestDocument, parseManifests } from './manifest-source';
import { PathSegment } from '../model';
import { distCluster, SourceFile } from './validate-tree';

/** Keys under which every string is free text here, besides the fleet's own. */
const MANIFEST_FREE_TEXT_KEYS: ReadonlySet<string> = new Set(['helm', 'stringData']);

interface Value {
  readonly doc: ManifestDocument;
  readonly path: readonly PathSegment[];
  readonly text: string;
}

function collect(doc: ManifestDocument, all: boolean, out: Value[]): void {
  const walk = (v: unknown, path: PathSegment[], inside: boolean) => {
    if (typeof v === 'string') {
      if (inside && v.trim() !== '') out.push({ doc, path, text: v });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i], inside));
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        walk(item, [...path, key], inside || isFreeTextKey(key) || MANIFEST_FREE_TEXT_KEYS.has(key));
      }
    }
  };
  walk(doc.value, [], all);
}

export interface SecretScan {
  readonly findings: readonly Finding[];
  /** Values reported, to keep out of every other finding. */
  readonly secrets: readonly SecretValue[];
}

/** The scan of `files`, with the team's own patterns (`secretPatterns`, validation/team-secret-patterns.ts) when given. */
export function secretFindings(files: readonly SourceFile[], team?: CustomSecretRules): SecretScan {
  const findings: Finding[] = [];
  const secrets: SecretValue[] = [];
  for (const f of files) {
    const values: Value[] = [];
    const helmValues = distCluster(f.rel)?.sub === 'values';
    for (const doc of parseManifests(f.display, f.text)) {
      if (doc.error === undefined) collect(doc, helmValues, values);
    }
    if (values.length === 0) continue;
    const lines = f.text.split('\n');
    for (const { value, finding } of scanValues(
      values.map((v) => v.text),
      team,
    )) {
      const { doc, path, text } = values[value];
      const at = doc.locate(path);
      // In a block scalar (`key: |`) the value starts on the next line, at the block's indent.
      const block = /:\s*[|>][0-9+-]*\s*(#.*)?$/.test(lines[at.line - 1] ?? '');
      const indent = block ? ((lines[at.line] ?? '').search(/\S/) ?? 0) : 0;
      const line = block ? at.line + finding.line : at.line;
      const col = block ? indent + finding.col : at.col;
      const marker = ALLOW_SECRET.exec(lines[line - 1] ?? '') ?? commentLineAbove(lines[line - 2] ?? '');
      if (marker && marker[1].trim() !== '') continue;
      const field = formatPath(path);
      findings.push({
        severity: 'error',
        file: f.display,
        line,
        col,
        path: field,
        document: doc.index,
        check: 'secret',
        ...secretProblem(finding.kind, marker !== null, path.includes('userData')),
      });
      secrets.push({ file: f.display, path: field, text, kind: finding.kind });
    }
  }
  return { findings, secrets };
}
