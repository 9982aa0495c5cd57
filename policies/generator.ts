/**
 * Generator: the CloudFormation template of every cluster and the proof record of its policy
 * scenarios (policies/scenarios/proof-record.ts), as `dist/`-relative files.
 */
import { distPaths, FleetModel, GeneratedFiles } from '../model';
import { renderProofRecord } from './scenarios/proof-record';
import { cloudFormationTemplate, renderTemplate } from './template';

export function cloudFormationGenerator(fleet: FleetModel): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  for (const cluster of fleet.clusters) {
    const template = renderTemplate(cloudFormationTemplate(cluster));
    files.set(distPaths.cloudFormation(cluster.name), { text: template });
    files.set(distPaths.policyProof(cluster.name), { text: renderProofRecord(cluster, template) });
  }
  return files;
}
