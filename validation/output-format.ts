/**
 * Renders findings: human (default, one line each like model/diagnostics' formatDiagnostic
 * plus the object), JSON, JUnit XML (one test case per document with findings), and GitHub
 * workflow annotations (`::error file=...,line=...::message`).
 */
import { Finding, sortFindings } from './finding';

export const OUTPUT_FORMATS = ['human', 'json', 'junit', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function isOutputFormat(s: string): s is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(s);
}

function where(f: Finding): string {
  return f.line > 0 ? `${f.file}:${f.line}:${f.col}` : f.file;
}

export function formatHuman(f: Finding): string {
  const severity = f.severity === 'warning' ? ' warning:' : '';
  const object = f.object ? ` ${f.object}` : '';
  const path = f.path ? ` ${f.path}:` : object ? ':' : '';
  const fix = f.fix ? ` ${f.fix.replace(/[.?]$/, '')}${f.fix.endsWith('?') ? '?' : '.'}` : '';
  return `${where(f)}${severity}${object}${path} ${f.message}.${fix}`;
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
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

/** `documents`: how many were validated (JUnit reports a passing case for a clean run). */
export function render(findings: readonly Finding[], format: OutputFormat, documents = 0): string {
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
          const text = `${f.object ? `${f.object} ` : ''}${f.path ? `${f.path}: ` : ''}${f.message}${f.fix ? `. ${f.fix}` : ''}`;
          return `::${level} ${props.join(',')}::${githubEscape(text)}\n`;
        })
        .join('');
    case 'junit': {
      const cases = new Map<string, Finding[]>();
      for (const f of sorted) {
        const key = `${f.file}#${f.document ?? 0}`;
        const list = cases.get(key);
        if (list) list.push(f);
        else cases.set(key, [f]);
      }
      const errors = [...cases.values()].filter((list) => list.some((f) => f.severity === 'error')).length;
      const lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<testsuites name="karpenter-gitops validate" tests="${cases.size}" failures="${errors}">`,
        `  <testsuite name="validate" tests="${cases.size}" failures="${errors}">`,
      ];
      if (cases.size === 0) {
        lines[1] = `<testsuites name="karpenter-gitops validate" tests="1" failures="0">`;
        lines[2] = `  <testsuite name="validate" tests="1" failures="0">`;
        lines.push(`    <testcase classname="validate" name="${documents} documents"/>`);
      }
      for (const [key, list] of cases) {
        const name = list.find((f) => f.object)?.object ?? key;
        const fails = list.filter((f) => f.severity === 'error');
        lines.push(`    <testcase classname="${xml(list[0].file)}" name="${xml(name)}">`);
        for (const f of fails)
          lines.push(
            `      <failure type="${xml(f.check)}" message="${xml(f.message)}">${xml(formatHuman(f))}</failure>`,
          );
        const warns = list.filter((f) => f.severity === 'warning');
        if (warns.length)
          lines.push(`      <system-out>${xml(warns.map(formatHuman).join('\n'))}</system-out>`);
        lines.push('    </testcase>');
      }
      lines.push('  </testsuite>', '</testsuites>');
      return lines.join('\n') + '\n';
    }
    default:
      return sorted.map((f) => formatHuman(f) + '\n').join('');
  }
}
