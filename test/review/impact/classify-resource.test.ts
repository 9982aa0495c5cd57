import { aliasOf, classifyResource, get } from '../../../review/impact/classify-resource';
import { formatPath } from '../../../review/impact/field-path';
import { clone, nodeClass, nodePool, Obj, setPath } from '../dist-fixtures';

describe('classifyResource', () => {
  it('returns no change and impact none for equal objects', () => {
    const p = nodePool('p', 'c', ['spot']);
    expect(classifyResource('NodePool', p, clone(p))).toEqual({ changes: [], impact: 'none' });
  });

  it('gives each changed requirement its own verdict and the resource the worst one', () => {
    const before = nodePool('p', 'c', ['spot', 'on-demand']);
    const after = clone(before);
    setPath(after, 'spec.template.spec.requirements', [
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64', 'arm64'] },
    ]);
    const c = classifyResource('NodePool', before, after);
    expect(c.impact).toBe('may-replace');
    expect(c.changes.map((x) => [formatPath(x.path), x.impact])).toEqual([
      ['spec.template.spec.requirements[karpenter.sh/capacity-type].values[1]', 'may-replace'],
      ['spec.template.spec.requirements[kubernetes.io/arch].values[1]', 'none'],
    ]);
    expect(c.changes[0].reason).toContain('nodes with value on-demand drift');
    expect(c.changes[1].reason).toContain('kubernetes.io/arch: widened');
  });

  it('mixes behavioural and hashed changes: the worst wins, each keeps its reason', () => {
    const before = nodeClass('c', 'al2023@v20260714');
    const after = clone(before);
    setPath(after, 'metadata.labels', { a: 'b' });
    setPath(after, 'spec.ipPrefixCount', 1);
    setPath(after, 'spec.userData', 'x');
    const c = classifyResource('EC2NodeClass', before, after);
    expect(c.impact).toBe('replaces');
    expect(c.changes.map((x) => x.impact)).toEqual(['none', 'none', 'replaces']);
  });
});

describe('helpers', () => {
  it('aliasOf reads family and version like EC2NodeClass.Alias()', () => {
    expect(aliasOf(nodeClass('c', 'Bottlerocket@v1.2.3'))).toEqual({
      family: 'bottlerocket',
      version: 'v1.2.3',
    });
    expect(aliasOf(nodeClass('c', 'x', { amiSelectorTerms: [{ id: 'ami-1' }] }))).toBeUndefined();
  });

  it('get walks maps and stops at anything else', () => {
    const o: Obj = { a: { b: [1] } };
    expect(get(o, ['a', 'b'])).toEqual([1]);
    expect(get(o, ['a', 'b', 'c'])).toBeUndefined();
    expect(get(undefined, ['a'])).toBeUndefined();
  });
});

describe('AMI family detail (model/facts/ami-families.ts)', () => {
  it('names the Bottlerocket data device for block devices and the TOML format for userData', () => {
    const before = nodeClass('c', 'bottlerocket@v1.39.1');
    const after = clone(before);
    setPath(after, 'spec.userData', '[settings.kernel]\nlockdown = "integrity"\n');
    setPath(after, 'spec.blockDeviceMappings', [
      { deviceName: '/dev/xvdb', rootVolume: true, ebs: { volumeSize: '100Gi' } },
    ]);
    const c = classifyResource('EC2NodeClass', before, after);
    expect(c.impact).toBe('replaces');
    const reasons = c.changes.map((x) => x.reason);
    expect(
      reasons.some((r) =>
        r.startsWith(
          'Bottlerocket userData (Bottlerocket settings TOML): userData is in the EC2NodeClass hash',
        ),
      ),
    ).toBe(true);
    expect(reasons.some((r) => r.endsWith("Bottlerocket keeps pods' ephemeral storage on /dev/xvdb"))).toBe(
      true,
    );
  });

  it('says AL2023 keeps pod data on /dev/xvda, and instanceStorePolicy replaces nodes', () => {
    const before = nodeClass('c', 'al2023@v20260714');
    const after = clone(before);
    setPath(after, 'spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { volumeSize: '50Gi' } }]);
    setPath(after, 'spec.instanceStorePolicy', 'RAID0');
    const c = classifyResource('EC2NodeClass', before, after);
    expect(c.changes.every((x) => x.impact === 'replaces')).toBe(true);
    const reasons = c.changes.map((x) => x.reason);
    expect(reasons.some((r) => r.endsWith("AL2023 keeps pods' ephemeral storage on /dev/xvda"))).toBe(true);
    expect(
      reasons.some((r) => r.startsWith("instanceStorePolicy (where pods' ephemeral storage lives)")),
    ).toBe(true);
  });
});
