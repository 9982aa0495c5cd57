import { poolZones, selectorFix, termFilters } from '../../preflight/network-checks';
import { clusterModel } from '../policies/fixtures';

const nodeClass = clusterModel().nodeClasses[0];

describe('selector terms against EC2', () => {
  it('turns a term into EC2 filters: tags (a * value: the key only), id, name', () => {
    expect(termFilters({ tags: { b: '*', a: 'x' } }, 'subnet-id')).toEqual([
      { Name: 'tag:a', Values: ['x'] },
      { Name: 'tag-key', Values: ['b'] },
    ]);
    expect(termFilters({ id: 'sg-1', name: 'nodes' }, 'group-id', 'group-name')).toEqual([
      { Name: 'group-id', Values: ['sg-1'] },
      { Name: 'group-name', Values: ['nodes'] },
    ]);
  });

  it('fixes an empty selection with the tags the term asks for, or by correcting IDs', () => {
    expect(
      selectorFix('subnets', [{ tags: { 'karpenter.sh/discovery': 'ticketing', tier: '*' } }], nodeClass),
    ).toBe(
      'tag the subnets nodes should use: aws ec2 create-tags --resources <subnet-ids> --tags Key=karpenter.sh/discovery,Value=ticketing Key=tier,Value=<any> (or change subnetSelectorTerms of node class default)',
    );
    expect(selectorFix('security groups', [{ id: 'sg-0123' }], nodeClass)).toBe(
      "correct the IDs or names in securityGroupSelectorTerms of node class default to ones that exist in the cluster's region (aws ec2 describe-security-groups lists them)",
    );
  });

  it("narrows zones by a pool's zone requirements", () => {
    const zones = ['eu-west-1a', 'eu-west-1b'];
    expect(poolZones([], zones)).toEqual(zones);
    expect(
      poolZones([{ key: 'topology.kubernetes.io/zone', operator: 'NotIn', values: ['eu-west-1a'] }], zones),
    ).toEqual(['eu-west-1b']);
    expect(
      poolZones([{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['us-east-1a'] }], zones),
    ).toEqual([]);
    // Karpenter normalizes the beta zone key and intersects repeated keys (changed from the old filter,
    // which ignored the alias).
    expect(
      poolZones(
        [
          { key: 'failure-domain.beta.kubernetes.io/zone', operator: 'NotIn', values: ['eu-west-1b'] },
          { key: 'topology.kubernetes.io/zone', operator: 'Exists' },
        ],
        zones,
      ),
    ).toEqual(['eu-west-1a']);
  });
});
