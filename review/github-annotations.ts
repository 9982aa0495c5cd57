/**
 * GitHub Actions workflow commands for findings: `::error file=F,line=L,col=C,title=T::message`.
 * Values are escaped as the runner expects (% CR LF in messages; also : and , in properties), so
 * a message can never end an annotation early or inject another command.
 */
import { Diagnostic, formatDiagnostic } from '../model';

export function annotation(d: Diagnostic, title: string): string {
  const props = [`file=${escapeProperty(d.file)}`];
  if (d.line > 0) props.push(`line=${d.line}`);
  if (d.col > 0) props.push(`col=${d.col}`);
  props.push(`title=${escapeProperty(title)}`);
  const level = d.severity === 'warning' ? 'warning' : 'error';
  return `::${level} ${props.join(',')}::${escapeData(formatDiagnostic(d))}`;
}

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Folds the following lines in the job log until groupEnd(). */
export function groupStart(title: string): string {
  return `::group::${escapeData(title)}`;
}

export function groupEnd(): string {
  return '::endgroup::';
}
