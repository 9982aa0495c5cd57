/** JSON Schema of one entry of `nodeOverlays:` (a Karpenter NodeOverlay, `karpenter.sh/v1alpha1`). */
import { REQUIREMENT_OPERATORS } from '../facts/constants';
import { JsonSchema, int, list, mapOf, obj, oneOfStrings, quantity, str } from './schema-builders';

const d = (schema: JsonSchema, description: string): JsonSchema => ({ ...schema, description });

export const nodeOverlaySchema: JsonSchema = d(
  obj(
    {
      requirements: d(
        list(
          obj(
            {
              key: d(
                str(),
                'Label key, e.g. karpenter.k8s.aws/instance-generation or karpenter.sh/nodepool.',
              ),
              operator: d(
                oneOfStrings(REQUIREMENT_OPERATORS),
                'In, NotIn, Exists, DoesNotExist, Gt, Lt, Gte or Lte.',
              ),
              values: d(
                list(str()),
                'Label values; one whole number for Gt, Lt, Gte and Lte, none for Exists and DoesNotExist.',
              ),
            },
            ['key', 'operator'],
          ),
        ),
        'Which instance types (and offerings) the overlay applies to, as node selector requirements on well-known labels or NodePool template labels. Required by the CRD; an empty list matches every instance type.',
      ),
      price: d(
        { type: ['string', 'number'], 'x-expected': 'a price such as "0.52"' },
        'Absolute hourly price Karpenter uses for matching offerings instead of the AWS price. Not with priceAdjustment.',
      ),
      priceAdjustment: d(
        { type: 'string', 'x-expected': 'a signed change in quotes such as "-0.1", "+10%" or "-15%"' },
        'Change to the price of matching offerings: a signed amount ("-0.1", "+0.05") or percentage ("+10%", "-15%"). Not with price.',
      ),
      capacity: d(
        mapOf(quantity(), 'a map of extended resource names to quantities'),
        'Extended resources added to matching instance types, e.g. nvidia.com/gpu-slice: 7. cpu, memory, ephemeral-storage and pods cannot be set.',
      ),
      weight: d(
        int(1, 10000),
        'Precedence among overlays that match the same instance type (higher wins; absent counts as 0). Overlays with equal weight that change the same price or resource conflict.',
      ),
    },
    ['requirements'],
  ),
  'A Karpenter NodeOverlay (karpenter.sh/v1alpha1): adjusts the price or adds extended resources of instance types in scheduling simulations. Needs karpenter.featureGates.nodeOverlay: true and Karpenter 1.14.1.',
);
