/**
 * Generator of the `cloudformation` target: the template of every cluster whose AWS side
 * CloudFormation manages (with its value, model/shared/generated-file.ts) and the proof record
 * of its policy scenarios (policies/scenarios/proof-record.ts), as `dist/`-relative files.
 */
import { ClusterModel, distPaths, GeneratedFiles } from '../../../model';
import { AwsSideModel } from '../../aws-side';
import { renderProofRecord } from '../../scenarios/proof-record';
import { scenarioInputs } from '../../scenarios/scenario-inputs';
import { cloudFormationTemplate, renderTemplate } from './template';

/** The files of one cluster. */
export function cloudFormationFiles(cluster: ClusterModel, side: AwsSideModel): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  const template = renderTemplate(cloudFormationTemplate(cluster, side));
  // JSON text reads back under the validator's YAML schema as exactly what JSON.parse gives
  // (test/policies/targets/cloudformation/generator.test.ts holds every template to it): validation takes this
  // value instead of reading the text with the YAML reader, ten times slower on JSON.
  files.set(distPaths.cloudFormation(cluster.name), { text: template, value: JSON.parse(template) });
  files.set(distPaths.policyProof(cluster.name), {
    text: renderProofRecord(cluster, scenarioInputs(cluster, side)),
  });
  return files;
}
