/** Builds single constructs in a throwaway chart and returns their manifests as JSON. */
import { App, Chart } from 'cdk8s';
import { NodeClassModel, NodePoolModel } from '../../../model/shared/fleet-model';
import { NodeClass } from '../../../charts/karpenter/node-class';
import { NodePool } from '../../../charts/karpenter/node-pool';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

function chart(): Chart {
  return new Chart(new App({ outdir: '.', recordConstructMetadata: false }), 'test', {
    disableResourceNameHashes: true,
  });
}

export function nodeClassJson(model: NodeClassModel): Json {
  return new NodeClass(chart(), 'nc', { model }).apiObject.toJson();
}

export function nodePoolJson(model: NodePoolModel): Json {
  return new NodePool(chart(), 'np', { model }).apiObject.toJson();
}
