import { hashView, sameHashedAt, unhashedChangeReason, valueAt } from '../../../review/impact/hashed-value';
import { FieldPath } from '../../../review/impact/field-path';

const k = (...keys: string[]): FieldPath => keys.map((key) => ({ key }));
const pool = (spec: Record<string, unknown>) => ({ spec: { template: { spec } } });

describe('hashView: what NodePool.Hash / EC2NodeClass.Hash see of parsed fields', () => {
  it('expireAfter: the parsed duration (NillableDuration.Raw is hash:"ignore"); Never leaves it out', () => {
    const a = hashView('NodePool', pool({ expireAfter: '336h' }));
    const b = hashView('NodePool', pool({ expireAfter: '20160m' }));
    expect(a).toEqual(b);
    expect(valueAt(a, k('spec', 'template', 'spec', 'expireAfter'))).toEqual({
      nanoseconds: '1209600000000000',
    });
    expect(hashView('NodePool', pool({ expireAfter: 'Never' }))).toEqual(pool({}));
  });

  it('terminationGracePeriod: a metav1.Duration hashed as its number', () => {
    const path = k('spec', 'template', 'spec', 'terminationGracePeriod');
    const a = hashView('NodePool', pool({ terminationGracePeriod: '48h' }));
    const b = hashView('NodePool', pool({ terminationGracePeriod: '2880m' }));
    expect(sameHashedAt(a, b, path)).toBe(true);
    expect(unhashedChangeReason('NodePool', a, b, path)).toContain('metav1.Duration is hashed as its number');
    const c = hashView('NodePool', pool({ terminationGracePeriod: '47h' }));
    expect(unhashedChangeReason('NodePool', a, c, path)).toBeUndefined();
    // 0s is a non-nil pointer: hashed, unlike an absent field.
    const zero = hashView('NodePool', pool({ terminationGracePeriod: '0s' }));
    expect(unhashedChangeReason('NodePool', zero, hashView('NodePool', pool({})), path)).toBeUndefined();
  });

  it('volumeSize: Quantity.String() (hash:"string")', () => {
    const klass = (size: string) => ({
      spec: { blockDeviceMappings: [{ deviceName: '/dev/xvda', ebs: { volumeSize: size } }] },
    });
    const path: FieldPath = [
      { key: 'spec' },
      { key: 'blockDeviceMappings' },
      { idField: 'deviceName', id: '/dev/xvda' },
      { key: 'ebs' },
      { key: 'volumeSize' },
    ];
    const a = hashView('EC2NodeClass', klass('1024Gi'));
    expect(unhashedChangeReason('EC2NodeClass', a, hashView('EC2NodeClass', klass('1Ti')), path)).toContain(
      'Quantity.String()',
    );
    expect(
      unhashedChangeReason('EC2NodeClass', a, hashView('EC2NodeClass', klass('1T')), path),
    ).toBeUndefined();
  });

  it('kubelet.evictionSoftGracePeriod values are durations; kubeReserved values are text', () => {
    const klass = (kubelet: unknown) => ({ spec: { kubelet } });
    const a = hashView('EC2NodeClass', klass({ evictionSoftGracePeriod: { 'memory.available': '1m' } }));
    const b = hashView('EC2NodeClass', klass({ evictionSoftGracePeriod: { 'memory.available': '60s' } }));
    expect(a).toEqual(b);
    const r1 = hashView('EC2NodeClass', klass({ kubeReserved: { memory: '1Gi' } }));
    const r2 = hashView('EC2NodeClass', klass({ kubeReserved: { memory: '1024Mi' } }));
    expect(r1).not.toEqual(r2);
  });

  it('leaves text it cannot parse as text', () => {
    expect(hashView('NodePool', pool({ expireAfter: '1.5h' }))).toEqual(pool({ expireAfter: '1.5h' }));
  });

  it('non-pointer fields at their zero value are left out (IgnoreZeroValue); pointers are not', () => {
    const bdm = (extra: Record<string, unknown>) => ({
      spec: { blockDeviceMappings: [{ deviceName: '/dev/xvda', ebs: { volumeSize: '20Gi' }, ...extra }] },
    });
    const path: FieldPath = [
      { key: 'spec' },
      { key: 'blockDeviceMappings' },
      { idField: 'deviceName', id: '/dev/xvda' },
      { key: 'rootVolume' },
    ];
    const without = hashView('EC2NodeClass', bdm({}));
    expect(
      unhashedChangeReason(
        'EC2NodeClass',
        without,
        hashView('EC2NodeClass', bdm({ rootVolume: false })),
        path,
      ),
    ).toContain('IgnoreZeroValue');
    expect(
      unhashedChangeReason(
        'EC2NodeClass',
        without,
        hashView('EC2NodeClass', bdm({ rootVolume: true })),
        path,
      ),
    ).toBeUndefined();
    const taint = (t: Record<string, unknown>) => pool({ taints: [t] });
    expect(hashView('NodePool', taint({ key: 'a', value: '', effect: 'NoSchedule' }))).toEqual(
      hashView('NodePool', taint({ key: 'a', effect: 'NoSchedule' })),
    );
    // associatePublicIPAddress is a *bool: false is hashed.
    const klass = (v: unknown) => ({ spec: { associatePublicIPAddress: v } });
    expect(hashView('EC2NodeClass', klass(false))).toEqual(klass(false));
  });
});
