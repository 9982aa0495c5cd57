/**
 * The synth pipeline's generators, in order. Each turns the resolved fleet into files
 * below `dist/` (paths from model/shared/dist-layout.ts). Pure: no file or environment access.
 * A path produced by two generators is a bug (synth/synthesize.ts refuses it).
 *
 * To add a generator: import it and add ONE line to GENERATORS.
 */
import { karpenterGenerator } from '../charts/karpenter/karpenter-generator';
import { helmValuesGenerator } from '../charts/helm-values/helm-values-generator';
import { clusterBaseGenerator } from '../charts/cluster-base/cluster-base-generator';
import { argocdGenerator } from '../charts/argocd/argocd-generator';
import { FleetModel, GeneratedFiles } from '../model';
import { awsSideGenerator } from '../policies/targets/aws-side-generator';

export type Generator = (fleet: FleetModel) => GeneratedFiles;

export interface NamedGenerator {
  /** Short name used in error messages, e.g. `karpenter`. */
  readonly name: string;
  readonly generate: Generator;
}

export const GENERATORS: readonly NamedGenerator[] = [
  { name: 'karpenter', generate: karpenterGenerator },
  { name: 'helm-values', generate: helmValuesGenerator },
  { name: 'aws-side', generate: awsSideGenerator },
  { name: 'cluster-base', generate: clusterBaseGenerator },
  { name: 'argocd', generate: argocdGenerator },
];
