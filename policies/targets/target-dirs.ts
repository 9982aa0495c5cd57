/**
 * The folder below `dist/<cluster>/` of each AWS-side target that writes files. The table of
 * targets (policies/targets/targets.ts) takes each target's folder from here; this is kept apart
 * from it because the table loads every target's generator (the ACK one with the YAML library),
 * and `check`'s git worker, which groups the base's files by cluster folder
 * (validation/dist-cluster.ts), needs only the folder names.
 */
import type { AwsManagedBy } from '../../model';

/** The targets that write files (`external` writes none). */
export type FileTargetName = Exclude<AwsManagedBy, 'external'>;

export const TARGET_DIRS: Readonly<Record<FileTargetName, string>> = {
  cloudformation: 'cloudformation',
  terraform: 'terraform',
  ack: 'ack',
};
