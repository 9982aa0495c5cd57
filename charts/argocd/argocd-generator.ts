/**
 * The Argo CD generator of the synth pipeline: every cluster's AppProject and
 * Applications under `dist/<cluster>/argocd/`, and the fleet entry point under
 * `dist/fleet/`. Refuses (UserError) AppProject names that would collide in one Argo CD.
 */
import { App } from 'cdk8s';
import { Diagnostic, UserError, FleetModel, GeneratedFile, GeneratedFiles } from '../../model';
import { PlacedManifest } from '../karpenter/karpenter-chart';
import { renderManifestFile } from '../render-manifest';
import { FLEET_PROJECT } from './application-names';
import { ArgoCdChart } from './argocd-chart';
import { FleetChart } from './fleet-chart';

export function argocdGenerator(fleet: FleetModel): GeneratedFiles {
  const problems = projectNameProblems(fleet);
  if (problems.length > 0) throw new UserError(problems);
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const placed: PlacedManifest[] = [];
  for (const cluster of fleet.clusters) placed.push(...new ArgoCdChart(app, { cluster }).manifests);
  const fleetChart = new FleetChart(app, { fleet });
  placed.push(...fleetChart.manifests);
  const files: GeneratedFiles = new Map();
  const add = (path: string, file: GeneratedFile) => {
    if (files.has(path)) throw new Error(`argocd generator produced '${path}' twice`);
    files.set(path, file);
  };
  for (const { path, apiObject } of placed) add(path, renderManifestFile(apiObject));
  for (const [path, text] of fleetChart.files) add(path, { text });
  return files;
}

/**
 * Only the fleet-wide files of `dist/fleet/` (AppProject of the roots, `argocd-cm` patch,
 * ApplicationSet), as argocdGenerator renders them: what shard 1 of `check --shard` compares.
 */
export function argocdFleetWideGenerator(fleet: FleetModel): GeneratedFiles {
  const problems = projectNameProblems(fleet);
  if (problems.length > 0) throw new UserError(problems);
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const fleetChart = new FleetChart(app, { fleet, perCluster: false });
  return new Map(fleetChart.manifests.map(({ path, apiObject }) => [path, renderManifestFile(apiObject)]));
}

/**
 * Each cluster needs its own AppProject in its Argo CD namespace: two clusters naming the
 * same project would have two roots fighting over one object.
 */
export function projectNameProblems(fleet: FleetModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Map<string, string>();
  for (const cluster of fleet.clusters) {
    const { project, argocdNamespace } = cluster.gitops;
    const at = { severity: 'error' as const, ...cluster.source, path: 'gitops.project' };
    if (project === FLEET_PROJECT) {
      out.push({
        ...at,
        message: `'${project}' is the AppProject of the fleet's root Applications`,
        fix: 'Choose another gitops.project (the default is the cluster name)',
      });
      continue;
    }
    const key = `${argocdNamespace}/${project}`;
    const other = seen.get(key);
    if (other !== undefined) {
      out.push({
        ...at,
        message: `AppProject '${project}' in namespace ${argocdNamespace} is already used by cluster ${other}`,
        fix: 'Give every cluster its own gitops.project (the default is the cluster name)',
      });
    } else {
      seen.set(key, cluster.name);
    }
  }
  return out;
}
