/**
 * The proof record of one cluster, `dist/<cluster>/<target>/policy-proof.txt` (beside the
 * CloudFormation template, the Terraform module or the ACK objects): what decides whether the
 * policy scenarios pass, as versions and hashes: the simulator and its data (the versions the
 * tool pins, not whatever is installed) and the scenario table with the documents it is judged on
 * (its expected outcomes included): exactly what the simulator is given
 * (policies/scenarios/prove-scenarios.ts reads nothing else). It is generated with the AWS side
 * and committed with dist/. `karpenter-gitops check --base <ref>` reuses the base commit's proof
 * of a cluster only while its record is unchanged (review/proof-reuse.ts).
 *
 * The rendered template is not in it: the scenarios are asked of the neutral AWS side's documents
 * (the ones every target renders), so an edit that changes the template and not those documents
 * (tags, a node pool, the queue's name in an output) leaves the proof as it was, and `check`
 * does not run the cluster's scenarios again for it.
 *
 * It does not name the tool's version: a release whose proofs are unchanged leaves every user's
 * dist/ byte-identical (docs/upgrading.md). A release that changes what the simulator is asked or
 * expected to answer changes the scenario hash, and with it the record.
 */
import { ClusterModel } from '../../model';
import { ScenarioInputs, scenarioInputs, scenarioInputsHash } from './scenario-inputs';
import { SIMULATOR_PACKAGES } from './simulator';

/** The record's text for a cluster whose scenario inputs are `inputs`. */
export function renderProofRecord(
  cluster: ClusterModel,
  inputs: ScenarioInputs = scenarioInputs(cluster),
): string {
  return [
    `# The inputs the policy scenarios of \`karpenter-gitops check\` prove for cluster ${cluster.name}. Generated; do not edit.`,
    "# `karpenter-gitops check --base <ref>` reuses the base commit's proof while every line below is unchanged.",
    // Quoted: the record also reads as YAML (a scoped package name starts with `@`).
    `simulator: "${SIMULATOR_PACKAGES.simulator.name} ${SIMULATOR_PACKAGES.simulator.version}"`,
    `simulator-data: "${SIMULATOR_PACKAGES.data.name} ${SIMULATOR_PACKAGES.data.version}"`,
    `scenarios: ${inputs.scenarios.length} sha256:${scenarioInputsHash(inputs)}`,
    '',
  ].join('\n');
}
