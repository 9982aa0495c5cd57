/**
 * Bottlerocket userData written as TOML (instead of `bottlerocket.settings`): parsed, then checked
 * like the settings map (model/check/node-class/check-bottlerocket-settings.ts), each problem reported at the
 * fleet-file line of its key inside the `userData: |` block. TOML Karpenter cannot parse is an
 * error: bootstrap/bottlerocket.go fails with "invalid UserData" and nothing launches.
 */
import { parse, TomlError } from 'smol-toml';
import { locateTomlKeys, TomlKeyPosition } from '../../facts/bottlerocket-toml';
import { bottlerocketSettingsProblems } from './check-bottlerocket-settings';
import { CheckContext } from '../check-context';
import { Diagnostic } from '../../shared/diagnostics';
import { formatPath, PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { userDataPosition } from './user-data-position';

export function checkBottlerocketUserData(
  ctx: CheckContext,
  path: readonly PathSegment[],
  nc: RawNodeClass,
): void {
  const text = nc.userData;
  if (text === undefined) return;
  const toFleet = userDataPosition(ctx, path);
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
