/**
 * `karpenter.version` names a release the tool can judge: one it ships (model/facts/versions.ts)
 * or one the repository imported into karpenter-imports/ (`karpenter-gitops import`). Anything
 * else is an error at its line naming the import command to run.
 */
import { CheckContext } from './check-context';
import { isKarpenterVersion, KARPENTER_VERSIONS } from '../facts/versions';
import { didYouMean } from '../shared/did-you-mean';
import { show } from '../shared/show-value';

export function checkKarpenterVersion(ctx: CheckContext): void {
  const version = ctx.raw.karpenter?.version;
  if (version === undefined || isKarpenterVersion(version) || ctx.imports.karpenter.has(version)) return;
  const known = [...KARPENTER_VERSIONS, ...ctx.imports.karpenter.keys()];
  const imported = [...ctx.imports.karpenter.keys()];
  const close = didYouMean(version, known);
  ctx.error(
    ['karpenter', 'version'],
    `Karpenter ${show(version)} is neither shipped with karpenter-gitops (${KARPENTER_VERSIONS.join(', ')}) nor imported into ${ctx.imports.folder}/` +
      (imported.length > 0 ? ` (imported: ${imported.join(', ')})` : ''),
    `Import its chart: helm pull oci://public.ecr.aws/karpenter/karpenter --version ${show(version)} && npx karpenter-gitops import karpenter-${show(version)}.tgz, then commit ${ctx.imports.folder}/` +
      (close ? `; or did you mean ${close}?` : ''),
  );
}
