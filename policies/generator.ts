/**
 * Generator: the CloudFormation template of every cluster (with its value, model/shared/generated-file.ts)
 * and the proof record of its policy scenarios (policies/scenarios/proof-record.ts), as
 * `dist/`-relative files.
 */
import { distPaths, FleetModel, GeneratedFiles } from '../model';
import { renderProofRecord } from './scenarios/proof-record';
import { cloudFormationTemplate, renderTemplate } from './template';

export function cloudFormationGenerator(fleet: FleetModel): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  for (const cluster of fleet.clusters) {
    const template = renderTemplate(cloudFormationTemplate(cluster));
    // JSON text reads back under the validator's YAML schema as exactly what JSON.parse gives
    // (test/policies/generator.test.ts holds every template to it): validation takes this
    // value instead of reading the text with the YAML reader, ten times slower on JSON.
    files.set(distPaths.cloudFormation(cluster.name), { text: template, value: JSON.parse(template) });
    files.set(distPaths.policyProof(cluster.name), { text: renderProofRecord(cluster, template) });
  }
  return files;
}
