/**
 * Renders findings: human (default, one line each like model/shared/diagnostics' formatDiagnostic
 * plus the object), JSON, JUnit XML (one test case per document with findings), and GitHub
 * workflow annotations (`::error file=...,line=...::message`).
 */
import { endSentence, formatLocation, plural } from '../model';
import { Finding, sortFindings } from './finding';

export const OUTPUT_FORMATS = ['human', 'json', 'junit', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function isOutputFormat(s: string): s is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(s);
}

export function formatHuman(f: Finding): string {
  const severity = f.severity === 'warning' ? ' warning:' : '';
  const object = f.object ? ` ${f.object}` : '';
  const path = f.path ? ` ${f.path}:` : object ? ':' : '';
  const fix = f.fix ? ` ${endSentence(f.fix)}` : '';
  return `${formatLocation(f.file, f.line, f.col)}${severity}${object}${path} ${endSentence(f.message)}${fix}`;
}

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function githubEscape(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function githubProperty(s: string): string {
  return githubEscape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function summary(findings: readonly Finding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

/** A document the validator looked at (validate-tree.ts); JUnit lists each as a test case. */
export interface RenderedDocument {
  readonly file: string;
  readonly index: number;
  readonly object?: string;
}

/**
 * `checked`: every document validated, in order. JUnit reports one test case per document (a
 * passing case for each clean one) plus one per file-level finding, so a CI's test view counts
 * what was really checked, not only what failed.
 */
export function render(
  findings: readonly Finding[],
  format: OutputFormat,
  checked: readonly RenderedDocument[] = [],
): string {
  const sorted = sortFindings(findings);
  switch (format) {
    case 'json':
      return JSON.stringify(sorted, null, 2) + '\n';
    case 'github':
      return sorted
        .map((f) => {
          const level = f.severity === 'error' ? 'error' : 'warning';
          const props = [
            `file=${githubProperty(f.file)}`,
            ...(f.line > 0 ? [`line=${f.line}`, `col=${f.col}`] : []),
            `title=${githubProperty(f.check)}`,
          ];
          const text = `${f.object ? `${f.object} ` : ''}${f.path ? `${f.path}: ` : ''}${f.fix ? `${endSentence(f.message)} ${f.fix}` : f.message}`;
          return `::${level} ${props.join(',')}::${githubEscape(text)}\n`;
        })
        .join('');
    case 'junit':
      return renderJunit(sorted, checked);
    default:
      return sorted.map((f) => formatHuman(f) + '\n').join('');
  }
}

interface JunitCase {
  readonly file: string;
  readonly name: string;
  readonly findings: Finding[];
}

function renderJunit(sorted: readonly Finding[], checked: readonly RenderedDocument[]): string {
  const cases = new Map<string, JunitCase>();
  for (const d of checked)
    cases.set(`${d.file}#${d.index}`, {
      file: d.file,
      name: d.object ?? `${d.file} document ${d.index + 1}`,
      findings: [],
    });
  for (const f of sorted) {
    const key = `${f.file}#${f.document ?? 'file'}`;
    let c = cases.get(key);
    if (!c) {
      c = { file: f.file, name: f.object ?? (f.document === undefined ? f.file : key), findings: [] };
      cases.set(key, c);
    }
    c.findings.push(f);
  }
  const all = [...cases.values()];
  const failures = all.filter((c) => c.findings.some((f) => f.severity === 'error')).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="karpenter-gitops validate" tests="${all.length}" failures="${failures}">`,
    `  <testsuite name="validate" tests="${all.length}" failures="${failures}">`,
  ];
  for (const c of all) {
    const fails = c.findings.filter((f) => f.severity === 'error');
    const warns = c.findings.filter((f) => f.severity === 'warning');
    const open = `    <testcase classname="${xml(c.file)}" name="${xml(c.name)}"`;
    if (fails.length === 0 && warns.length === 0) {
      lines.push(`${open}/>`);
      continue;
    }
    lines.push(`${open}>`);
    for (const f of fails)
      lines.push(
        `      <failure type="${xml(f.check)}" message="${xml(f.message)}">${xml(formatHuman(f))}</failure>`,
      );
    if (warns.length) lines.push(`      <system-out>${xml(warns.map(formatHuman).join('\n'))}</system-out>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>');
  return lines.join('\n') + '\n';
}
