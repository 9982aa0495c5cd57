/**
 * The per-family model, cross-checked with Karpenter v1.14.1's source when a clone of
 * aws/karpenter-provider-aws is named by KARPENTER_PROVIDER_AWS_GIT (its git directory).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  AMI_FAMILY_BEHAVIOUR,
  behaviourOf,
  BOTTLEROCKET_KARPENTER_SETTINGS,
  familyKind,
  writtenFamily,
} from '../../../model/facts/ami-families';

const MIRROR = process.env.KARPENTER_PROVIDER_AWS_GIT ?? '';
const show = (path: string): string =>
  execFileSync('git', ['--git-dir', MIRROR, 'show', `v1.14.1:${path}`], { encoding: 'utf8' });

describe('AMI family model', () => {
  it('Bottlerocket keeps data on xvdb; the others on their root device; Custom has none', () => {
    expect(behaviourOf('Bottlerocket')).toMatchObject({ dataDevice: '/dev/xvdb', osDevice: '/dev/xvda' });
    expect(behaviourOf('Bottlerocket').defaultBlockDevices.map((d) => [d.deviceName, d.volumeSize])).toEqual([
      ['/dev/xvda', '4Gi'],
      ['/dev/xvdb', '20Gi'],
    ]);
    expect(behaviourOf('AL2023').dataDevice).toBe('/dev/xvda');
    expect(behaviourOf('AL2').dataDevice).toBe('/dev/xvda');
    expect(behaviourOf('Windows2022')).toMatchObject({ dataDevice: '/dev/sda1', architectures: ['amd64'] });
    expect(behaviourOf('Custom').dataDevice).toBeUndefined();
    expect(behaviourOf('Custom').defaultBlockDevices).toEqual([]);
  });

  it('every WindowsNNNN family behaves alike', () => {
    expect(familyKind('Windows2019')).toBe('Windows');
    expect(familyKind('Windows2022')).toBe('Windows');
    expect(familyKind('AL2023')).toBe('AL2023');
  });

  it('the family Karpenter resolves: amiFamily first, else the alias', () => {
    expect(writtenFamily({ alias: 'bottlerocket@v1.39.1' })).toBe('Bottlerocket');
    expect(writtenFamily({ amiFamily: 'Custom', alias: 'bottlerocket@v1.39.1' })).toBe('Custom');
    expect(writtenFamily({ amiSelectorTerms: [{ alias: 'al2023@v20260714' }] })).toBe('AL2023');
    expect(writtenFamily({ amiSelectorTerms: [{}] })).toBeUndefined();
  });

  it('every fact names provider files that exist at v1.14.1', () => {
    for (const b of Object.values(AMI_FAMILY_BEHAVIOUR)) expect(b.sources.length).toBeGreaterThan(0);
    if (!existsSync(MIRROR)) return;
    for (const b of Object.values(AMI_FAMILY_BEHAVIOUR))
      for (const f of b.sources) expect(show(f).length).toBeGreaterThan(0);
  });

  (existsSync(MIRROR) ? it : it.skip)(
    'matches Karpenter v1.14.1: devices, sizes and the Bottlerocket keys it writes',
    () => {
      const br = show('pkg/providers/amifamily/bottlerocket.go');
      expect(br).toMatch(/xvdaEBS\.VolumeSize = lo\.ToPtr\(resource\.MustParse\("4Gi"\)\)/);
      expect(br).toMatch(
        /func \(b Bottlerocket\) EphemeralBlockDevice\(\) \*string \{\s*return aws\.String\("\/dev\/xvdb"\)/,
      );
      expect(show('pkg/providers/amifamily/windows.go')).toMatch(/MustParse\("50Gi"\)[\s\S]*"\/dev\/sda1"/);
      expect(show('pkg/providers/amifamily/al2023.go')).toMatch(
        /EphemeralBlockDevice\(\) \*string \{\s*return lo\.ToPtr\("\/dev\/xvda"\)/,
      );
      expect(show('pkg/providers/amifamily/resolver.go')).toMatch(
        /VolumeSize: lo\.ToPtr\(resource\.MustParse\("20Gi"\)\)/,
      );
      // Each kubernetes key Karpenter writes is a field it assigns in Script, under that TOML name.
      const settings = show('pkg/providers/amifamily/bootstrap/bottlerocketsettings.go');
      const script = show('pkg/providers/amifamily/bootstrap/bottlerocket.go');
      for (const k of BOTTLEROCKET_KARPENTER_SETTINGS.filter((s) => s.path[0] === 'kubernetes')) {
        const field = new RegExp(`(\\w+)\\s+[^\\n]*\`toml:"${k.path[1]}[",]`).exec(settings)?.[1];
        expect(field).toBeDefined();
        expect(script).toContain(`s.Settings.Kubernetes.${field}`);
      }
      expect(script).toContain('"000-mount-instance-storage"');
    },
  );
});
