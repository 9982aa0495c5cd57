/**
 * model/'s public root: the vocabulary other folders import from model/ (facts/: closed sets and
 * what Karpenter, AWS and Kubernetes are; shared/: the FleetModel types, diagnostics, defaults),
 * re-exported from where it is defined. Light on purpose: no YAML parser, no schema, no checks, so
 * a command that never loads a fleet starts fast. The loading pipeline is model/load-fleet.ts;
 * what other folders need from the stages themselves is model/stages.ts.
 *
 * Keep it to what other folders use; test/architecture/layers.test.ts lets them import nothing else.
 */
export { ALIAS_FAMILIES, ALIAS_VERSION_FORMATS, parseAlias } from './facts/ami-alias';
export type { ParsedAlias } from './facts/ami-alias';
export { USER_DATA_FORMAT_NAMES, behaviourOf, writtenFamily } from './facts/ami-families';
export { ALIAS_KUBERNETES_RANGES, newestAl2023Release } from './facts/ami-publication';
export { knownRegions, regionOfZoneId, regionOfZoneName } from './facts/aws-regions';
export { re2ToJs, re2RegExp, Re2SyntaxError } from './facts/re2-regex';
export {
  AMI_FAMILIES,
  AUTO_MODE_NETWORK_POLICIES,
  AUTO_MODE_NETWORK_POLICY_EVENT_LOGS,
  AUTO_MODE_SNAT_POLICIES,
  AWS_MANAGED_BY,
  ACK_DELETION_POLICIES,
  KARPENTER_MODES,
  ARCHITECTURES,
  ARGOCD_ANNOTATIONS,
  CAPACITY_TYPES,
  CONSOLIDATION_POLICIES,
  DISRUPTION_REASONS,
  EXISTING_POD_TEMPLATE_ANNOTATION,
  KARPENTER_CHART,
  KARPENTER_CHART_REPO,
  KARPENTER_CRD_CHART,
  LABELS,
  MANAGED_BY,
  NAMESPACES,
  OPERATING_SYSTEMS,
  REQUIREMENT_OPERATORS,
  REGION_ANNOTATION,
  RING_LABEL,
  SMOKE_TEST_REQUESTS,
  SYNC_WAVES,
  TAGS,
  TAINT_EFFECTS,
  VOLUME_TYPES,
} from './facts/constants';
export type {
  AmiFamily,
  AutoModeNetworkPolicy,
  AutoModeNetworkPolicyEventLogs,
  AutoModeSnatPolicy,
  AwsManagedBy,
  AckDeletionPolicy,
  KarpenterMode,
  CapacityType,
  ConsolidationPolicy,
  DisruptionReason,
  InstanceMatchCriteria,
  NestedVirtualization,
  NetworkInterfaceType,
  Partition,
  RequirementOperator,
  TaintEffect,
  VolumeType,
} from './facts/constants';
export { CRD_SETS, EKS_AUTO_MODE_CRD_SET, importDirName } from './facts/crd-sources';
export {
  AUTO_MODE_ABSENT_CLASS_FIELDS,
  AUTO_MODE_ABSENT_CLUSTER_FIELDS,
  AUTO_MODE_FEE_NOTE,
  AUTO_MODE_INSTANCES,
  AUTO_MODE_LABEL_MAP,
  AUTO_MODE_ONLY_CLASS_FIELDS,
  AUTO_MODE_UNSUPPORTED_LABELS,
  EKS_AUTO_MODE,
  autoModeLabelFor,
  autoNodeAccessPolicyArn,
} from './facts/eks-auto-mode';
export type { AutoModeLabel, KarpenterAwsLabel } from './facts/eks-auto-mode';
export type { CrdSet } from './facts/crd-sources';
export { CURRENCIES, currencyOf, instanceTable, priceRegionFor } from './facts/instance-table';
export type { Currency } from './facts/instance-table';
export { instanceTypeLabels } from './facts/instance-type-labels';
export {
  NORMALIZED_LABELS,
  Requirement,
  Requirements,
  admitsLabelValues,
  keyIntersects,
  lostLabelStates,
  normalizedKey,
} from './facts/karpenter-requirements';
export type {
  CompatibilityOptions,
  RequirementConflict,
  RequirementInput,
  RequirementShape,
} from './facts/karpenter-requirements';
export { canonicalQuantity, parseQuantity } from './facts/quantity';
export { goDurationNanos, parseGoDuration } from './facts/go-duration';
export { wellKnownLabels } from './facts/well-known-labels';
export {
  ARGOCD_VERSION,
  DEFAULT_KARPENTER_VERSION,
  KARPENTER_VERSIONS,
  isKarpenterVersion,
} from './facts/versions';
export type { KarpenterVersion } from './facts/versions';
export {
  UserError,
  formatDiagnostic,
  formatLocation,
  sortDiagnostics,
  wholeFileError,
} from './shared/diagnostics';
export { endSentence, plural } from './shared/text';
export type { PathSegment } from './shared/path-segment';
export type { Diagnostic, Severity } from './shared/diagnostics';
export { diagnosticId } from './shared/defaults-findings';
export { didYouMean } from './shared/did-you-mean';
export {
  FLEET_DIR,
  POLICY_PROOF_FILE,
  clusterOfDistPath,
  distPaths,
  fleetWidePath,
  isFleetClusterParams,
} from './shared/dist-layout';
export type { DistFiles } from './shared/dist-layout';
export { textsOf, valuesOf } from './shared/generated-file';
export { isPlainData, plainDataText } from './shared/plain-data';
export type { GeneratedFile, GeneratedFiles } from './shared/generated-file';
export { FLEET_DEFAULTS, defaultControllerRoleName, defaultNodeRoleName } from './shared/fleet-defaults';
export type {
  AmiSelectorTermModel,
  AutoModeNodeClassModel,
  AwsLocation,
  AwsModel,
  BlockDeviceMappingModel,
  CapacityReservationTermModel,
  ClusterModel,
  DisruptionBudgetModel,
  DisruptionModel,
  FleetModel,
  GitOpsModel,
  KubeletModel,
  MetadataOptionsModel,
  NetworkInterfaceModel,
  NodeClassModel,
  NodePoolModel,
  RequirementModel,
  RingModel,
  SelectorTermModel,
  TaintModel,
  TolerationModel,
} from './shared/fleet-model';
export type { CapacityBufferModel, NodeOverlayModel, PodTemplateModel } from './shared/overlay-buffer-model';
export { show } from './shared/show-value';
export { compareCodeUnits, sortedRecord, sortedRecordOrUndefined } from './shared/sorted';
export type { SourceLocation } from './shared/source-location';
export { FLEET_JSON_SCHEMA_PATHS, yamlSchemaModeline } from './shared/editor-schema';
export type { FleetJsonSchemaKind } from './shared/editor-schema';
export {
  CARRY_OVER_CHECKS,
  CHECK_PATHS,
  carryOverLine,
  diffCrdSets,
  judgeCarryOver,
  nearestKnownVersion,
} from './facts/carry-over';
export type {
  CarryOver,
  CarryOverCheck,
  CarryOverVerdict,
  CheckedPath,
  KindChange,
} from './facts/carry-over';
export { diffCrdShapes, isUnder, schemaAt } from './facts/crd-schema-diff';
export type { CrdRule, CrdSchemaNode, CrdShape, SchemaChange } from './facts/crd-schema-diff';
export { crdShapesIn, knownCrdShapes } from './facts/artifacts/known-crd-shapes';
export { loadArtifactModule } from './facts/artifacts/artifact-module';
export { CRD_FACTS_FILE } from './facts/artifacts/crd-facts';
export type { CrdFacts } from './facts/artifacts/crd-facts';
export { SHIPPED_CRD_FACTS } from './facts/artifacts/crd-facts';
export { builtInCrdTraits, deriveCrdTraits, loadCrdTraits, shapeRulesNote } from './facts/crd-traits';
export type { CrdTraits, KubeletShape } from './facts/crd-traits';
export { importsCacheDigest, NO_REPOSITORY_IMPORTS } from './shared/imported-versions';
export type {
  ImportedAutoModeNodeClass,
  ImportedChart,
  ImportedKarpenterVersion,
  ImportedValueType,
  KarpenterRelease,
  RepositoryImports,
} from './shared/imported-versions';
