/**
 * Extra generators run by `npm run import` after the typed constructs: each takes the
 * loaded CRDs and returns `imports/`-relative path → content (with a provenance header).
 */
import { generateAckArtifacts } from './generate-ack-artifacts';
import { generateBottlerocketSettings } from './generate-bottlerocket-settings';
import { generateChartValuesKeys } from './generate-chart-values-keys';
import { generateEksAmiReleases } from './generate-eks-ami-releases';
import { generateEksAutoModeFacts } from './generate-eks-auto-mode-facts';
import { generateGitleaksRules } from './generate-gitleaks-rules';
import { generateFleetValidators } from './generate-fleet-validators';
import { generateInstanceCatalogue } from './generate-instance-catalogue';
import { generateInstanceTypes } from './generate-instance-types';
import { generateOfficialPolicies } from './generate-official-policies';
import { generatePartitionRegions } from './generate-partition-regions';
import { generateTerraformSchema } from './generate-terraform-schema';
import { generateValidationArtifacts } from './generate-validation-artifacts';
import type { ImportGenerator } from './import-context';

export type { ImportContext, ImportGenerator } from './import-context';

export const IMPORT_GENERATORS: readonly ImportGenerator[] = [
  generateChartValuesKeys,
  generateValidationArtifacts,
  generateAckArtifacts,
  generateFleetValidators,
  generateBottlerocketSettings,
  generateInstanceTypes,
  generateInstanceCatalogue,
  generatePartitionRegions,
  generateGitleaksRules,
  generateEksAutoModeFacts,
  generateEksAmiReleases,
  generateOfficialPolicies,
];

/**
 * Generators whose source is a pinned package tarball from the npm registry (read with
 * `npm pack`, never installed): they need the registry or npm's cache, so tests that must run
 * offline can leave them out (generateImports' `registry` option).
 */
export const REGISTRY_GENERATORS: readonly ImportGenerator[] = [
  (crds, context) => generateTerraformSchema(crds, context),
];
