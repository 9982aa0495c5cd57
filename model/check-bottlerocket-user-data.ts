/**
 * Bottlerocket userData written as TOML (instead of `bottlerocket.settings`): parsed, then checked
 * like the settings map (model/check-bottlerocket-settings.ts), each problem reported at the
 * fleet-file line of its key inside the `userData: |` block. TOML Karpenter cannot parse is an
 * error: bootstrap/bottlerocket.go fails with "invalid UserData" and nothing launches.
 */
import { parse, TomlError } from 'smol-toml';
import { locateTomlKeys, TomlKeyPosition } from './bottlerocket-toml';
import { bottlerocketSettingsProblems } from './check-bottlerocket-settings';
import { CheckContext } from './check-context';
import { Diagnostic } from './diagnostics';
import { SourceLocation } from './fleet-model';
import { formatPath, locAt, nodeAt, PathSegment } from './located';
import { RawNodeClass } from './raw-fleet';

export function checkBottlerocketUserData(
  ctx: CheckContext,
  path: readonly PathSegment[],
  nc: RawNodeClass,
): void {
  const text = nc.userData;
  if (text === undefined) return;
  const toFleet = blockPosition(ctx, path);
  const push = (d: Omit<Diagnostic, 'file' | 'line' | 'col'>, at: TomlKeyPosition | undefined) =>
    ctx.diagnostics.push({ ...toFleet(at), ...d });
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (e) {
    const at = e instanceof TomlError ? { line: e.line, col: e.column } : undefined;
    const reason = e instanceof Error ? e.message.split('\n')[0].replace(/[.:]+$/, '') : 'unreadable';
    push(
      {
        severity: 'error',
        path: formatPath(path),
        message: `this Bottlerocket userData is not valid TOML (${reason}): Karpenter cannot merge its settings and launches no node`,
        fix: 'Fix the TOML, or write the settings as a YAML map under bottlerocket.settings',
      },
      at,
    );
    return;
  }
  const settings = doc.settings;
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return;
  const keys = locateTomlKeys(text);
  for (const p of bottlerocketSettingsProblems(settings as Record<string, unknown>, nc)) {
    const full = ['settings', ...p.path];
    let at: TomlKeyPosition | undefined;
    for (let n = full.length; n > 0 && at === undefined; n--) at = keys.get(full.slice(0, n).join('\u0000'));
    push({ severity: p.severity, path: formatPath([...path, ...full]), message: p.message, fix: p.fix }, at);
  }
}

/**
 * Maps a position in the userData text to the fleet file: exact inside a literal block scalar
 * (`userData: |`), else the position of the userData value itself.
 */
function blockPosition(
  ctx: CheckContext,
  path: readonly PathSegment[],
): (at: TomlKeyPosition | undefined) => SourceLocation {
  const base = locAt(ctx.root, path);
  const node = nodeAt(ctx.root, path);
  const source = node?.kind === 'scalar' ? node.source : '';
  const lines = source.split('\n');
  const literal = /^\|[0-9+-]*\s*(#.*)?$/.test(lines[0] ?? '');
  const indent =
    lines
      .slice(1)
      .find((l) => l.trim() !== '')
      ?.search(/\S/) ?? 0;
  return (at) =>
    literal && at !== undefined && at.line < lines.length
      ? { file: base.file, line: base.line + at.line, col: indent + at.col }
      : base;
}
