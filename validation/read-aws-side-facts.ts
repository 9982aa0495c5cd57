/**
 * The facts reader of each AWS-side format (validation/aws-side-facts.ts), chosen by the format the
 * target table names (policies/targets/targets.ts).
 */
import { AwsSideFormat } from '../policies/targets/targets';
import { ackFacts } from './ack/ack-facts';
import { AwsSideFacts } from './aws-side-facts';
import { cloudFormationFacts } from './cloudformation/cloudformation-facts';
import { terraformFacts } from './terraform/terraform-facts';

export type FactsReader = (value: unknown) => AwsSideFacts;

const READERS: Readonly<Record<AwsSideFormat, FactsReader>> = {
  cloudformation: cloudFormationFacts,
  'terraform-json': terraformFacts,
  ack: ackFacts,
};

export function awsSideFacts(format: AwsSideFormat, value: unknown): AwsSideFacts {
  return READERS[format](value);
}
