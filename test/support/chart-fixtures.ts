/**
 * Chart archives for the import tests, built in a temporary folder from the read-only shared
 * CRDs (never committed): a Karpenter chart as `helm pull` writes it (`karpenter/Chart.yaml`,
 * `karpenter/values.yaml`, `karpenter/crds/*.yaml`, gzipped tar), optionally with an
 * EC2NodeClass field and an enum value that 1.14.1 does not have.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { loadFleetFromDir } from '../../io/cli-common';
import { clearRepositoryImportsCache } from '../../io/repository-imports';
import { synthCli } from '../../synth/synth';

export const SHARED = join(__dirname, '..', '..', '..', 'shared');
export const SHARED_CRDS_1141 = join(SHARED, 'crds', 'karpenter', 'v1.14.1');
export const SHARED_CRDS_1014 = join(SHARED, 'crds', 'karpenter', 'v1.0.14');
export const SHARED_VALUES_1141 = join(SHARED, 'reference', 'karpenter-v1.14.1', 'chart-values.yaml');
export const SNAPSHOT = join(SHARED, 'reference', 'karpenter-main-2026-08-21');

/** The field and enum value the 1.99.0 fixture adds to the 1.14.1 EC2NodeClass. */
export const ADDED_FIELD = 'hibernation';
export const ADDED_ENUM = { field: 'instanceStorePolicy', value: 'RAID10' } as const;

/** The 1.14.1 EC2NodeClass CRD text with ADDED_FIELD (an object with an enum `mode`) and ADDED_ENUM. */
export function extendedNodeClassCrd(): string {
  const crd = parse(
    readFileSync(join(SHARED_CRDS_1141, 'karpenter.k8s.aws_ec2nodeclasses.yaml'), 'utf8'),
  ) as {
    spec: {
      versions: {
        schema: {
          openAPIV3Schema: { properties: { spec: { properties: Record<string, { enum?: string[] }> } } };
        };
      }[];
    };
  };
  const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties;
  spec[ADDED_FIELD] = {
    description: 'Hibernation of the instances (a field 1.14.1 does not have).',
    type: 'object',
    properties: { mode: { type: 'string', enum: ['disabled', 'enabled'] } },
  } as never;
  spec[ADDED_ENUM.field].enum = [...(spec[ADDED_ENUM.field].enum ?? []), ADDED_ENUM.value];
  return stringify(crd);
}

export interface ChartFixture {
  readonly name?: string;
  readonly version: string;
  /** @default the 1.14.1 CRDs */
  readonly crdDir?: string;
  /** Replaced or added CRD files, by file name. @default none */
  readonly crdOverrides?: Readonly<Record<string, string>>;
  /** @default the 1.14.1 values.yaml */
  readonly valuesFile?: string | null;
  /** YAML appended to values.yaml. @default none */
  readonly valuesExtra?: string;
}

/** Writes `<dir>/<name>-<version>.tgz` (and its unpacked folder `<dir>/src/<name>/`); returns the archive path. */
export function buildChartArchive(dir: string, fixture: ChartFixture): string {
  const name = fixture.name ?? 'karpenter';
  const src = join(dir, 'src', name);
  mkdirSync(join(src, 'crds'), { recursive: true });
  writeFileSync(
    join(src, 'Chart.yaml'),
    `apiVersion: v2\nname: ${name}\nversion: ${fixture.version}\nappVersion: ${fixture.version}\n`,
  );
  const values = fixture.valuesFile === undefined ? SHARED_VALUES_1141 : fixture.valuesFile;
  if (values !== null)
    writeFileSync(join(src, 'values.yaml'), `${readFileSync(values, 'utf8')}${fixture.valuesExtra ?? ''}`);
  const crdDir = fixture.crdDir ?? SHARED_CRDS_1141;
  for (const f of readdirSync(crdDir)) copyFileSync(join(crdDir, f), join(src, 'crds', f));
  for (const [f, text] of Object.entries(fixture.crdOverrides ?? {}))
    writeFileSync(join(src, 'crds', f), text);
  const archive = join(dir, `${name}-${fixture.version}.tgz`);
  execFileSync('tar', ['-czf', archive, '-C', join(dir, 'src'), name]);
  return archive;
}

/** A top-level chart value the 1.99.0 fixture adds to 1.14.1's values.yaml. */
export const ADDED_VALUE = 'sleepMode';

/** The 1.99.0 fixture of issue 39: 1.14.1's chart with ADDED_FIELD, ADDED_ENUM and ADDED_VALUE. */
export function build199Archive(dir: string): string {
  return buildChartArchive(dir, {
    version: '1.99.0',
    valuesExtra: `\n${ADDED_VALUE}: false\n`,
    crdOverrides: { 'karpenter.k8s.aws_ec2nodeclasses.yaml': extendedNodeClassCrd() },
  });
}

/** What the all-kinds fixture adds to each 1.14.1 CRD: a field per kind and one enum value. */
export const ADDED_PER_KIND = {
  /** NodePool `spec.template.spec`: an object with an enum `mode`. */
  poolTemplateField: 'drainPolicy',
  /** NodePool `spec` only: an integer 0..10. */
  poolSpecField: 'schedulingPriority',
  /** NodePool `spec.disruption.consolidationPolicy`: a new enum value. */
  poolEnum: { field: 'disruption', path: ['consolidationPolicy'], value: 'WhenIdle' },
  /** NodePool `spec.disruption.settleSeconds`: a field nested in a known one, an integer 0..600. */
  poolNested: { field: 'disruption', name: 'settleSeconds' },
  /** NodeOverlay `spec`: a string of at most 20 characters. */
  overlayField: 'note',
  /** CapacityBuffer `spec`: an integer 0..100. */
  bufferField: 'priority',
} as const;

interface CrdDoc {
  spec: {
    versions: { storage?: boolean; schema: { openAPIV3Schema: { properties: { spec: SchemaNode } } } }[];
  };
}
interface SchemaNode {
  properties: Record<string, SchemaNode & { enum?: string[] }>;
  [key: string]: unknown;
}

/** The spec schema of the storage version of a 1.14.1 CRD file, to change; `text()` writes it back. */
function crdSpec(file: string): { spec: SchemaNode; text: () => string } {
  const crd = parse(readFileSync(join(SHARED_CRDS_1141, file), 'utf8')) as CrdDoc;
  const version = crd.spec.versions.find((v) => v.storage === true) ?? crd.spec.versions[0];
  return { spec: version.schema.openAPIV3Schema.properties.spec, text: () => stringify(crd) };
}

/** The 1.14.1 NodePool, NodeOverlay and CapacityBuffer CRDs with ADDED_PER_KIND. */
export function extendedKindCrds(): Record<string, string> {
  const pool = crdSpec('karpenter.sh_nodepools.yaml');
  const template = pool.spec.properties.template.properties.spec;
  template.properties[ADDED_PER_KIND.poolTemplateField] = {
    description: 'How nodes are drained (a field 1.14.1 does not have).',
    type: 'object',
    properties: { mode: { type: 'string', enum: ['graceful', 'immediate'] } as never },
  };
  pool.spec.properties[ADDED_PER_KIND.poolSpecField] = {
    description: 'Scheduling priority of the pool (a field 1.14.1 does not have).',
    type: 'integer',
    minimum: 0,
    maximum: 10,
  } as never;
  pool.spec.properties.disruption.properties[ADDED_PER_KIND.poolNested.name] = {
    description: 'Seconds a node settles before it is disrupted (a field 1.14.1 does not have).',
    type: 'integer',
    minimum: 0,
    maximum: 600,
  } as never;
  const policy = pool.spec.properties.disruption.properties.consolidationPolicy;
  policy.enum = [...(policy.enum ?? []), ADDED_PER_KIND.poolEnum.value];
  const overlay = crdSpec('karpenter.sh_nodeoverlays.yaml');
  overlay.spec.properties[ADDED_PER_KIND.overlayField] = {
    description: 'A note (a field 1.14.1 does not have).',
    type: 'string',
    maxLength: 20,
  } as never;
  const buffer = crdSpec('autoscaling.x-k8s.io_capacitybuffers.yaml');
  buffer.spec.properties[ADDED_PER_KIND.bufferField] = {
    description: 'Priority of the buffer (a field 1.14.1 does not have).',
    type: 'integer',
    minimum: 0,
    maximum: 100,
  } as never;
  return {
    'karpenter.sh_nodepools.yaml': pool.text(),
    'karpenter.sh_nodeoverlays.yaml': overlay.text(),
    'autoscaling.x-k8s.io_capacitybuffers.yaml': buffer.text(),
  };
}

/** The 1.99.0 fixture with a field added to every kind (ADDED_FIELD, ADDED_ENUM, ADDED_PER_KIND). */
export function build199AllKindsArchive(dir: string): string {
  return buildChartArchive(dir, {
    version: '1.99.0',
    crdOverrides: {
      'karpenter.k8s.aws_ec2nodeclasses.yaml': extendedNodeClassCrd(),
      ...extendedKindCrds(),
    },
  });
}

/**
 * The 1.14.1 EC2NodeClass CRD with a free-form `spec.kubelet` (an open map, as after upstream PR
 * #9461): every other CRD stays 1.14.1's, so every check but the typed kubelet rules carries over.
 */
export function freeFormKubeletNodeClassCrd(): string {
  const nodeClass = crdSpec('karpenter.k8s.aws_ec2nodeclasses.yaml');
  nodeClass.spec.properties.kubelet = {
    description: 'KubeletConfiguration fields, free-form (a 1.15-shaped kubelet).',
    type: 'object',
    'x-kubernetes-preserve-unknown-fields': true,
  } as never;
  return nodeClass.text();
}

/** `synth [argv]` in the repository `repo` as a user runs it there, with the imports read afresh. */
export function synthIn(
  repo: string,
  argv: readonly string[] = [],
): { code: number; out: string[]; err: string[] } {
  clearRepositoryImportsCache();
  const out: string[] = [];
  const err: string[] = [];
  const code = synthCli(
    argv,
    { out: (l) => out.push(l), err: (l) => err.push(l), cwd: repo },
    { loadFleet: loadFleetFromDir },
    repo,
  );
  return { code, out, err };
}
