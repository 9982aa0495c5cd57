/** How the `terraform` target's module is put in place: applied from the team's root module. */
import { ClusterModel } from '../../../model';
import { Deployment, REMOVED_LAST } from '../deployment';
import { TERRAFORM_DIR } from './generator';

export const terraformDeployment: Deployment = {
  step: 'apply the Terraform module (terraform apply)',
  command: (cluster: ClusterModel) =>
    `apply the module: terraform apply in the root that uses dist/${cluster.name}/${TERRAFORM_DIR} (docs/terraform-and-external.md)`,
  createsAwsSide: true,
  removal: () =>
    `Remove the Terraform module last (terraform destroy, or delete its module block and apply: ${REMOVED_LAST})`,
};
