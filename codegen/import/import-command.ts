/**
 * `karpenter-gitops import <chart.tgz | chart folder | CRD files...>`, run in the user's
 * repository: reads a Karpenter chart (or karpenter-crd chart, or CRD YAML, or the EKS Auto
 * Mode NodeClass CRD exported from a cluster) and writes its validation artifacts, values keys
 * and lock entry into `karpenter-imports/` (io/repository-imports.ts), atomically: on any error
 * nothing is written. After it, `karpenter.version: <that version>` is accepted everywhere.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { swapFolderIntoPlace } from '../../io/atomic-write';
import { EXIT_OK, reportFailure, reportInternalError } from '../../io/cli-common';
import { AnyCommand, defineCommand } from '../../io/command';
import {
  clearRepositoryImportsCache,
  LOCK_FILE,
  readImportLock,
  readRepositoryImports,
  REPOSITORY_IMPORTS_DIR,
} from '../../io/repository-imports';
import { TOOL_ROOT } from '../../io/tool-root';
import { carryOverLine, compareCodeUnits, plural, UserError } from '../../model';
import { ImportOptions, ImportPlan, planImport } from './import-plan';
import { readImportSource } from './import-source';
import { OFFICIAL_POLICY_FILE } from '../../policies/official-policy-versions';

/** Writes the plan into `<root>/karpenter-imports/` as a whole: a staged copy swapped into place. */
export function writeRepositoryImports(root: string, plan: ImportPlan): void {
  const target = join(root, REPOSITORY_IMPORTS_DIR);
  const staging = `${target}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    if (existsSync(target)) cpSync(target, staging, { recursive: true });
    else mkdirSync(staging, { recursive: true });
    for (const set of plan.sets) {
      if (set.unchanged) continue;
      const dir = join(staging, set.entry.folder);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      for (const [name, content] of [...set.files].sort(([a], [b]) => compareCodeUnits(a, b)))
        writeFileSync(join(dir, name), content);
    }
    writeFileSync(join(staging, LOCK_FILE), `${JSON.stringify(plan.lock, null, 2)}\n`);
    swapFolderIntoPlace(staging, target, `${target}.old-${process.pid}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Reads, plans and writes one import; returns the lines to print. Throws UserError. */
export async function runImport(
  inputs: readonly string[],
  cwd: string,
  options: Omit<ImportOptions, 'toolRoot'> & { readonly toolRoot?: string },
): Promise<string[]> {
  const source = await readImportSource(inputs, cwd);
  const plan = planImport(source, readImportLock(cwd), {
    ...options,
    toolRoot: options.toolRoot ?? TOOL_ROOT,
  });
  const lines = [...plan.notes];
  if (plan.sets.length === 0) return lines;
  if (plan.sets.every((s) => s.unchanged)) {
    for (const s of plan.sets)
      lines.push(`${REPOSITORY_IMPORTS_DIR}/${s.entry.folder}/ is already imported with these contents.`);
    return lines;
  }
  writeRepositoryImports(cwd, plan);
  clearRepositoryImportsCache();
  const imports = readRepositoryImports(cwd);
  for (const s of plan.sets) {
    const artifacts = [...s.files.keys()].filter((n) => n.endsWith('.validate.js')).length;
    lines.push(
      `${REPOSITORY_IMPORTS_DIR}/${s.entry.folder}/: ${s.unchanged ? 'unchanged' : `${plural(artifacts, 'CRD version')} validated from ${s.entry.source}`}` +
        `${s.files.has('values-keys.json') ? ', chart values keys' : ''}${s.files.has(OFFICIAL_POLICY_FILE) ? ', official IAM policy' : ''}; ${REPOSITORY_IMPORTS_DIR}/${LOCK_FILE} records ${s.entry.files.length} source files.`,
    );
    if (s.entry.kind === 'karpenter' && s.entry.version !== undefined) {
      const imported = imports.karpenter.get(s.entry.version);
      if (imported) lines.push(carryOverLine('carry-over', s.entry.version, imported.carryOver));
      lines.push(
        `Pin a cluster to it with karpenter.version: ${s.entry.version}, then run synth; commit ${REPOSITORY_IMPORTS_DIR}/.`,
      );
    } else {
      lines.push(
        'Clusters with karpenter.mode: eks-auto-mode now validate their NodeClass against this CRD.',
      );
    }
  }
  return lines;
}

export const importCommand: AnyCommand = defineCommand({
  name: 'import',
  summary:
    'import a Karpenter chart (helm pull), its CRDs, or the EKS Auto Mode NodeClass CRD into karpenter-imports/',
  description: `Reads a chart archive as \`helm pull oci://public.ecr.aws/karpenter/karpenter --version X\` writes it (or karpenter-crd), an unpacked chart folder, or CRD YAML files (kubectl get crd NAME -o yaml), and writes the validation artifacts of its CRDs, the chart's values keys, the official controller policy of the release's getting-started cloudformation.yaml when given beside it, and a lock entry with the sha256 of every source file into ${REPOSITORY_IMPORTS_DIR}/, to commit. Then karpenter.version: X is accepted by synth, check, validate, impact and report. Nothing is written on any error. See docs/new-karpenter-release.md.`,
  options: {
    'karpenter-version': {
      type: 'string',
      value: 'VERSION',
      description: 'the Karpenter version of the CRDs (needed for CRD files; relabels a chart)',
      defaultText: "the chart's version",
    },
    force: {
      type: 'boolean',
      description: 'replace a version imported before with different contents (the lock keeps both hashes)',
    },
  },
  positionals: {
    name: 'CHART.tgz|CHART-DIR|CRD.yaml... [cloudformation.yaml]',
    description:
      "what to import; the release's getting-started cloudformation.yaml beside it adds its official IAM policy",
    min: 1,
  },
  exitCodes: '0 imported (or already there), 1 refused (nothing written), 2 usage error',
  run: async (args, io): Promise<number> => {
    try {
      const lines = await runImport(args.positionals, io.cwd, {
        ...(args.values['karpenter-version'] !== undefined
          ? { karpenterVersion: args.values['karpenter-version'] }
          : {}),
        force: args.values.force,
      });
      for (const line of lines) io.out(line);
      return EXIT_OK;
    } catch (e) {
      if (e instanceof UserError) return reportFailure('import', e, `${REPOSITORY_IMPORTS_DIR}/`, io);
      return reportInternalError('import', e, io, `${REPOSITORY_IMPORTS_DIR}/`);
    }
  },
});
