/**
 * The Karpenter generator of the synth pipeline: every cluster's EC2NodeClasses and
 * NodePools as YAML, one resource per file, at the paths of model/shared/dist-layout.ts.
 */
import { App } from 'cdk8s';
import { FleetModel, GeneratedFiles } from '../../model';
import { renderManifestFile } from '../render-manifest';
import { KarpenterChart } from './karpenter-chart';

export function karpenterGenerator(fleet: FleetModel): GeneratedFiles {
  // Explicit props: the App never reads CDK8S_OUTDIR or writes anything (synth() is not called).
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const files: GeneratedFiles = new Map();
  for (const cluster of fleet.clusters) {
    const chart = new KarpenterChart(app, { cluster });
    for (const { path, apiObject } of chart.manifests) {
      if (files.has(path)) {
        throw new Error(`karpenter generator produced '${path}' twice`);
      }
      files.set(path, renderManifestFile(apiObject));
    }
  }
  return files;
}
