/**
 * Renders the Helm directives that Karpenter's `karpenter-crd` chart puts in its CRD templates
 * (`{{- with .Values.additionalAnnotations }}{{- toYaml . | nindent 4 }}{{- end }}`) the way
 * Helm does with the chart's default values, so that the CRDs it installs are read exactly.
 *
 * Understood: `with` and `if` on `.Values.<path>` (a block is kept when the value is not empty,
 * as Go templates define it), `toYaml . | nindent N` / `toYaml .Values.<path> | nindent N`
 * inside them, `.Values.<path>` and `.Chart.Name|Version|AppVersion`, `else`, `end`, and the
 * `{{-` / `-}}` whitespace trimming. Anything else is refused at its file and line: the import
 * never guesses what a template renders.
 */
import { stringify } from 'yaml';
import { Diagnostic, UserError } from '../../model';

export interface TemplateContext {
  /** The chart's default values (values.yaml), `{}` when it has none. */
  readonly values: unknown;
  readonly chart: { readonly name: string; readonly version: string; readonly appVersion?: string };
}

interface Token {
  readonly text: string;
  readonly action?: string;
  readonly line: number;
}

/** True when `text` holds a Helm action. */
export function hasTemplateActions(text: string): boolean {
  return text.includes('{{');
}

/** Splits `text` into literal text and actions, trimming whitespace where `{{-` / `-}}` ask. */
function tokenize(text: string, file: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  let line = 1;
  let trimNext = false;
  while (at <= text.length) {
    const open = text.indexOf('{{', at);
    let literal = open === -1 ? text.slice(at) : text.slice(at, open);
    if (trimNext) literal = literal.replace(/^\s+/, '');
    if (open === -1) {
      out.push({ text: literal, line });
      break;
    }
    const close = text.indexOf('}}', open);
    const actionLine = line + (text.slice(at, open).match(/\n/g)?.length ?? 0);
    if (close === -1) throw templateError(file, actionLine, 'a `{{` is never closed with `}}`');
    let inner = text.slice(open + 2, close);
    if (inner.startsWith('-')) {
      literal = literal.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    trimNext = inner.endsWith('-');
    if (trimNext) inner = inner.slice(0, -1);
    out.push({ text: literal, line });
    out.push({ text: '', action: inner.trim(), line: actionLine });
    line = actionLine + (text.slice(open, close + 2).match(/\n/g)?.length ?? 0);
    at = close + 2;
  }
  return out;
}

function templateError(file: string, line: number, what: string): UserError {
  const d: Diagnostic = {
    severity: 'error',
    file,
    line,
    col: 1,
    path: '',
    message: `the Helm template ${what}`,
    fix: 'Render the chart with `helm template` and import the CRD YAML it prints, or import the chart archive as `helm pull` wrote it',
  };
  return new UserError([d]);
}

function valueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Go templates' truth: false, 0, nil, and empty strings, lists and maps are empty. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

const VALUES_REF = /^\.Values\.([A-Za-z_][\w.]*)$/;
const TO_YAML = /^toYaml\s+(\.|\.Values\.[A-Za-z_][\w.]*)\s*\|\s*nindent\s+(\d+)$/;

/** Helm's `toYaml` (no trailing newline) under `nindent`: a newline, then every line indented. */
function nindent(value: unknown, spaces: number): string {
  const yaml = stringify(value).replace(/\n$/, '');
  const pad = ' '.repeat(spaces);
  return `\n${yaml
    .split('\n')
    .map((l) => pad + l)
    .join('\n')}`;
}

/** `text` as Helm renders it with the chart's default values; refuses what it does not understand. */
export function renderHelmTemplate(file: string, text: string, context: TemplateContext): string {
  const tokens = tokenize(text, file);
  /** One frame per open block: whether it renders, and its dot. */
  const stack: { emit: boolean; dot: unknown; line: number; seenElse: boolean; parentEmit: boolean }[] = [];
  let dot: unknown = context.values;
  let out = '';
  const emitting = (): boolean => stack.every((f) => f.emit);
  for (const t of tokens) {
    if (t.action === undefined) {
      if (emitting()) out += t.text;
      continue;
    }
    const action = t.action;
    if (action.startsWith('/*') && action.endsWith('*/')) continue;
    const block = /^(with|if)\s+(.+)$/.exec(action);
    if (block) {
      const ref = VALUES_REF.exec(block[2].trim());
      if (!ref) throw templateError(file, t.line, `condition \`${action}\` is not a plain .Values reference`);
      const value = valueAt(context.values, ref[1]);
      const parentEmit = emitting();
      stack.push({ emit: !isEmpty(value), dot, line: t.line, seenElse: false, parentEmit });
      if (block[1] === 'with') dot = value;
      continue;
    }
    if (action === 'else') {
      const top = stack[stack.length - 1];
      if (!top || top.seenElse) throw templateError(file, t.line, 'has an `else` outside a block');
      top.emit = !top.emit;
      top.seenElse = true;
      dot = top.dot;
      continue;
    }
    if (action === 'end') {
      const top = stack.pop();
      if (!top) throw templateError(file, t.line, 'has an `end` without a block');
      dot = top.dot;
      continue;
    }
    if (!emitting()) continue;
    const yaml = TO_YAML.exec(action);
    if (yaml) {
      const value = yaml[1] === '.' ? dot : valueAt(context.values, yaml[1].slice('.Values.'.length));
      out += nindent(value, Number(yaml[2]));
      continue;
    }
    const ref = VALUES_REF.exec(action);
    if (ref) {
      out += String(valueAt(context.values, ref[1]) ?? '');
      continue;
    }
    const chart = /^\.Chart\.(Name|Version|AppVersion)$/.exec(action);
    if (chart) {
      const key = chart[1] === 'Name' ? 'name' : chart[1] === 'Version' ? 'version' : 'appVersion';
      out += context.chart[key] ?? '';
      continue;
    }
    throw templateError(file, t.line, `action \`{{ ${action} }}\` is not one the import renders`);
  }
  if (stack.length > 0)
    throw templateError(file, stack[stack.length - 1].line, 'opens a block that is never closed with `end`');
  return out;
}
