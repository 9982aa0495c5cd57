/**
 * What the cross-artifact checks (validation/cross-checks.ts) need from a cluster's AWS-side file,
 * whatever its format: the EKS cluster it grants access to, the queue, the node roles and the
 * instance profiles it creates. One reader per format (validation/<format>/), chosen by the
 * format the target table names (policies/targets/targets.ts): validation/read-aws-side-facts.ts.
 */
export interface AwsSideFacts {
  /** How findings name the file's creator, e.g. `CloudFormation`, `Terraform`. */
  readonly title: string;
  readonly clusterNames: Set<string>;
  readonly queueNames: Set<string>;
  readonly nodeRoleNames: Set<string>;
  readonly instanceProfileNames: Set<string>;
}

export function emptyFacts(title: string): AwsSideFacts {
  return {
    title,
    clusterNames: new Set(),
    queueNames: new Set(),
    nodeRoleNames: new Set(),
    instanceProfileNames: new Set(),
  };
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
