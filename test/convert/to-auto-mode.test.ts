/**
 * `convert --to eks-auto-mode`: a self-managed cluster's description becomes its Auto Mode one,
 * or the command names each field that cannot carry over, with its line, and writes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertToAutoMode } from '../../convert/to-auto-mode';
import { toAutoModeRun } from '../../convert/cli';
import { DEMO_CLUSTERS_DIR } from '../support/demo-fleet';
import { DEFAULTS, MINIMAL, load } from '../support/fleet-files';

const SELF_MANAGED = `${MINIMAL}karpenter:
  controller: { replicas: 3 }
iam:
  zonalShift: true
nodeClasses:
  general:
    alias: al2023@v20260714 # pinned AMI
    blockDeviceMappings:
      - deviceName: /dev/xvda
        ebs: { volumeSize: 100Gi, iops: 4000, kmsKeyID: alias/nodes }
    associatePublicIPAddress: false
nodePools:
  web:
    nodeClass: general
    operatingSystems: [linux]
    instanceCategories: [c, m]
    requirements:
      - key: karpenter.k8s.aws/instance-cpu
        operator: In
        values: ["4", "8"]
    limits: { cpu: "100" }
`;

describe('convertToAutoMode', () => {
  const result = convertToAutoMode(SELF_MANAGED);

  test('carries everything over and the result loads as an Auto Mode cluster', () => {
    expect(result.complete).toBe(true);
    const cluster = load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': result.text }).fleet.clusters[0];
    expect(cluster.karpenter.mode).toBe('eks-auto-mode');
    expect(cluster.nodeClasses[0].autoMode?.ephemeralStorage).toEqual({
      size: '100Gi',
      iops: 4000,
      kmsKeyID: 'alias/nodes',
    });
    expect(cluster.nodeClasses[0].autoMode?.advancedNetworking).toEqual({ associatePublicIPAddress: false });
    expect(cluster.nodePools[0].requirements.map((r) => r.key)).toEqual([
      'eks.amazonaws.com/instance-category',
      'eks.amazonaws.com/instance-cpu',
    ]);
  });

  test('says what EKS takes over and what is renamed, each at its line; keeps comments', () => {
    expect(result.findings.map((f) => `${f.line} ${f.path} ${f.kind}`)).toEqual([
      '8 karpenter.controller taken-over',
      '10 iam.zonalShift taken-over',
      '13 nodeClasses.general.alias taken-over',
      '15 nodeClasses.general.blockDeviceMappings.0 renamed',
      '17 nodeClasses.general.associatePublicIPAddress renamed',
      '21 nodePools.web.operatingSystems taken-over',
      '24 nodePools.web.requirements.0.key renamed',
    ]);
    expect(result.text).not.toContain('# pinned AMI'); // the alias line went with its comment
    expect(result.text).toContain('mode: eks-auto-mode');
  });

  test('each field that cannot carry over is named with its line and why', () => {
    const r = convertToAutoMode(
      SELF_MANAGED.replace('    associatePublicIPAddress: false\n', '    kubelet: { maxPods: 40 }\n').replace(
        '    limits: { cpu: "100" }\n',
        '    limits: { cpu: "100" }\n    expireAfter: 720h\n',
      ),
    );
    expect(r.complete).toBe(false);
    expect(r.findings.filter((f) => f.kind === 'lost')).toEqual([
      {
        line: 17,
        path: 'nodeClasses.general.kubelet',
        kind: 'lost',
        message: 'EKS Auto Mode owns the kubelet configuration (no kubelet block; max pods is capped at 110)',
      },
      {
        line: 28,
        path: 'nodePools.web.expireAfter',
        kind: 'lost',
        message: 'Auto Mode nodes live at most 21 days (504h): 720h cannot carry over',
      },
    ]);
  });
});

describe('convert --to eks-auto-mode (command)', () => {
  const run = (file: string, out?: string) => {
    const err: string[] = [];
    const stdout: string[] = [];
    const code = toAutoModeRun(file, out, false, {
      cwd: dir,
      stdout: (t) => stdout.push(t),
      stderr: (t) => err.push(t),
    });
    return { code, err: err.join(''), stdout: stdout.join('') };
  };
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kg-to-auto-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('every demo-fleet cluster either converts or exits 1 naming each field, writing nothing', () => {
    for (const name of ['dataops', 'edge', 'ticketing', 'training']) {
      writeFileSync(join(dir, `${name}.yaml`), readFileSync(join(DEMO_CLUSTERS_DIR, `${name}.yaml`), 'utf8'));
      const r = run(`${name}.yaml`, `${name}-auto.yaml`);
      const lost = r.err.split('\n').filter((l) => l.includes(': cannot carry over: '));
      if (r.code === 0) expect(lost).toEqual([]);
      else {
        expect(r.code).toBe(1);
        expect(lost.length).toBeGreaterThan(0);
        for (const l of lost) expect(l).toMatch(new RegExp(`^${name}\\.yaml:\\d+ \\S+: cannot carry over: `));
        expect(r.err).toContain(
          `convert: ${lost.length} field(s) cannot carry over to EKS Auto Mode; nothing was written.`,
        );
        expect(existsSync(join(dir, `${name}-auto.yaml`))).toBe(false);
      }
    }
  });

  test('a complete conversion is written to --out', () => {
    writeFileSync(join(dir, 'web.yaml'), SELF_MANAGED);
    const r = run('web.yaml', 'web-auto.yaml');
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'web-auto.yaml'), 'utf8')).toContain('mode: eks-auto-mode');
  });
});
