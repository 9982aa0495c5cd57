/**
 * How `impact` reads the ACK manifest (dist/<cluster>/ack/karpenter.yaml): its objects by name
 * (names are unique across kinds: `<cluster>-node-role`, `<cluster>-rule-spotInterruption`, ...),
 * and the spec fields whose change makes a new AWS resource. ACK identifies an AWS resource by
 * its name, so a changed `spec.name` (or `queueName`) creates a new resource and, with
 * `deletion-policy: retain`, leaves the old one behind; fields the CRDs mark immutable
 * (`x-kubernetes-validations: self == oldSelf`, e.g. Queue `queueName`, Rule `eventBusName`,
 * ServiceLinkedRole `awsServiceName`) are refused by the API server until the object is recreated.
 * The same fields CloudFormation replaces on (cloudformation-impact-view.ts) under ACK's names.
 */
import { parseAllDocuments } from 'yaml';
import { AwsArea, ImpactResource, ImpactView, isRecord } from '../impact-view';
import { AckKind } from './ack-controllers';

const REPLACING_FIELDS: Readonly<Record<AckKind, readonly string[]>> = {
  Role: ['spec.name', 'spec.path'],
  Policy: ['spec.name', 'spec.path'],
  InstanceProfile: ['spec.name', 'spec.path'],
  ServiceLinkedRole: ['spec.awsServiceName', 'spec.customSuffix'],
  Queue: ['spec.queueName', 'spec.fifoQueue'],
  Rule: ['spec.name', 'spec.eventBusName'],
  AccessEntry: ['spec.clusterName', 'spec.principalARN', 'spec.type'],
  PodIdentityAssociation: ['spec.clusterName', 'spec.namespace', 'spec.serviceAccount'],
};

/** The documents of the manifest's text (what `impact` and the validator read). */
export function readAckManifest(text: string): unknown[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as unknown)
    .filter((v) => v !== null && v !== undefined);
}

/** `roleRef`, `policyRefs[]`: `{ from: { name } }` names another object of the manifest. */
function referencesIn(value: unknown): string[] {
  if (!isRecord(value) || !isRecord(value.from) || typeof value.from.name !== 'string') return [];
  return [value.from.name];
}

function areaOf(type: string): AwsArea {
  if (type === 'Queue' || type === 'Rule') return 'Interruption';
  if (type in REPLACING_FIELDS) return 'IAM';
  return 'Other';
}

export const ackImpactView: ImpactView = {
  read: (value) => {
    const resources: Record<string, ImpactResource> = {};
    if (!Array.isArray(value)) return { resources, sections: {} };
    for (const o of value) {
      if (!isRecord(o) || !isRecord(o.metadata) || typeof o.metadata.name !== 'string') continue;
      resources[o.metadata.name] = { type: typeof o.kind === 'string' ? o.kind : 'unknown', body: o };
    }
    return { resources, sections: {} };
  },
  replacing: REPLACING_FIELDS,
  areaOf,
  roleName: (r) => {
    if (r.type !== 'Role' || !isRecord(r.body) || !isRecord(r.body.spec)) return undefined;
    return typeof r.body.spec.name === 'string' ? r.body.spec.name : undefined;
  },
  referencesIn,
  orderingOnly: ['metadata'],
  replacingPhrase: 'makes a new AWS resource',
  fieldLabel: (path) => path,
};
