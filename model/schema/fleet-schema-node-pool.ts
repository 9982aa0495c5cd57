/** JSON Schema of one entry of `nodePools:` (a NodePool). */
import {
  ARCHITECTURES,
  CAPACITY_TYPES,
  CONSOLIDATION_POLICIES,
  DISRUPTION_REASONS,
  OPERATING_SYSTEMS,
  REQUIREMENT_OPERATORS,
  TAINT_EFFECTS,
} from '../facts/constants';
import {
  JsonSchema,
  bool,
  described,
  int,
  list,
  mapOf,
  obj,
  objectMetadata,
  oneOfStrings,
  quantity,
  shorthand,
  str,
} from './schema-builders';

const taint = (): JsonSchema =>
  obj({ key: str(), value: str(), effect: oneOfStrings(TAINT_EFFECTS) }, ['key', 'effect']);

/**
 * Shared definitions the node pool schema refers to (`#/$defs/...`); the cluster schema
 * carries them so each is compiled once.
 */
export const nodePoolDefs: Record<string, JsonSchema> = {
  capacityTypes: shorthand(oneOfStrings(CAPACITY_TYPES)),
  architectures: shorthand(oneOfStrings(ARCHITECTURES)),
  operatingSystems: shorthand(oneOfStrings(OPERATING_SYSTEMS)),
  stringShorthand: shorthand(str()),
};

/** Shorthand keys in the fixed order they expand in (see model/parse/requirement-shorthands.ts). */
export const nodePoolSchema: JsonSchema = obj(
  {
    metadata: objectMetadata('NodePool'),
    nodeClass: str(),
    replicas: described(
      int(0),
      'Static pool (Karpenter spec.replicas): keep exactly this many nodes instead of following pod demand. Needs karpenter.featureGates.staticCapacity: true and Karpenter 1.14.1; a static pool takes no weight and no limits other than nodes.',
    ),
    capacityTypes: { $ref: '#/$defs/capacityTypes' },
    architectures: { $ref: '#/$defs/architectures' },
    operatingSystems: { $ref: '#/$defs/operatingSystems' },
    zones: { $ref: '#/$defs/stringShorthand' },
    instanceCategories: { $ref: '#/$defs/stringShorthand' },
    instanceFamilies: { $ref: '#/$defs/stringShorthand' },
    instanceSizes: { $ref: '#/$defs/stringShorthand' },
    instanceTypes: { $ref: '#/$defs/stringShorthand' },
    instanceGenerationGreaterThan: int(0, 1000),
    requirements: list(
      obj(
        {
          key: str(),
          operator: oneOfStrings(REQUIREMENT_OPERATORS),
          values: list(str()),
          minValues: int(1, 50),
        },
        ['key', 'operator'],
      ),
    ),
    labels: mapOf(str(), 'a map of label names to text values'),
    annotations: mapOf(str(), 'a map of annotation names to text values'),
    taints: list(taint()),
    startupTaints: list(taint()),
    limits: mapOf(quantity(), 'a map of resource names to quantities'),
    disruption: obj({
      consolidationPolicy: described(
        oneOfStrings(CONSOLIDATION_POLICIES),
        'Which nodes consolidation may disrupt: WhenEmpty, WhenEmptyOrUnderutilized (default), or Balanced (Karpenter 1.14.1: consolidates only when the saving outweighs the disruption).',
      ),
      consolidateAfter: str(),
      budgets: list(
        obj(
          {
            nodes: { type: ['string', 'integer'], 'x-expected': 'a node count or percentage such as 10%' },
            schedule: str(),
            duration: str(),
            reasons: list(oneOfStrings(DISRUPTION_REASONS)),
          },
          ['nodes'],
        ),
      ),
    }),
    expireAfter: str(),
    terminationGracePeriod: str(),
    weight: int(1, 100),
    smokeTest: bool(),
  },
  ['nodeClass'],
);
