/**
 * Generator of the AWS side: for every cluster, the neutral model (policies/aws-side.ts) built
 * once and rendered by the cluster's target (policies/targets/targets.ts, `aws.managedBy`).
 * `external` clusters get no files.
 */
import { FleetModel, GeneratedFiles } from '../../model';
import { awsSideModel } from '../aws-side';
import { targetOf } from './targets';

export function awsSideGenerator(fleet: FleetModel): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  for (const cluster of fleet.clusters) {
    const target = targetOf(cluster);
    if (target.dir === undefined) continue;
    for (const [path, file] of target.generate(cluster, awsSideModel(cluster))) files.set(path, file);
  }
  return files;
}
