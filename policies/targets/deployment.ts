/** What a target says about how its AWS side is put in place (a field of the targets table, policies/targets/targets.ts). */
import { ClusterModel } from '../../model';

/** How a target's AWS side is put in place: the words of the fixes `preflight` and `policies verify` give. */
export interface Deployment {
  /** The step inside a sentence, e.g. `deploy the stack`; for a target that writes nothing, who creates it. */
  readonly step: string;
  /** The whole fix for one cluster whose AWS side is missing, e.g. `deploy the stack: aws cloudformation deploy …`. */
  readonly command: (cluster: ClusterModel) => string;
  /** Whether `step` creates the AWS side the tool describes (false: the team creates it elsewhere). */
  readonly createsAwsSide: boolean;
  /**
   * The last step of decommissioning a cluster (`impact` on a removed cluster): how its AWS side
   * is removed once the nodes and the controller are gone. `awsApplication` is the name of the
   * cluster's Application for the target's folder (targets Argo CD syncs).
   */
  readonly removal: (cluster: { readonly name: string; readonly awsApplication: string }) => string;
}

/** The words every removal step shares: why the AWS side goes last. */
export const REMOVED_LAST = 'the controller and the nodes use its roles and queue until they are gone';
