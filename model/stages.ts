/**
 * What other folders use from the stages of model/ (parse/, schema/, resolve/, check/), re-exported
 * from where it is defined. Importing this loads those stages (the YAML parser among them): a
 * constant that a light command needs belongs in facts/ or shared/ and model/index.ts instead.
 *
 * Keep it to what other folders use; test/architecture/layers.test.ts lets them import nothing else.
 */
export { clusterNameProblem } from './check/check-names';
export { ONE_NODE_ROLE_FIX } from './check/check-resolved';
export { generatorRevision } from './check/check-rings';
export {
  ALLOW_SECRET,
  commentLineAbove,
  isFreeTextKey,
  isSecretMessage,
  scanValues,
  secretProblem,
  withoutSecrets,
} from './check/check-secrets';
export type { SecretValue } from './check/check-secrets';
export { compileCustomRules } from './shared/secret-scan';
export type { CustomSecretRules } from './shared/secret-scan';
export { instanceCatalogueCheckMs } from './check/node-pool/check-instance-catalogue';
export { secretScanMs } from './shared/secret-scan';
export { describeDriftStart, driftStart } from './check/node-pool/drift-budget';
export type { BudgetLike } from './check/node-pool/drift-budget';
export { fleetFieldLocation, fleetFieldValue } from './parse/field-location';
export type { FleetText } from './parse/field-location';
export { formatPath } from './parse/located';
export { yamlErrors } from './parse/yaml-errors';
export type { RawCluster } from './parse/raw-fleet';
export { SHORTHANDS } from './parse/requirement-shorthands';
export { MAX_FILE_BYTES } from './parse/yaml-source';
export {
  CEILING_KINDS,
  ceilingText,
  money,
  poolCapacity,
  rangeText,
  rate,
  roundTo,
  sumCeilings,
  totalText,
} from './resolve/pool-cost';
export type { CeilingKind, CeilingTotal, PoolCapacity, PriceRange } from './resolve/pool-cost';
export { familyTraits, nodeClassTraits } from './resolve/pool-instance-types';
export { kubeletPodSettings, podsPerNode, writtenKubelet } from './resolve/pool-pods';
export type { PodsPerNode } from './resolve/pool-pods';
export type { NodeClassTraits } from './resolve/resolve-instance-types';
export { CONTAINER_KEYS, INIT_CONTAINER_KEYS, POD_SPEC_KEYS } from './schema/fleet-schema-capacity-buffer';
export { FLEET_VALIDATORS_IMPORT_PATH } from './schema/fleet-schema-precompiled';
export {
  FLEET_AJV_OPTIONS,
  clusterSchema,
  defaultsSchema,
  fleetSchemaFingerprint,
} from './schema/fleet-schema';
export type { JsonSchema } from './schema/schema-builders';
export { SHIPPED_CHART_KEYS } from './check/helm-values-check';
export type { ChartKeys } from './check/helm-values-check';
