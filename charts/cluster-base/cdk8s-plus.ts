/**
 * cdk8s-plus-30, loaded on first use. Only namespaces and opt-in smoke tests need it, and
 * loading it costs about 40 ms of every synth's start-up: a fleet with neither never pays.
 */
import type * as Cdk8sPlus from 'cdk8s-plus-30';

let loaded: typeof Cdk8sPlus | undefined;

export function cdk8sPlus(): typeof Cdk8sPlus {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('cdk8s-plus-30') as typeof Cdk8sPlus;
  return loaded;
}
