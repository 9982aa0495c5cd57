/**
 * Bad input for issue 18: every AMI-family trap, each asserted at its file:line:col with its
 * field and fix, and all of them reported by one run over test/fixtures/ami-families/traps.yaml.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Diagnostic, sortDiagnostics } from '../../../model/shared/diagnostics';
import { DEFAULTS, load, refusalOf } from '../../support/fleet-files';

const FIXTURE = readFileSync(join(__dirname, '..', '..', 'fixtures', 'ami-families', 'traps.yaml'), 'utf8');

function run(): Diagnostic[] {
  return sortDiagnostics(refusalOf(() => load({ '_defaults.yaml': DEFAULTS, 'traps.yaml': FIXTURE })));
}

const all = run();
const at = (path: string): Diagnostic[] => all.filter((d) => d.path === path);
const one = (path: string): Diagnostic => {
  const found = at(path);
  expect(found).toHaveLength(1);
  return found[0];
};

describe('AMI family traps (one fixture, one run)', () => {
  it('reports every trap, and nothing else, in a single run', () => {
    expect(all.map((d) => `${d.severity} ${d.line}:${d.col} ${d.path}`)).toEqual([
      'error 13:9 nodeClasses.br-xvda.bottlerocket.settings.kernal',
      'error 16:21 nodeClasses.br-xvda.bottlerocket.settings.kernel.lockdown',
      'error 18:29 nodeClasses.br-xvda.bottlerocket.settings.host-containers.admin.enabled',
      'warning 20:11 nodeClasses.br-xvda.bottlerocket.settings.kubernetes.max-pods',
      'warning 21:11 nodeClasses.br-xvda.bottlerocket.settings.kubernetes.cluster-name',
      'error 23:21 nodeClasses.br-xvda.blockDeviceMappings[0].deviceName',
      'error 24:21 nodeClasses.br-xvda.blockDeviceMappings[0].rootVolume',
      'warning 37:11 nodeClasses.br-unkeyed-data.blockDeviceMappings[1].ebs',
      'warning 39:12 nodeClasses.win.alias',
      'error 43:15 nodeClasses.al2023-cloud-config.userData',
      'warning 54:11 nodeClasses.al2023-node-config.userData',
      'warning 62:23 nodeClasses.al2023-raid.blockDeviceMappings[0].ebs.volumeSize',
      'warning 64:16 nodeClasses.custom.amiFamily',
      'error 71:7 nodeClasses.br-toml.userData.settings.kernel.lockdwn',
      'error 75:20 nodePools.windows-arm.architectures',
    ]);
    expect(all.every((d) => d.file === 'clusters/traps.yaml')).toBe(true);
  });

  it('Bottlerocket: sizing and keying only /dev/xvda is an error that says to use xvdb', () => {
    const d = one('nodeClasses.br-xvda.blockDeviceMappings[0].deviceName');
    expect(d).toMatchObject({ severity: 'error', line: 23, col: 21 });
    expect(d.message).toContain("/dev/xvda is only Bottlerocket's OS volume");
    expect(d.message).toContain('not encrypted with your key');
    expect(d.fix).toBe(
      'Keep /dev/xvda small (volumeSize: 4Gi) and add a mapping for /dev/xvdb with rootVolume: true, volumeSize: 100Gi and the kmsKeyID',
    );
  });

  it('rootVolume on a device that is not the data device is an error', () => {
    const d = one('nodeClasses.br-xvda.blockDeviceMappings[0].rootVolume');
    expect(d).toMatchObject({ severity: 'error', line: 24, col: 21 });
    expect(d.message).toContain('Karpenter would advertise 100Gi of ephemeral storage that pods do not get');
    expect(d.fix).toBe('Move rootVolume: true to the /dev/xvdb mapping (add one with volumeSize: 100Gi)');
  });

  it('a customer key on some volumes but not on the data volume is a warning', () => {
    const d = one('nodeClasses.br-unkeyed-data.blockDeviceMappings[1].ebs');
    expect(d).toMatchObject({ severity: 'warning', line: 37, col: 11 });
    expect(d.message).toContain("/dev/xvdb holds pods' data but is not encrypted with the customer KMS key");
    expect(d.fix).toBe('Add kmsKeyID: arn:aws:kms:eu-west-1:111122223333:key/k1 to this mapping');
  });

  it('a Bottlerocket settings typo fails at its line with a did-you-mean', () => {
    const d = one('nodeClasses.br-xvda.bottlerocket.settings.kernal');
    expect(d).toMatchObject({ severity: 'error', line: 13, col: 9 });
    expect(d.message).toBe(
      "'kernal' is not a Bottlerocket 1.39.x setting under settings; Bottlerocket refuses the whole userData",
    );
    expect(d.fix).toBe("Did you mean 'kernel'? Rename the key to a setting Bottlerocket documents");
  });

  it('the same checks run on TOML userData, at the line of the key inside the block', () => {
    const d = one('nodeClasses.br-toml.userData.settings.kernel.lockdwn');
    expect(d).toMatchObject({ severity: 'error', line: 71, col: 7 });
    expect(d.fix).toBe("Did you mean 'lockdown'? Rename the key to a setting Bottlerocket documents");
  });

  it('a value outside an enum and a wrong type fail at the value', () => {
    const e = one('nodeClasses.br-xvda.bottlerocket.settings.kernel.lockdown');
    expect(e).toMatchObject({ severity: 'error', line: 16, col: 21 });
    expect(e.message).toBe("'strict' is not a value Bottlerocket accepts for settings.kernel.lockdown");
    expect(e.fix).toBe('Write one of: confidentiality, integrity, none');
    const t = one('nodeClasses.br-xvda.bottlerocket.settings.host-containers.admin.enabled');
    expect(t).toMatchObject({ severity: 'error', line: 18, col: 29 });
    expect(t.message).toBe("settings.host-containers.admin.enabled takes a boolean, not the string 'yes'");
    expect(t.fix).toBe('Write a boolean');
  });

  it('settings Karpenter writes itself are warnings naming what it writes', () => {
    const m = one('nodeClasses.br-xvda.bottlerocket.settings.kubernetes.max-pods');
    expect(m).toMatchObject({ severity: 'warning', line: 20, col: 11 });
    expect(m.message).toContain('(kubelet.maxPods, else the instance type’s pod limit)');
    expect(m.fix).toBe('Remove settings.kubernetes.max-pods');
    const c = one('nodeClasses.br-xvda.bottlerocket.settings.kubernetes.cluster-name');
    expect(c.message).toBe(
      'Karpenter writes settings.kubernetes.cluster-name itself (the cluster name), so this value is overridden',
    );
  });

  it('a Windows class under an arm64-only pool is an error', () => {
    const d = one('nodePools.windows-arm.architectures');
    expect(d).toMatchObject({ severity: 'error', line: 75, col: 20 });
    expect(d.message).toContain('Windows2022 AMIs exist for amd64 only, so no node can launch');
    expect(d.fix).toBe('Allow amd64 (architectures: [amd64]), or use a Linux node class for arm64');
  });

  it('AL2023 userData that is YAML but no NodeConfig is an error; a NodeConfig with Karpenter fields a warning', () => {
    const e = one('nodeClasses.al2023-cloud-config.userData');
    expect(e).toMatchObject({ severity: 'error', line: 43, col: 15 });
    expect(e.message).toContain('YAML but not a nodeadm NodeConfig');
    expect(e.fix).toContain('a shell script starting with #!');
    const w = one('nodeClasses.al2023-node-config.userData');
    expect(w).toMatchObject({ severity: 'warning', line: 54, col: 11 });
    expect(w.message).toContain('spec.cluster.name, which Karpenter sets itself');
    expect(w.fix).toBe('Remove spec.cluster.name from the NodeConfig');
  });

  it('RAID0 with a rootVolume size is a warning at the size', () => {
    const d = one('nodeClasses.al2023-raid.blockDeviceMappings[0].ebs.volumeSize');
    expect(d).toMatchObject({ severity: 'warning', line: 62, col: 23 });
    expect(d.message).toContain('instanceStorePolicy: RAID0');
    expect(d.fix).toContain('or remove instanceStorePolicy');
  });

  it('Custom with no userData is a warning that nodes may never join', () => {
    const d = one('nodeClasses.custom.amiFamily');
    expect(d).toMatchObject({ severity: 'warning', line: 64, col: 16 });
    expect(d.message).toContain('Karpenter generates none for Custom');
    expect(d.fix).toContain('Add userData that joins the node');
  });
});
