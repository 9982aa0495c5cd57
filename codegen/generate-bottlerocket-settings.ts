/**
 * Generates `imports/bottlerocket-settings-v<version>/settings.ts`: a compact catalogue of the
 * Bottlerocket settings keys (`settings.<group>.<key>`, `*` where the name is the user's), with
 * the value types and enums the Bottlerocket project documents for that OS version.
 *
 * Source: the Bottlerocket project's settings reference data, bottlerocket-os/bottlerocket-project-website
 * `data/settings/<version>/<group>.toml` (format: METADOC-SETTING-DOCS-DSL.md there), merged the way
 * the site builds a version's reference (layouts/partials/merged-settings.html): for each group,
 * every data version up to the target in order, a later version's `docs.ref.<id>` replacing the
 * earlier one. The files are read from a local git clone of that repository when one is named by
 * BOTTLEROCKET_WEBSITE_GIT (a bare or normal clone's git directory), else from the pinned upstream
 * URLs; either way each file's sha256 must match its pin. With neither, the committed
 * catalogue is kept as it is (and the regeneration test says it was skipped).
 *
 * How a setting's value type is derived:
 *   boolean        its accepted values are exactly `true` and `false`
 *   enum           every accepted value is one backticked literal (then optionally `: explanation`);
 *                  a list of them when the examples show a list
 *   from examples  the TOML type of each `example.value` (a TOML literal), of the value an
 *                  `example.direct_toml` gives the key, or `table` for an `example.multiline`
 *   any            nothing above says (the key is known, its value is not checked)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'smol-toml';
import { sha256 } from './crd-loader';
import type { ImportContext } from './import-context';
import { compareCodeUnits } from '../model';

export type BottlerocketValueType = 'string' | 'number' | 'boolean' | 'array' | 'table' | 'any';

export interface BottlerocketSettingsSource {
  readonly repo: string;
  readonly commit: string;
  /** The documented OS version line (`1.39.x`): data versions up to it are merged. */
  readonly version: string;
  /** Every data file read, in merge order, with its sha256. */
  readonly files: readonly (readonly [path: string, sha256: string])[];
}

export const BOTTLEROCKET_SETTINGS_SOURCE: BottlerocketSettingsSource = {
  repo: 'bottlerocket-os/bottlerocket-project-website',
  commit: '610209648110feaf61e5ce9996f1ad19887230eb',
  version: '1.39.x',
  files: [
    [
      'data/settings/1.14.x/bootstrap-containers.toml',
      '31ed1cf8cf74511a2409680a3754415542612d75d208cc9fdc9a0d2f9c039d44',
    ],
    [
      'data/settings/1.14.x/container-registry.toml',
      'fecf90d7e88346fee640f273241056418d29c4389e8b76a6a6f0ed7dd4feaa80',
    ],
    ['data/settings/1.14.x/ecs.toml', 'a646d32ebdfe11112a216dafee1de83f6b8d3096193b5cb0baae4a38c1a919ec'],
    [
      'data/settings/1.14.x/host-containers.toml',
      '0fb6f7f5b8d0e8c7851426afb815df8639c98eeb08d1def0932261d66131dcee',
    ],
    ['data/settings/1.14.x/kernel.toml', '393ab01d53d599796edb7fcb0f4e1b9e7756cdca4fd75988dc46506d7b5d9bfa'],
    [
      'data/settings/1.14.x/kubernetes.toml',
      '12e3bd138260bc251cdf78d21c23521299e9047e2d99f977dcca518f1e85cd23',
    ],
    ['data/settings/1.14.x/motd.toml', 'f5429134c9457efa2da9576a29ca6e734275e8097477cb1ac89626d33b612ae9'],
    [
      'data/settings/1.14.x/oci-defaults.toml',
      '166edcacdb18a9ed15dffc70613e2f3419dbbac8528826560ae422c4c8c2b88c',
    ],
    ['data/settings/1.14.x/pki.toml', '15c59c369c2492b7e079a34775b463d8f9d6331cf6be46c0f67357bfe43e49c7'],
    [
      'data/settings/1.15.x/autoscaling.toml',
      '7ea6130c51921ee8b52e4073ed20c8ae3c4b576612765e40f03c3d3fa2242d32',
    ],
    ['data/settings/1.15.x/aws.toml', '0ee9a5df2713693a319266456709a9f336eb31d712d4ac07f6816c3fdcf8463b'],
    ['data/settings/1.15.x/boot.toml', '7f7a76a41c7f0105e6757b12f78b497953e7d546b7086bb742ec804b0b224c63'],
    [
      'data/settings/1.15.x/cloudformation.toml',
      'd1a45bdcab72ab929b4deee2aa319732c6cef1e87e4a142bfc8fb7a281d75744',
    ],
    [
      'data/settings/1.15.x/container-runtime.toml',
      'fd063925684870eef98131709e1c974df332b76959bb6f0edbdc2a5cb4b20b56',
    ],
    ['data/settings/1.15.x/dns.toml', 'a0c7cb1991b16e7fb65ac399fc150656235d5f0c2fe1f30734fc01abdce2d58b'],
    ['data/settings/1.15.x/ecs.toml', '5723b7a5da74f4e471f1d52449313ef208e62d1f857c8d84c250ada2f59744dc'],
    [
      'data/settings/1.15.x/kubernetes.toml',
      '7684715ad53e4e842af7ae909a86b8f1d6560b06267706b40b1f7c223d2d5265',
    ],
    ['data/settings/1.15.x/metrics.toml', 'c94eeb3095935367ee2469aa6b751d3415e98eb94f3a114712fa3cafa11764bb'],
    ['data/settings/1.15.x/network.toml', '24eac46f3e35e2aa59f1bb5523a71420ee396e6426417df80ab1f99632d16482'],
    ['data/settings/1.15.x/ntp.toml', '53c12451b2756d486a7222f3607c85a9966ec2f6817586d897d086ad2e015ec7'],
    [
      'data/settings/1.15.x/oci-defaults.toml',
      '0dcabb5d2b12690de2ef3229468f383f8966d476ee1e047d956dce9bb216acbe',
    ],
    [
      'data/settings/1.15.x/oci-hooks.toml',
      '12ea2024d3a537b050232df4a91eaabbcac6f7686d238d3969107a8580600edc',
    ],
    ['data/settings/1.15.x/updates.toml', 'dda6368eebdfe431dedabd6f3a54c89e331e6b83fe8f38a8070ee63c83ba4636'],
    ['data/settings/1.16.x/kernel.toml', '891e66f0f2931bb91f8a29e625efff05016acffd9130ab11cdbb8e9a91bfb709'],
    ['data/settings/1.19.x/ecs.toml', '76c5cbce81211376dc208efab14b05724d9f047d1452a2f247c04a29b8172112'],
    [
      'data/settings/1.21.x/kubernetes.toml',
      '3be2193b5d0825b93cd621f621a1d8e33d8d4d79989ca39a3277ee73d2b927d7',
    ],
    [
      'data/settings/1.22.x/bootstrap-commands.toml',
      '3c8a3b7bfd3dc35f4f5d5651ca3ccb7bb8842b937869e741baec49afd581e325',
    ],
    [
      'data/settings/1.23.x/kubelet-device-plugins.toml',
      'f6ebf01a5c424607cf867fc879e3022a1c624fb3e0efba4656f224863f992f84',
    ],
    [
      'data/settings/1.23.x/nvidia-container-runtime.toml',
      '6b69c439ae4f2ef76d454d09868ec014fe5a8014477e2083c8c66f1642bbb442',
    ],
    [
      'data/settings/1.25.x/kubelet-device-plugins.toml',
      '97eeb1d0ae614f6d51f2be50873ce6a87971b2ff76c401077520f6e209f25e3d',
    ],
    ['data/settings/1.27.x/aws.toml', 'ce8ef1b88db4d9ac77ca07b676212ec1d3c564a48c76a45542acebcf6eadf47d'],
    [
      'data/settings/1.30.x/kubernetes.toml',
      '6c01c2cfbbd0f831d1386f58f1a241b2c94c870e331ea09ee4cf849c2a5124de',
    ],
    [
      'data/settings/1.34.x/kubelet-device-plugins.toml',
      '8fd3a20c138c3b0fe6f0745b6512b1d8edff28eb9b941077852babbd1e66c8c3',
    ],
    [
      'data/settings/1.39.x/kubernetes.toml',
      'b37e44224df6030c618fed0dd98e93383430a231f1c4630914c6a68954ec1864',
    ],
  ],
};

export const BOTTLEROCKET_SETTINGS_OUTPUT = `bottlerocket-settings-v${BOTTLEROCKET_SETTINGS_SOURCE.version}/settings.ts`;

/** The environment variable naming a local git directory of bottlerocket-project-website. */
export const BOTTLEROCKET_GIT_ENV = 'BOTTLEROCKET_WEBSITE_GIT';

/** The local clone to read, when BOTTLEROCKET_WEBSITE_GIT names one (the project root is unused). */
export function localMirror(_projectRoot: string): string {
  return process.env[BOTTLEROCKET_GIT_ENV] ?? '';
}

export function upstreamUrl(source: BottlerocketSettingsSource, path: string): string {
  return `https://raw.githubusercontent.com/${source.repo}/${source.commit}/${path}`;
}

/** The pinned files (path → text), or undefined when neither the clone nor the network has them. */
export async function readBottlerocketSources(
  projectRoot: string,
  source: BottlerocketSettingsSource = BOTTLEROCKET_SETTINGS_SOURCE,
): Promise<Map<string, string> | undefined> {
  const mirror = localMirror(projectRoot);
  const out = new Map<string, string>();
  for (const [path, pin] of source.files) {
    let text: string | undefined;
    if (mirror !== '' && existsSync(mirror)) {
      try {
        text = execFileSync('git', ['--git-dir', mirror, 'show', `${source.commit}:${path}`], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      } catch {
        text = undefined;
      }
    }
    if (text === undefined) {
      try {
        const res = await fetch(upstreamUrl(source, path));
        text = res.ok ? await res.text() : undefined;
      } catch {
        text = undefined;
      }
    }
    if (text === undefined) return undefined;
    const got = sha256(text);
    if (got !== pin) throw new Error(`${source.repo} ${path} has sha256 ${got}, but ${pin} is pinned`);
    out.set(path, text);
  }
  return out;
}

export interface SettingSpec {
  /** Below `settings`; `*` where the user names the entry (a container, a module, ...). */
  readonly path: readonly string[];
  readonly types: readonly BottlerocketValueType[];
  readonly enum?: readonly string[];
}

type Toml = Record<string, unknown>;

/** The catalogue of the merged data files (pure; files in merge order). */
export function buildCatalogue(files: ReadonlyMap<string, string>): SettingSpec[] {
  // group → ref id → ref (a later data version replaces the earlier ref).
  const groups = new Map<string, { topLevel: boolean; refs: Map<string, Toml> }>();
  for (const [path, text] of files) {
    const group = path.slice(path.lastIndexOf('/') + 1).replace(/\.toml$/, '');
    const doc = parse(text) as Toml;
    const entry = groups.get(group) ?? { topLevel: false, refs: new Map<string, Toml>() };
    if (doc.top_level === true) entry.topLevel = true;
    const ref = (doc.docs as Toml | undefined)?.ref;
    if (Array.isArray(ref)) {
      // A top-level setting (settings.motd) documents itself directly under docs.ref.
      entry.refs.set('', ref[ref.length - 1] as Toml);
    } else if (ref !== undefined) {
      for (const [id, value] of Object.entries(ref as Toml)) {
        const list = Array.isArray(value) ? value : [value];
        entry.refs.set(id, list[list.length - 1] as Toml);
      }
    }
    groups.set(group, entry);
  }
  const specs: SettingSpec[] = [];
  for (const [group, { topLevel, refs }] of groups) {
    for (const [id, ref] of refs) {
      const rel =
        topLevel && id === ''
          ? []
          : splitName(typeof ref.name_override === 'string' ? ref.name_override : id);
      const path = [group, ...rel];
      specs.push({ path, ...valueOf(ref, path) });
    }
  }
  return specs.sort((a, b) => compareCodeUnits(a.path.join('.'), b.path.join('.')));
}

/** `static-pods.<custom identifier>.enabled` → ['static-pods', '*', 'enabled']. */
function splitName(name: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (const ch of name) {
    if (ch === '<') depth++;
    if (ch === '>') depth--;
    if (ch === '.' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => (/^<.*>$/.test(s) ? '*' : s));
}

const ENUM_VALUE = /^\s*`"?([^`"]+)"?`\s*(?::[\s\S]*)?$/;

function valueOf(ref: Toml, path: readonly string[]): { types: BottlerocketValueType[]; enum?: string[] } {
  const examples = exampleTypes(ref, path);
  const accepted = Array.isArray(ref.accepted_values) ? (ref.accepted_values as unknown[]) : [];
  const literals = accepted.map((a) => (typeof a === 'string' ? ENUM_VALUE.exec(a)?.[1] : undefined));
  if (literals.length > 0 && literals.every((l) => l !== undefined)) {
    const values = literals as string[];
    if (values.length === 2 && values.includes('true') && values.includes('false'))
      return { types: ['boolean'] };
    // A list of enum values (cpu-manager-policy-options) when the examples show a list.
    return { types: examples.includes('array') ? ['array'] : ['string'], enum: [...new Set(values)].sort() };
  }
  return { types: examples.length > 0 ? examples : ['any'] };
}

function exampleTypes(ref: Toml, path: readonly string[]): BottlerocketValueType[] {
  const types = new Set<BottlerocketValueType>();
  for (const ex of Array.isArray(ref.example) ? (ref.example as Toml[]) : []) {
    if (typeof ex.value === 'string') {
      const t = tomlLiteralType(ex.value);
      if (t) types.add(t);
    } else if (typeof ex.value === 'number') types.add('number');
    else if (ex.multiline !== undefined) types.add('table');
    else if (typeof ex.direct_toml === 'string') {
      const t = directTomlType(ex.direct_toml, path);
      if (t) types.add(t);
    }
  }
  return [...types].sort();
}

function typeOf(v: unknown): BottlerocketValueType {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number' || typeof v === 'bigint') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (Array.isArray(v)) return 'array';
  return 'table';
}

/** The type of a TOML literal written as an example (`"10.0.0.1"`, `85`, `[...]`); a bare word is a string. */
function tomlLiteralType(literal: string): BottlerocketValueType | undefined {
  try {
    return typeOf((parse(`v = ${literal}`) as Toml).v);
  } catch {
    return 'string';
  }
}

/** The type of the value a TOML example gives `settings.<path>` (`*` matches any key). */
function directTomlType(text: string, path: readonly string[]): BottlerocketValueType | undefined {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return undefined;
  }
  let cur: unknown = (doc as Toml).settings;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    const obj = cur as Toml;
    cur = seg === '*' ? obj[Object.keys(obj).sort()[0] ?? ''] : obj[seg];
    if (cur === undefined) return undefined;
  }
  return typeOf(cur);
}

export function renderCatalogue(source: BottlerocketSettingsSource, specs: readonly SettingSpec[]): string {
  const lines = [
    '// GENERATED by `npm run import` (codegen/import-crds.ts, codegen/generate-bottlerocket-settings.ts). Do not edit by hand: rerun the import.',
    `// Source: ${source.repo} at commit ${source.commit}, the Bottlerocket settings reference for OS ${source.version},`,
    `// read from a clone named by ${BOTTLEROCKET_GIT_ENV} or https://raw.githubusercontent.com/${source.repo}/${source.commit}/<path>:`,
    ...source.files.map(([path, sum]) => `//   ${path} sha256:${sum}`),
    '',
    '/** How a setting\u2019s value is shaped (see codegen/generate-bottlerocket-settings.ts); `any` is not checked. */',
    "export type BottlerocketValueType = 'string' | 'number' | 'boolean' | 'array' | 'table' | 'any';",
    '',
    'export interface BottlerocketSettingSpec {',
    '  /** Below `settings`; `*` where the user names the entry. */',
    '  readonly path: readonly string[];',
    '  readonly types: readonly BottlerocketValueType[];',
    '  readonly enum?: readonly string[];',
    '}',
    '',
    '/** The Bottlerocket OS version line the catalogue documents. */',
    `export const BOTTLEROCKET_SETTINGS_VERSION = '${source.version}';`,
    `export const BOTTLEROCKET_SETTINGS_SOURCE = '${source.repo}@${source.commit}';`,
    '',
    '/** Every documented setting, sorted by path. */',
    'export const BOTTLEROCKET_SETTINGS: readonly BottlerocketSettingSpec[] = [',
    ...specs.map(
      (s) =>
        `  { path: ${JSON.stringify(s.path)}, types: ${JSON.stringify(s.types)}${s.enum ? `, enum: ${JSON.stringify(s.enum)}` : ''} },`,
    ),
    '];',
    '',
  ];
  return lines.join('\n');
}

/** Import generator: the catalogue from the pinned files, or the committed one when they cannot be read. */
export async function generateBottlerocketSettings(
  _crds: unknown,
  context: ImportContext,
): Promise<Iterable<[string, string]>> {
  const root = projectRootOf(context.projectRoot);
  const files = await readBottlerocketSources(root);
  if (files === undefined) {
    const committed = join(root, 'imports', BOTTLEROCKET_SETTINGS_OUTPUT);
    if (!existsSync(committed))
      throw new Error(`cannot read ${BOTTLEROCKET_SETTINGS_SOURCE.repo} and no catalogue is committed`);
    console.warn(
      `import: ${BOTTLEROCKET_SETTINGS_SOURCE.repo} is not available (no local clone, no network): keeping the committed imports/${BOTTLEROCKET_SETTINGS_OUTPUT}.`,
    );
    return [[BOTTLEROCKET_SETTINGS_OUTPUT, readFileSync(committed, 'utf8')]];
  }
  return [
    [BOTTLEROCKET_SETTINGS_OUTPUT, renderCatalogue(BOTTLEROCKET_SETTINGS_SOURCE, buildCatalogue(files))],
  ];
}

/**
 * The project folder (holding package.json and imports/): `given` when it is one, else the
 * nearest such folder above this file (compiled in build/codegen/ or run from codegen/).
 */
export function projectRootOf(given: string): string {
  const isRoot = (dir: string) => existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'imports'));
  if (isRoot(given)) return given;
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) if (isRoot(dir)) return dir;
  return given;
}
