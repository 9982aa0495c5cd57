/** Official controller policies for the tests, derived from the generated one of 1.14.1. */
import { OfficialControllerPolicy } from '../../policies/official-policy';

/** The official policy with one more action in the first statement of its first policy. */
export function withExtraAction(policy: OfficialControllerPolicy, action: string): OfficialControllerPolicy {
  const [first, ...rest] = policy.policies;
  const [s0, ...others] = first.statements;
  return {
    ...policy,
    policies: [{ ...first, statements: [{ ...s0, actions: [...s0.actions, action] }, ...others] }, ...rest],
  };
}
