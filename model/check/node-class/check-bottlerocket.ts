/**
 * A node class's `bottlerocket:` block: not beside userData, only for a Bottlerocket AMI,
 * settings TOML can hold, their rendered size, and the settings themselves
 * (check-bottlerocket-settings.ts). Each part reports at its own place in the node class's order.
 */
import { renderBottlerocketToml, tomlProblem, TomlValue } from '../../facts/bottlerocket-toml';
import { exampleAlias } from '../../facts/ami-alias';
import { AmiFamily } from '../../facts/constants';
import { CheckContext } from '../check-context';
import { bottlerocketSettingsProblems } from './check-bottlerocket-settings';
import { MAX_USER_DATA_BYTES } from './check-user-data-size';
import { PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';

type At = (...rest: PathSegment[]) => PathSegment[];

/** Not beside userData, a Bottlerocket AMI, settings that can be written to TOML. */
export function checkBottlerocketBlock(
  ctx: CheckContext,
  at: At,
  nc: RawNodeClass,
  family: AmiFamily | undefined,
): void {
  if (nc.userData !== undefined && nc.bottlerocket !== undefined) {
    ctx.error(
      at('bottlerocket'),
      'userData and bottlerocket are both set',
      'Keep one: bottlerocket.settings is rendered to userData',
      'key',
    );
  }
  if (nc.bottlerocket !== undefined) {
    if (family !== undefined && family !== 'Bottlerocket') {
      ctx.error(
        at('bottlerocket'),
        `bottlerocket settings need a Bottlerocket AMI, but the AMI family is ${family}`,
        `Use alias: ${exampleAlias('Bottlerocket')}, or write userData for this family`,
        'key',
      );
    }
    for (const [key, value] of Object.entries(nc.bottlerocket.settings)) {
      const problem = tomlProblem(value);
      if (problem)
        ctx.error(
          at('bottlerocket', 'settings', key),
          `cannot be written to TOML: ${problem}`,
          'Give every setting a value',
        );
    }
  }
}

/** The rendered settings fit in EC2's user data. */
export function checkBottlerocketSize(ctx: CheckContext, at: At, nc: RawNodeClass): void {
  if (nc.bottlerocket !== undefined && nc.bottlerocket.settings !== null) {
    const settings = nc.bottlerocket.settings as { readonly [key: string]: TomlValue };
    if (tomlProblem(settings) === undefined) {
      const bytes = Buffer.byteLength(renderBottlerocketToml(settings), 'utf8');
      if (bytes > MAX_USER_DATA_BYTES) {
        ctx.error(
          at('bottlerocket', 'settings'),
          `the settings render to ${bytes} bytes of userData, more than the ${MAX_USER_DATA_BYTES} EC2 accepts`,
          'Set fewer Bottlerocket settings',
          'key',
        );
      }
    }
  }
}

/** The settings themselves, when the AMI family is (or may be) Bottlerocket. */
export function checkBottlerocketSettings(
  ctx: CheckContext,
  at: At,
  nc: RawNodeClass,
  family: AmiFamily | undefined,
): void {
  const settings: unknown = nc.bottlerocket?.settings;
  if (
    (family === undefined || family === 'Bottlerocket') &&
    typeof settings === 'object' &&
    settings !== null
  ) {
    for (const p of bottlerocketSettingsProblems(settings as Record<string, unknown>, nc)) {
      const path = at('bottlerocket', 'settings', ...p.path);
      if (p.severity === 'error') ctx.error(path, p.message, p.fix, p.anchor);
      else ctx.warn(path, p.message, p.fix, p.anchor);
    }
  }
}
