/**
 * The AWS Controllers for Kubernetes (ACK) this target writes objects for: each controller's
 * repository, the released tag and commit its CRDs are pinned at, and the kinds the target uses
 * with the CRD file and sha256 of each. All kinds are API `v1alpha1`, although the controllers
 * are 1.x. Read from the controllers' own repositories (config/crd/bases/ at each tag):
 *
 *   aws-controllers-k8s/iam-controller         v1.8.1   7a830c868368b6894e5fa6199507f7768d7d1c58
 *   aws-controllers-k8s/sqs-controller         v1.6.1   5c9d80c7b4e0b1521c906983166d929bf09c2724
 *   aws-controllers-k8s/eventbridge-controller v1.5.1   b5aed176b3279ebf3f1969f804c2cad2f13d2e64
 *   aws-controllers-k8s/eks-controller         v1.20.0  fcb7569892f50d390e3d3e7127aa1f1a96fe6b4c
 *
 * `npm run import` reads these files (codegen/generate-ack-artifacts.ts) and writes only the
 * validation artifacts (imports/validation/ack-<controller>-v<version>/); the CRDs are never
 * committed.
 */

/** The ACK controllers, by the name their repository and Helm chart use. */
export const ACK_CONTROLLERS = [
  'iam-controller',
  'sqs-controller',
  'eventbridge-controller',
  'eks-controller',
] as const;
export type AckController = (typeof ACK_CONTROLLERS)[number];

/** The ACK kinds this target writes. */
export const ACK_KINDS = [
  'Role',
  'Policy',
  'InstanceProfile',
  'ServiceLinkedRole',
  'Queue',
  'Rule',
  'AccessEntry',
  'PodIdentityAssociation',
] as const;
export type AckKind = (typeof ACK_KINDS)[number];

/** The API version of every kind above. */
export const ACK_API_VERSION = 'v1alpha1';

export interface AckKindSource {
  readonly kind: AckKind;
  /** `config/crd/bases/<file>` in the controller's repository. */
  readonly file: string;
  readonly sha256: string;
}

export interface AckControllerSource {
  readonly controller: AckController;
  /** API group of its kinds, e.g. `iam.services.k8s.aws`. */
  readonly group: string;
  /** `aws-controllers-k8s/<controller>`. */
  readonly repo: string;
  /** The released version (tag without `v`). */
  readonly version: string;
  readonly commit: string;
  readonly kinds: readonly AckKindSource[];
}

const CRD_DIR = 'config/crd/bases';

function source(
  controller: AckController,
  service: string,
  version: string,
  commit: string,
  kinds: readonly (readonly [AckKind, string, string])[],
): AckControllerSource {
  const group = `${service}.services.k8s.aws`;
  return {
    controller,
    group,
    repo: `aws-controllers-k8s/${controller}`,
    version,
    commit,
    kinds: kinds.map(([kind, plural, sha256]) => ({
      kind,
      file: `${CRD_DIR}/${group}_${plural}.yaml`,
      sha256,
    })),
  };
}

// prettier-ignore
export const ACK_SOURCES: readonly AckControllerSource[] = [
  source('iam-controller', 'iam', '1.8.1', '7a830c868368b6894e5fa6199507f7768d7d1c58', [
    ['Role', 'roles', '97cf0706393a015cbdaf8475e0a8de4a4cbd201431cc1a9ba31abc5be547e7da'],
    ['Policy', 'policies', '4064ead3f3107a416bd9930ad11b53803728b1f36c75fe623756d14fae4464e6'],
    ['InstanceProfile', 'instanceprofiles', '0a4c9258cb0288dff996408f7dbbf063e8bf4f51734faebbe200973454f621b1'],
    ['ServiceLinkedRole', 'servicelinkedroles', '5c642d406b1dce0c5749380b552ac2dfe9d7835ae72cb191f45775e3701db82a'],
  ]),
  source('sqs-controller', 'sqs', '1.6.1', '5c9d80c7b4e0b1521c906983166d929bf09c2724', [
    ['Queue', 'queues', 'bf7bf11ecde93a65cdcbd73824f11c946685e99e8fd5b3c6b47a3313b3513abe'],
  ]),
  source('eventbridge-controller', 'eventbridge', '1.5.1', 'b5aed176b3279ebf3f1969f804c2cad2f13d2e64', [
    ['Rule', 'rules', '77b24241de3165ba29f8d38d7ab19841630a49da671d4d3cb582b9df93f9a481'],
  ]),
  source('eks-controller', 'eks', '1.20.0', 'fcb7569892f50d390e3d3e7127aa1f1a96fe6b4c', [
    ['AccessEntry', 'accessentries', 'a8a60f1226279e34af834e5c14676791f2f4d6ce65f43f6293272809c6e89ee7'],
    ['PodIdentityAssociation', 'podidentityassociations', 'd3ef162520325771877c8aeaae7083ac0013fef839e4b432f74fa1edd38da23a'],
  ]),
];

/** The controller that serves a kind. */
export function controllerOf(kind: AckKind): AckControllerSource {
  const found = ACK_SOURCES.find((s) => s.kinds.some((k) => k.kind === kind));
  if (!found) throw new Error(`no ACK controller serves ${kind}`);
  return found;
}

/** `<group>/v1alpha1` of a kind. */
export function ackApiVersion(kind: AckKind): string {
  return `${controllerOf(kind).group}/${ACK_API_VERSION}`;
}

/** The API groups of the ACK controllers. */
export const ACK_GROUPS: readonly string[] = ACK_SOURCES.map((s) => s.group);

/** `imports/validation/` sub-folder of a controller's artifacts, e.g. `ack-iam-controller-v1.8.1`. */
export function ackImportDirName(s: Pick<AckControllerSource, 'controller' | 'version'>): string {
  return `ack-${s.controller}-v${s.version}`;
}

/**
 * Annotations the ACK runtime reads on every resource (used in the controllers' own e2e resources:
 * iam-controller v1.8.1 test/e2e/resources/role_adoption.yaml, eventbridge-controller v1.5.1
 * test/e2e/tests/test_endpoint.py).
 */
export const ACK_ANNOTATIONS = {
  /** `retain`: deleting the object leaves the AWS resource in place. */
  deletionPolicy: 'services.k8s.aws/deletion-policy',
  /** The region the resource is created in. */
  region: 'services.k8s.aws/region',
} as const;

/** The conditions ACK resources report (ACK runtime, apis/core/v1alpha1). */
export const ACK_CONDITIONS = { synced: 'ACK.ResourceSynced', terminal: 'ACK.Terminal' } as const;
