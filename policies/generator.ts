/** Generator: the CloudFormation template of every cluster, as `dist/`-relative files. */
import { DistFiles, distPaths } from '../model/dist-layout';
import { FleetModel } from '../model/fleet-model';
import { cloudFormationTemplate, renderTemplate } from './template';

export function cloudFormationGenerator(fleet: FleetModel): DistFiles {
  const files: DistFiles = new Map();
  for (const cluster of fleet.clusters)
    files.set(distPaths.cloudFormation(cluster.name), renderTemplate(cloudFormationTemplate(cluster)));
  return files;
}
