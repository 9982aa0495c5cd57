import { decideRegion, regionEvidence } from '../../convert/region-inference';
import { readManifests } from '../../convert/manifest-documents';
import { convertText } from './convert-helpers';

const POOL = (zones: string) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: general }
spec:
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements:
        - key: topology.kubernetes.io/zone
          operator: In
          values: [${zones}]
  limits: { cpu: "100" }
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: default }
spec:
  amiSelectorTerms: [{ alias: al2023@v20260714 }]
  role: KarpenterNodeRole-shop
  subnetSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
  securityGroupSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
`;

const docs = (text: string) => readManifests([{ file: 'in.yaml', text }]).documents;

describe('region evidence', () => {
  test('zone names, Local Zones, zone IDs, ARNs with a region and region requirements, at their lines', () => {
    const text = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: c
  annotations: { note: eu-west-1a }
spec:
  subnetSelectorTerms:
    - id: subnet-0123456789abcdef0
  amiSelectorTerms:
    - id: arn:aws:ec2:us-west-2:111122223333:image/ami-0123456789abcdef0
  role: arn:aws:iam::111122223333:role/r
  blockDeviceMappings:
    - ebs: { kmsKeyID: "arn:aws:kms:us-west-2:111122223333:key/1" }
  tags: { zone: us-west-2-lax-1a, id: usw2-az1 }
`;
    expect(regionEvidence(docs(text)).map((e) => [e.line, e.region, e.what])).toEqual([
      [10, 'us-west-2', 'ec2 ARN arn:aws:ec2:us-west-2:111122223333:image/ami-0123456789abcdef0'],
      [13, 'us-west-2', 'kms ARN arn:aws:kms:us-west-2:111122223333:key/1'],
      [14, 'us-west-2', 'zone us-west-2-lax-1a'],
      [14, 'us-west-2', 'zone ID usw2-az1'],
    ]);
  });

  test('no --region: the one region is used and reported at its first line', () => {
    const d = decideRegion(undefined, regionEvidence(docs(POOL('us-east-2a, us-east-2b'))));
    expect(d.region).toBe('us-east-2');
    expect(d.diagnostics).toEqual([]);
    expect(d.entries.map((e) => [e.line, e.action, e.target, e.message])).toEqual([
      [11, 'inferred', 'aws.region', 'region us-east-2 taken from zone us-east-2a'],
    ]);
  });
});

describe('the converter and the region', () => {
  test('without --region the zones give it, and the output synthesizes', () => {
    const r = convertText(POOL('us-east-2a, us-east-2b'), { region: undefined });
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.description?.aws).toMatchObject({ region: 'us-east-2' });
  });

  test('--region contradicting the zones: an error at the first zone line, output still made', () => {
    const r = convertText(POOL('us-east-2a, us-east-2b'), { region: 'us-west-2' });
    expect(r.ok).toBe(false);
    expect(r.yaml).toContain('region: us-west-2');
    expect(r.diagnostics.map((d) => [d.line, d.col, d.path, d.message])).toEqual([
      [
        11,
        20,
        'document 1 NodePool/general spec.template.spec.requirements[0].values[0]',
        'zone us-east-2a is in us-east-2, but --region is us-west-2 (and 1 more value(s) after it)',
      ],
    ]);
  });

  test('zones of two regions: an error at the second', () => {
    const r = convertText(POOL('us-east-2a, eu-west-1b'), { region: undefined });
    expect(r.ok).toBe(false);
    const region = r.diagnostics.filter((d) => d.message.includes('a cluster is in one region'));
    expect(region.map((d) => [d.line, d.col, d.message])).toEqual([
      [
        11,
        32,
        'zone eu-west-1b is in eu-west-1, but zone us-east-2a (input.yaml:11) is in us-east-2: a cluster is in one region',
      ],
    ]);
  });
});
