/**
 * The synth pipeline's generators, in order. Each turns the resolved fleet into files
 * below `dist/` (paths from model/shared/dist-layout.ts). Pure: no file or environment access.
 * A path produced by two generators is a bug (synth/synthesize.ts refuses it).
 *
 * Each generator's module is loaded on its first run: a run whose clusters all come from the
 * generation cache (synth/cached-synthesize.ts) runs only the fleet-wide parts.
 *
 * To add a generator: add ONE line to GENERATORS (a `fleetWide` part if it writes files no
 * single cluster owns, or refuses a fleet for something across clusters).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- generator modules are loaded on first use (see above) */
import type * as Karpenter from '../charts/karpenter/karpenter-generator';
import type * as HelmValues from '../charts/helm-values/helm-values-generator';
import type * as ClusterBase from '../charts/cluster-base/cluster-base-generator';
import type * as ArgoCd from '../charts/argocd/argocd-generator';
import type * as AwsSide from '../policies/targets/aws-side-generator';
import { FleetModel, GeneratedFiles } from '../model';

export type Generator = (fleet: FleetModel) => GeneratedFiles;

export interface NamedGenerator {
  /** Short name used in error messages, e.g. `karpenter`. */
  readonly name: string;
  readonly generate: Generator;
  /**
   * What of `generate` needs the whole fleet, exactly as `generate` does it: the files of
   * dist/fleet/ no single cluster owns (model/shared/dist-layout.ts `fleetWidePath`) and the
   * checks across clusters it refuses a fleet for (same errors, same order). A generator without
   * it writes only files of one cluster (`clusterOfDistPath`), each from that cluster alone.
   * @default none
   */
  readonly fleetWide?: Generator;
}

// Each generator's module, required on first use.
const karpenter = () => require('../charts/karpenter/karpenter-generator') as typeof Karpenter;
const helmValues = () => require('../charts/helm-values/helm-values-generator') as typeof HelmValues;
const awsSide = () => require('../policies/targets/aws-side-generator') as typeof AwsSide;
const clusterBase = () => require('../charts/cluster-base/cluster-base-generator') as typeof ClusterBase;
const argocd = () => require('../charts/argocd/argocd-generator') as typeof ArgoCd;

export const GENERATORS: readonly NamedGenerator[] = [
  { name: 'karpenter', generate: (fleet) => karpenter().karpenterGenerator(fleet) },
  { name: 'helm-values', generate: (fleet) => helmValues().helmValuesGenerator(fleet) },
  { name: 'aws-side', generate: (fleet) => awsSide().awsSideGenerator(fleet) },
  { name: 'cluster-base', generate: (fleet) => clusterBase().clusterBaseGenerator(fleet) },
  {
    name: 'argocd',
    generate: (fleet) => argocd().argocdGenerator(fleet),
    fleetWide: (fleet) => argocd().argocdFleetWideGenerator(fleet),
  },
];

/** The fleet-wide parts of GENERATORS alone: what shard 1 of `check --shard` renders from the whole fleet. */
export const FLEET_WIDE_GENERATORS: readonly NamedGenerator[] = GENERATORS.flatMap((g) =>
  g.fleetWide !== undefined ? [{ name: g.name, generate: g.fleetWide }] : [],
);
