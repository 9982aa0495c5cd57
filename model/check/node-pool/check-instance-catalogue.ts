/**
 * Every check of a cluster against Karpenter's instance-type catalogue, in one place: label
 * keys of the reserved domains, the instance types each pool's requirements leave
 * (check-instance-requirements.ts), workloads that must fit on them, pools that launch
 * nothing, volumes below the family's default size. The time spent here is accumulated per
 * process, so the benchmark can report what these checks cost inside the pipeline.
 */
import { performance } from 'node:perf_hooks';
import { CheckContext } from '../check-context';
import { checkInstanceRequirements } from './check-instance-requirements';
import { checkLabelKeys } from '../check-label-keys';
import { checkPoolLaunchable } from './check-pool-launchable';
import { checkVolumeSizes } from '../node-class/check-volume-sizes';
import { checkWorkloadFit } from './check-workload-fit';

let spentMs = 0;

/** Milliseconds this process spent in checkInstanceCatalogue (catalogue loading included). */
export function instanceCatalogueCheckMs(): number {
  return spentMs;
}

export function checkInstanceCatalogue(ctx: CheckContext): void {
  const start = performance.now();
  try {
    // On an imported version, each runs only where its schema paths carried over (model/facts/carry-over.ts).
    const catalogue = ctx.applies('instance catalogue');
    if (catalogue && ctx.applies('requirement semantics'))
      for (const [poolName, pool] of Object.entries(ctx.raw.nodePools ?? {}))
        checkInstanceRequirements(ctx, poolName, pool);
    if (ctx.applies('requirement semantics')) checkLabelKeys(ctx);
    if (catalogue) checkWorkloadFit(ctx);
    if (catalogue) checkPoolLaunchable(ctx);
    if (ctx.applies('AMI families')) checkVolumeSizes(ctx);
  } finally {
    spentMs += performance.now() - start;
  }
}
