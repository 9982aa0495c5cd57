/**
 * Where each AWS-side target that writes files puts them: its folder below `dist/<cluster>/` and
 * its main file. The targets table (policies/targets/targets.ts) takes them from here; code that
 * needs only the layout reads it without loading the table's generators (validation/dist-cluster.ts,
 * which `check`'s worker thread loads to group the base's files).
 */
import type { AwsManagedBy } from '../../model';

/** Folder and main file of every target that writes files (all but `external`). */
export const TARGET_LAYOUT = {
  cloudformation: { dir: 'cloudformation', file: 'karpenter.json' },
  terraform: { dir: 'terraform', file: 'karpenter.tf.json' },
  ack: { dir: 'ack', file: 'karpenter.yaml' },
} as const satisfies Readonly<
  Record<Exclude<AwsManagedBy, 'external'>, { readonly dir: string; readonly file: string }>
>;

/** The folders below `dist/<cluster>/` the targets write, in table order. */
export const TARGET_DIRS: readonly string[] = Object.values(TARGET_LAYOUT).map((t) => t.dir);
