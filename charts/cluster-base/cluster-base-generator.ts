/**
 * The cluster-base generator of the synth pipeline: namespaces and smoke tests of every
 * cluster (see cluster-base-chart.ts), one object per file.
 */
import { App } from 'cdk8s';
import { Diagnostic, FleetModel, GeneratedFiles } from '../../model';
import { renderManifestFile } from '../render-manifest';
import { ClusterBaseChart } from './cluster-base-chart';
import { smokeTestDiagnostics } from './smoke-test-check';

export function clusterBaseGenerator(fleet: FleetModel): GeneratedFiles {
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const files: GeneratedFiles = new Map();
  for (const cluster of fleet.clusters) {
    for (const { path, apiObject } of new ClusterBaseChart(app, { cluster }).manifests) {
      if (files.has(path)) throw new Error(`cluster-base generator produced '${path}' twice`);
      files.set(path, renderManifestFile(apiObject));
    }
  }
  return files;
}

/** Model-level findings of this generator's inputs (smoke tests that can never schedule), for the validate step. */
export function clusterBaseFindings(fleet: FleetModel): Diagnostic[] {
  return fleet.clusters.flatMap(smokeTestDiagnostics);
}
