/**
 * What `karpenter-gitops import` was given, read into memory: a chart archive as `helm pull`
 * writes it (`karpenter-1.15.0.tgz`), an unpacked chart folder (with Chart.yaml), or CRD YAML
 * files. Its Chart.yaml (name, version, appVersion), values.yaml, and the CRD files: `crds/`
 * when the chart has one (the controller chart), else the templates that hold a
 * CustomResourceDefinition (the `karpenter-crd` chart), rendered with the default values.
 *
 * Every file read is kept with its sha256 for the lock. Paths in messages and in the lock are
 * the archive's own (`karpenter/crds/…`), or as given on the command line, never absolute.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { parse } from 'yaml';
import { UserError, compareCodeUnits, wholeFileError } from '../../model';
import { readTarGz } from '../tar-reader';
import { hasTemplateActions, renderHelmTemplate } from './helm-template';
import { takeCloudFormation } from './official-policy-import';

export interface SourceFile {
  /** As messages and the lock name it (`karpenter/crds/karpenter.sh_nodepools.yaml`). */
  readonly path: string;
  readonly text: string;
  readonly sha256: string;
}

export interface ChartInfo {
  readonly name: string;
  readonly version: string;
  readonly appVersion?: string;
}

export interface ImportSource {
  /** What was given, for messages and the lock: the archive's or folder's name, or the files. */
  readonly origin: string;
  readonly chart?: ChartInfo;
  /** Every file read, sorted by path (Chart.yaml, values.yaml, the CRD files). */
  readonly files: readonly SourceFile[];
  /** The CRD files as Helm would install them (templates rendered). */
  readonly crdFiles: readonly SourceFile[];
  readonly values?: SourceFile;
  /** What else the input held, for the message when it has no CRD. */
  readonly seen: readonly string[];
  /** The release's getting-started CloudFormation template, when given. @default none */
  readonly cloudFormation?: SourceFile;
}

export function sha256(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function inputError(file: string, message: string, fix: string): UserError {
  return new UserError([wholeFileError(file, message, fix)]);
}

const YAML_FILE = /\.ya?ml$/;

/**
 * The files of a chart archive the import reads: `<chart>/Chart.yaml`, `<chart>/values.yaml`
 * and the YAML under `<chart>/crds/` and `<chart>/templates/` (sub-charts are left out). The one
 * place the import reads an archive.
 */
export async function readChartArchive(bytes: Buffer, shown: string): Promise<Map<string, Buffer>> {
  try {
    return await readTarGz(bytes, (path) =>
      /^[^/]+\/(Chart\.yaml|values\.yaml|crds\/[^/]+\.ya?ml|templates\/[^/]+\.ya?ml)$/.test(path),
    );
  } catch (e) {
    throw inputError(
      shown,
      `is not a readable chart archive (${(e as Error).message})`,
      'Give the .tgz that `helm pull oci://public.ecr.aws/karpenter/karpenter --version X` wrote, an unpacked chart folder, or CRD YAML files',
    );
  }
}

function toSource(path: string, bytes: Buffer): SourceFile {
  return { path, text: bytes.toString('utf8'), sha256: sha256(bytes) };
}

/** A chart's files (path relative to the chart's parent, `karpenter/…`) → an ImportSource. */
function fromChartFiles(origin: string, archive: ReadonlyMap<string, Buffer>): ImportSource {
  const all = [...archive].map(([p, b]) => toSource(p, b)).sort((a, b) => compareCodeUnits(a.path, b.path));
  const chartFile = all.find((f) => /^[^/]+\/Chart\.yaml$/.test(f.path));
  if (chartFile === undefined) {
    throw inputError(
      origin,
      `has no Chart.yaml (found: ${all.map((f) => f.path).join(', ') || 'no YAML file'})`,
      'Give a Helm chart (the karpenter or karpenter-crd chart), or the CRD YAML files themselves',
    );
  }
  const root = chartFile.path.slice(0, -'Chart.yaml'.length);
  const chart = chartInfo(chartFile);
  const values = all.find((f) => f.path === `${root}values.yaml`);
  const crdDir = all.filter((f) => f.path.startsWith(`${root}crds/`));
  let crdFiles: SourceFile[];
  if (crdDir.length > 0) {
    crdFiles = crdDir;
  } else {
    const valuesData = values ? (parse(values.text) as unknown) : {};
    crdFiles = all
      .filter(
        (f) => f.path.startsWith(`${root}templates/`) && /kind:\s*CustomResourceDefinition\b/.test(f.text),
      )
      .map((f) =>
        hasTemplateActions(f.text)
          ? { ...f, text: renderHelmTemplate(f.path, f.text, { values: valuesData ?? {}, chart }) }
          : f,
      );
  }
  const read = [
    chartFile,
    ...(values ? [values] : []),
    ...crdDir,
    ...crdFiles.filter((f) => !crdDir.includes(f)),
  ];
  const files = all.filter((f) => read.some((r) => r.path === f.path));
  return {
    origin,
    chart,
    files,
    crdFiles,
    ...(values ? { values } : {}),
    seen: all.map((f) => f.path),
  };
}

function chartInfo(file: SourceFile): ChartInfo {
  let doc: unknown;
  try {
    doc = parse(file.text);
  } catch (e) {
    throw inputError(
      file.path,
      `does not parse as YAML (${(e as Error).message.split('\n')[0]})`,
      'Give the chart as published',
    );
  }
  const d = (doc ?? {}) as Record<string, unknown>;
  if (typeof d.name !== 'string' || (typeof d.version !== 'string' && typeof d.version !== 'number'))
    throw inputError(file.path, 'has no chart name and version', 'Give the chart as published');
  return {
    name: d.name,
    version: String(d.version),
    ...(d.appVersion !== undefined ? { appVersion: String(d.appVersion) } : {}),
  };
}

/** The YAML files of an unpacked chart folder, named `<folder>/…` like in an archive. */
function chartFolderFiles(dir: string): Map<string, Buffer> {
  const name = basename(dir);
  const out = new Map<string, Buffer>();
  for (const f of ['Chart.yaml', 'values.yaml'])
    if (existsSync(join(dir, f))) out.set(`${name}/${f}`, readFileSync(join(dir, f)));
  for (const sub of ['crds', 'templates']) {
    const d = join(dir, sub);
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d)
      .filter((n) => YAML_FILE.test(n))
      .sort())
      if (statSync(join(d, f)).isFile()) out.set(`${name}/${sub}/${f}`, readFileSync(join(d, f)));
  }
  return out;
}

/** How a command-line path is named in messages and the lock: relative to `cwd`, else its base name. */
export function shownPath(p: string, cwd: string): string {
  const rel = relative(cwd, resolve(cwd, p));
  return (rel.startsWith('..') ? basename(p) : rel).split(sep).join('/');
}

/**
 * Reads what the command line names (relative to `cwd`); throws UserError on anything unusable.
 * A release's getting-started `cloudformation.yaml` given beside the chart or CRDs is kept as
 * `cloudFormation` (codegen/import/official-policy-import.ts).
 */
export async function readImportSource(args: readonly string[], cwd: string): Promise<ImportSource> {
  const { template, rest } = takeCloudFormation(args, cwd, (p) => shownPath(p, cwd));
  const source = await readChartOrCrds(rest, cwd);
  if (template === undefined) return source;
  return {
    ...source,
    cloudFormation: template,
    files: [...source.files, template].sort((a, b) => compareCodeUnits(a.path, b.path)),
    seen: [...source.seen, template.path],
  };
}

async function readChartOrCrds(args: readonly string[], cwd: string): Promise<ImportSource> {
  const shown = (p: string): string => shownPath(p, cwd);
  const paths = args.map((a) => resolve(cwd, a));
  for (const [i, p] of paths.entries())
    if (!existsSync(p))
      throw inputError(
        args[i],
        'does not exist',
        'Give a chart archive (.tgz), a chart folder, or CRD YAML files',
      );
  if (paths.length === 1 && statSync(paths[0]).isDirectory()) {
    if (!existsSync(join(paths[0], 'Chart.yaml')))
      throw inputError(
        shown(args[0]),
        'is a folder without Chart.yaml',
        'Give an unpacked chart folder, or the CRD YAML files in it',
      );
    return fromChartFiles(shown(args[0]), chartFolderFiles(paths[0]));
  }
  if (paths.length === 1 && /\.(tgz|tar\.gz)$/.test(paths[0]))
    return fromChartFiles(shown(args[0]), await readChartArchive(readFileSync(paths[0]), shown(args[0])));
  const files: SourceFile[] = [];
  for (const [i, p] of paths.entries()) {
    if (statSync(p).isDirectory() || /\.(tgz|tar\.gz)$/.test(p))
      throw inputError(
        shown(args[i]),
        'is a chart: a chart is imported alone',
        'Import the chart on its own, or give only CRD YAML files',
      );
    if (!YAML_FILE.test(p) && !p.endsWith('.json'))
      throw inputError(
        shown(args[i]),
        'is not a YAML file',
        'Give CRD YAML files (kubectl get crd NAME -o yaml > NAME.yaml)',
      );
    files.push(toSource(shown(args[i]), readFileSync(p)));
  }
  files.sort((a, b) => compareCodeUnits(a.path, b.path));
  return {
    origin: files.map((f) => f.path).join(', '),
    files,
    crdFiles: files,
    seen: files.map((f) => f.path),
  };
}
