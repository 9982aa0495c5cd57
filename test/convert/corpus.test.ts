/**
 * The converter on real manifests: every folder of test/fixtures/convert-corpus/units (a
 * repository's Karpenter folder, or one self-contained example file, as users would convert it;
 * provenance in the corpus README) is converted into a scratch fleet, and every conversion that
 * succeeds (exit 0) is synthesized there by the real pipeline. None may fail its first synth.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { convertManifests, ConvertResult } from '../../convert/convert-manifests';
import { readManifests } from '../../convert/manifest-documents';
import { regionEvidence } from '../../convert/region-inference';
import { loadFleetFromDir } from '../../io/cli-common';
import { runSynth } from '../../synth/synth';
import { DEFAULTS } from '../support/fleet-files';
import { FIXTURE_ACCOUNT } from '../support/fleet-fixtures';
import { scratchFleet } from './convert-helpers';

const UNITS = join(__dirname, '..', 'fixtures', 'convert-corpus', 'units');
const KARPENTER_KINDS = ['NodePool', 'EC2NodeClass', 'Provisioner', 'AWSNodeTemplate'];

/**
 * The placeholders the repositories' instructions ask the user to fill in before applying (the
 * cluster name and its node role), filled like `envsubst` does; other text is left as it is.
 */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  CLUSTER_NAME: 'corpus',
  EKS_CLUSTER_NAME: 'corpus',
  cluster_name: 'corpus',
  KARPENTER_NODE_IAM_ROLE_NAME: 'KarpenterNodeRole-corpus',
  KARPENTER_NODE_ROLE: 'KarpenterNodeRole-corpus',
  KARPENTER_ROLE: 'KarpenterNodeRole-corpus',
};

function render(text: string): string {
  return text.replace(
    /\$\{(\w+)\}|<<(\w+)>>|\$(\w+)\b/g,
    (m, a?: string, b?: string, c?: string) => PLACEHOLDERS[a ?? b ?? c ?? ''] ?? m,
  );
}

type Mode = 'as published' | 'placeholders filled';

interface Outcome {
  readonly mode: Mode;
  readonly unit: string;
  readonly files: number;
  readonly result: ConvertResult;
  /** synth's errors on the first run, for conversions that exit 0. */
  readonly synthErrors?: readonly string[];
}

/** What a user passes: the cluster, account and destination; --region only when the input names none. */
function convertUnit(unit: string, mode: Mode): { result: ConvertResult; files: number } {
  const names = readdirSync(join(UNITS, unit))
    .filter((n) => /\.ya?ml$/.test(n))
    .sort();
  const sources = names.map((n) => ({
    file: `${unit}/${n}`,
    text:
      mode === 'as published'
        ? readFileSync(join(UNITS, unit, n), 'utf8')
        : render(readFileSync(join(UNITS, unit, n), 'utf8')),
  }));
  const karpenterDocs = readManifests(sources).documents.filter((d) => KARPENTER_KINDS.includes(d.kind));
  const region = regionEvidence(karpenterDocs).length > 0 ? undefined : 'us-east-1';
  const result = convertManifests(sources, {
    cluster: 'corpus',
    accountId: FIXTURE_ACCOUNT,
    destination: 'corpus',
    region,
    fleet: scratchFleet(),
  });
  return { result, files: names.length };
}

function firstSynth(yaml: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'convert-corpus-'));
  try {
    mkdirSync(join(dir, 'clusters'));
    writeFileSync(join(dir, 'clusters', '_defaults.yaml'), DEFAULTS);
    writeFileSync(join(dir, 'clusters', 'corpus.yaml'), yaml);
    runSynth(
      { projectRoot: dir, clustersDir: join(dir, 'clusters'), outDir: join(dir, 'dist') },
      { loadFleet: loadFleetFromDir },
    );
    return [];
  } catch (e) {
    return (e as Error).message.split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const MODES: readonly Mode[] = ['as published', 'placeholders filled'];
const outcomes: Outcome[] = MODES.flatMap((mode) =>
  readdirSync(UNITS)
    .sort()
    .map((unit) => {
      const { result, files } = convertUnit(unit, mode);
      return {
        mode,
        unit,
        files,
        result,
        ...(result.ok && result.yaml !== undefined ? { synthErrors: firstSynth(result.yaml) } : {}),
      };
    }),
);
const published = outcomes.filter((o) => o.mode === 'as published');

test('the corpus: at least 40 files from at least 20 repositories (see its README)', () => {
  const readme = readFileSync(join(UNITS, '..', 'README.md'), 'utf8');
  const repos = new Set([...readme.matchAll(/^\| \d{3} \| ([^ |]+) \|/gm)].map((m) => m[1]));
  expect(repos.size).toBeGreaterThanOrEqual(20);
  expect(published.reduce((n, o) => n + o.files, 0)).toBeGreaterThanOrEqual(40);
  // every unit has its provenance row
  for (const o of published) expect(readme).toContain(`| ${o.unit.slice(0, 3)} |`);
});

test('every conversion that exits 0 synthesizes on its first try, in the fleet it was checked against', () => {
  const failed = outcomes
    .filter((o) => o.synthErrors !== undefined && o.synthErrors.length > 0)
    .map((o) => ({ mode: o.mode, unit: o.unit, errors: o.synthErrors }));
  expect(failed).toEqual([]);
});

test('every conversion that does not exit 0 says why, at a source line', () => {
  for (const o of outcomes.filter((x) => !x.result.ok)) {
    const errors = o.result.diagnostics.filter((d) => d.severity === 'error');
    if (o.result.clusterNameMissing !== undefined) continue; // --cluster is always given here
    expect({ unit: o.unit, errors: errors.length > 0 }).toEqual({ unit: o.unit, errors: true });
    for (const d of errors) expect(d.file.startsWith(o.unit) || d.file.startsWith('clusters/')).toBe(true);
  }
});

/** The figures docs/migration.md reports; a change here means updating them there. */
test('the figures in docs/migration.md', () => {
  const figures = Object.fromEntries(
    MODES.map((mode) => {
      const of = outcomes.filter((o) => o.mode === mode);
      const converted = of.filter((o) => o.result.ok);
      return [
        mode,
        {
          units: of.length,
          files: of.reduce((n, o) => n + o.files, 0),
          converted: converted.length,
          synthesizedFirstTime: converted.filter((o) => o.synthErrors?.length === 0).length,
        },
      ];
    }),
  );
  if (process.env.CORPUS_REPORT) {
    const reasons = outcomes
      .filter((o) => !o.result.ok)
      .map(
        (o) =>
          `${o.mode} ${o.unit}\n  ${o.result.diagnostics.map((d) => `${d.line}: ${d.message}`).join('\n  ')}`,
      );
    process.stdout.write(`${JSON.stringify(figures)}\n${reasons.join('\n')}\n`);
  }
  expect(figures).toEqual(CORPUS_FIGURES);
});

const CORPUS_FIGURES = {
  'as published': { units: 104, files: 145, converted: 26, synthesizedFirstTime: 26 },
  'placeholders filled': { units: 104, files: 145, converted: 74, synthesizedFirstTime: 74 },
};
