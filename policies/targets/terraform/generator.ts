/**
 * Generator of the `terraform` target: the module of every cluster whose AWS side Terraform
 * manages (dist/<cluster>/terraform/karpenter.tf.json, with its value) and the proof record of its
 * policy scenarios beside it (policies/scenarios/proof-record.ts).
 */
import { ClusterModel, distPaths, GeneratedFiles } from '../../../model';
import { AwsSideModel } from '../../aws-side';
import { renderProofRecord } from '../../scenarios/proof-record';
import { scenarioInputs } from '../../scenarios/scenario-inputs';
import { renderModule, terraformModule } from './terraform-module';
import { TARGET_DIRS } from '../target-dirs';

export const TERRAFORM_DIR = TARGET_DIRS.terraform;
export const TERRAFORM_FILE = 'karpenter.tf.json';

export function terraformFiles(cluster: ClusterModel, side: AwsSideModel): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  const module = renderModule(terraformModule(cluster, side));
  files.set(distPaths.awsSide(cluster.name, TERRAFORM_DIR, TERRAFORM_FILE), {
    text: module,
    value: JSON.parse(module),
  });
  files.set(distPaths.policyProof(cluster.name, TERRAFORM_DIR), {
    text: renderProofRecord(cluster, scenarioInputs(cluster, side)),
  });
  return files;
}
