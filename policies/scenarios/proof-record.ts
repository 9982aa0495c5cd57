/**
 * The proof record of one cluster, `dist/<cluster>/<target>/policy-proof.txt` (beside the
 * CloudFormation template or the Terraform module): the four inputs that decide whether the policy scenarios pass, as versions and hashes. It is generated
 * with the template (deterministic: it names the simulator version the tool pins, not whatever
 * is installed) and committed with dist/. `npm run check -- --base <ref>` reuses the base
 * commit's proof of a cluster only while its record is unchanged (review/proof-reuse.ts).
 */
import { createHash } from 'crypto';
import { ClusterModel } from '../../model';
import { ScenarioInputs, scenarioInputs, scenarioInputsHash } from './scenario-inputs';
import { SIMULATOR_PACKAGES } from './simulator';

/** This tool, as package.json names it (a test holds the two together). */
export const TOOL = { name: 'karpenter-gitops', version: '0.2.0' } as const;

/** The record's text for a cluster whose rendered template is `templateText`. */
export function renderProofRecord(
  cluster: ClusterModel,
  templateText: string,
  inputs: ScenarioInputs = scenarioInputs(cluster),
): string {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  return [
    `# The inputs the policy scenarios of \`npm run check\` prove for cluster ${cluster.name}. Generated; do not edit.`,
    "# `npm run check -- --base <ref>` reuses the base commit's proof while every line below is unchanged.",
    `tool: ${TOOL.name} ${TOOL.version}`,
    // Quoted: the record also reads as YAML (a scoped package name starts with `@`).
    `simulator: "${SIMULATOR_PACKAGES.simulator.name} ${SIMULATOR_PACKAGES.simulator.version}"`,
    `simulator-data: "${SIMULATOR_PACKAGES.data.name} ${SIMULATOR_PACKAGES.data.version}"`,
    `template: sha256:${sha(templateText)}`,
    `scenarios: ${inputs.scenarios.length} sha256:${scenarioInputsHash(inputs)}`,
    '',
  ].join('\n');
}
