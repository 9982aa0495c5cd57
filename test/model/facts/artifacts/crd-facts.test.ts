/**
 * The CRD facts of a Karpenter version (model/facts/artifacts/crd-facts.ts): written by the one artifact
 * generator for the pinned versions and for a repository's import alike, and read through the
 * version registry (shipped: SHIPPED_CRD_FACTS; imported: io/repository-imports.ts),
 * so a fleet on an imported version is judged by that version's own schedule pattern.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runImport } from '../../../../codegen/import/import-command';
import {
  CrdDocument,
  crdFactsOf,
  validationArtifactFiles,
} from '../../../../codegen/generate-validation-artifacts';
import { clearRepositoryImportsCache, readRepositoryImports } from '../../../../io/repository-imports';
import { CRD_FACTS_FILE, CRD_SETS, loadArtifactModule, UserError } from '../../../../model';
import { formatDiagnostic } from '../../../../model/shared/diagnostics';
import { loadFleetFromSources } from '../../../../model/load-fleet';
import { SHIPPED_CRD_FACTS } from '../../../../model/facts/artifacts/crd-facts';
import { SHARED } from '../../../support/chart-fixtures';
import { DEFAULTS, MINIMAL, sources, userErrorsOf } from '../../../support/fleet-files';

const ROOT = join(__dirname, '..', '..', '..', '..');
const PATTERN_1_14_1 =
  '^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\\s(.+)\\s(.+)\\s(.+)\\s(.+))$';
const crdDir = join(SHARED, 'crds', 'karpenter', 'v1.14.1');
const set = CRD_SETS.find((s) => s.project === 'karpenter' && s.version === '1.14.1')!;
const nodePoolFile = set.files.find((f) => f.includes('nodepools'))!;
const nodePoolText = (): string => readFileSync(join(crdDir, nodePoolFile), 'utf8');

describe('CRD facts', () => {
  it('the pinned versions carry the NodePool schedule pattern, typed and beside their artifacts alike', () => {
    for (const version of ['1.14.1', '1.0.14'] as const) {
      expect(SHIPPED_CRD_FACTS[version]).toEqual({ disruptionBudgetSchedulePattern: PATTERN_1_14_1 });
      const beside = join(ROOT, 'imports', 'validation', `karpenter-v${version}`, CRD_FACTS_FILE);
      expect(loadArtifactModule(beside)).toEqual(SHIPPED_CRD_FACTS[version]);
    }
  });

  it('are read from the storage version of the NodePool CRD; none without one; {} without a pattern', () => {
    const nodePool = parse(nodePoolText()) as CrdDocument;
    expect(crdFactsOf([nodePool])).toEqual({ disruptionBudgetSchedulePattern: PATTERN_1_14_1 });
    const noPattern = parse(nodePoolText().replace(/^(\s+)pattern: .*annually.*$/m, '')) as CrdDocument;
    expect(crdFactsOf([noPattern])).toEqual({});
    const others = set.files
      .filter((f) => f !== nodePoolFile)
      .map((f) => parse(readFileSync(join(crdDir, f), 'utf8')) as CrdDocument);
    expect(crdFactsOf(others)).toBeUndefined();
    expect(validationArtifactFiles('// h\n', others).map(([name]) => name)).not.toContain(CRD_FACTS_FILE);
    expect(validationArtifactFiles('// h\n', [nodePool]).find(([name]) => name === CRD_FACTS_FILE)).toEqual([
      CRD_FACTS_FILE,
      `// h\n'use strict';\nmodule.exports = ${JSON.stringify({ disruptionBudgetSchedulePattern: PATTERN_1_14_1 })};\n`,
    ]);
  });

  describe('of an imported version', () => {
    let repo: string;
    beforeEach(() => {
      repo = mkdtempSync(join(tmpdir(), 'kg-crd-facts-'));
      clearRepositoryImportsCache();
    });
    afterEach(() => rmSync(repo, { recursive: true, force: true }));

    /** The 1.14.1 CRDs relabelled 1.99.0, with @hourly taken out of the NodePool's schedule pattern. */
    async function importWithoutHourly(): Promise<void> {
      const src = join(repo, 'crds');
      mkdirSync(src);
      for (const f of set.files) {
        const text = readFileSync(join(crdDir, f), 'utf8');
        writeFileSync(join(src, f), f === nodePoolFile ? text.replace('midnight|hourly', 'midnight') : text);
      }
      await runImport(
        set.files.map((f) => join(src, f)),
        repo,
        { karpenterVersion: '1.99.0' },
      );
    }

    const scheduleMessages = (version: string): string[] =>
      userErrorsOf(() =>
        loadFleetFromSources(
          sources({
            '_defaults.yaml': DEFAULTS,
            'demo.yaml': `${MINIMAL}karpenter:\n  version: ${version}\nnodeClasses:\n  default:\n    alias: al2023@v20260714\nnodePools:\n  p:\n    nodeClass: default\n    disruption:\n      budgets:\n        - nodes: "10%"\n          schedule: "@hourly"\n          duration: 10m\n`,
          }),
          { imports: readRepositoryImports(repo) },
        ),
      ).map(formatDiagnostic);

    it("are written by the import and judge the fleet by that version's pattern", async () => {
      await importWithoutHourly();
      const imported = readRepositoryImports(repo).karpenter.get('1.99.0')!;
      expect(imported.crdFacts).toEqual({
        disruptionBudgetSchedulePattern: PATTERN_1_14_1.replace('midnight|hourly', 'midnight'),
      });
      expect(scheduleMessages('1.99.0')).toEqual([
        expect.stringMatching(
          /^clusters\/demo\.yaml:18:21 nodePools\.p\.disruption\.budgets\[0\]\.schedule: '@hourly' does not match the NodePool CRD's pattern for schedule, so the API server refuses the NodePool/,
        ),
      ]);
      expect(scheduleMessages('1.14.1')).toEqual([]);
    });

    it('an import an earlier karpenter-gitops wrote, without facts.js, is refused with the fix', async () => {
      await importWithoutHourly();
      rmSync(join(repo, 'karpenter-imports', 'karpenter-v1.99.0', CRD_FACTS_FILE));
      clearRepositoryImportsCache();
      let error: unknown;
      try {
        readRepositoryImports(repo);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UserError);
      expect((error as UserError).diagnostics.map(formatDiagnostic)).toEqual([
        expect.stringContaining(
          'karpenter-imports/lock.json: names karpenter-imports/karpenter-v1.99.0/ but it has no facts.js (an earlier karpenter-gitops imported it). Import the chart again with --force',
        ),
      ]);
    });
  });
});
