/**
 * A namespace the tool creates (the controller's, when it is not kube-system, and the
 * smoke-test one), with Pod Security labels. cdk8s-plus-30 Namespace with an explicit name
 * (cdk8s-plus-30 is loaded on first use: ./cdk8s-plus.ts).
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { MANAGED_BY, TAGS } from '../../model';
import { cdk8sPlus } from './cdk8s-plus';
import { PodSecurityLevel, podSecurityLabels } from './pod-security';

export interface ClusterNamespaceProps {
  readonly name: string;
  /** Pod Security level enforced. */
  readonly level: PodSecurityLevel;
  /** Kubernetes minor version of the cluster, e.g. `1.33` (pins the enforced policy version). */
  readonly kubernetesVersion: string;
}

export class ClusterNamespace extends Construct {
  public readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: ClusterNamespaceProps) {
    super(scope, id);
    const ns = new (cdk8sPlus().Namespace)(this, 'namespace', {
      metadata: {
        name: props.name,
        labels: { [TAGS.managedBy]: MANAGED_BY, ...podSecurityLabels(props.level, props.kubernetesVersion) },
      },
    });
    this.apiObject = ApiObject.of(ns);
  }
}
