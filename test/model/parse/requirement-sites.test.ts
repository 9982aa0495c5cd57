import { LABELS } from '../../../model/facts/constants';
import { PathSegment } from '../../../model/parse/located';
import { RawNodePool } from '../../../model/parse/raw-fleet';
import { requirementSites } from '../../../model/parse/requirement-sites';

const at = (...rest: PathSegment[]): PathSegment[] => ['nodePools', 'p', ...rest];

describe('requirement sites', () => {
  it('lists shorthands, instanceGenerationGreaterThan and raw requirements with where they are written', () => {
    const pool: RawNodePool = {
      nodeClass: 'd',
      instanceTypes: ['m5.large'],
      zones: { notIn: ['eu-west-1a'] },
      instanceGenerationGreaterThan: 5,
      requirements: [{ key: LABELS.instanceFamily, operator: 'In', values: ['c5'] }],
    };
    const sites = requirementSites(pool, at);
    expect(sites.map((s) => [s.key, s.operator, s.values, s.label, s.path])).toEqual([
      [LABELS.zone, 'NotIn', ['eu-west-1a'], 'zones.notIn', ['nodePools', 'p', 'zones', 'notIn']],
      [LABELS.instanceType, 'In', ['m5.large'], 'instanceTypes', ['nodePools', 'p', 'instanceTypes']],
      [
        LABELS.instanceGeneration,
        'Gt',
        ['5'],
        'instanceGenerationGreaterThan',
        ['nodePools', 'p', 'instanceGenerationGreaterThan'],
      ],
      [
        LABELS.instanceFamily,
        'In',
        ['c5'],
        `requirements[0] (${LABELS.instanceFamily})`,
        ['nodePools', 'p', 'requirements', 0],
      ],
    ]);
    expect(sites[0].valuePath(0)).toEqual(['nodePools', 'p', 'zones', 'notIn', 0]);
    expect(sites[1].valuePath(0)).toEqual(['nodePools', 'p', 'instanceTypes', 0]);
    expect(sites[3].valuePath(0)).toEqual(['nodePools', 'p', 'requirements', 0, 'values', 0]);
  });

  it('a shorthand map with both in and notIn gives two sites', () => {
    const sites = requirementSites(
      { nodeClass: 'd', instanceSizes: { in: ['large'], notIn: ['metal'] } },
      at,
    );
    expect(sites.map((s) => s.label)).toEqual(['instanceSizes.in', 'instanceSizes.notIn']);
  });
});
