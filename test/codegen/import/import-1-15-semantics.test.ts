/**
 * The 1.15 semantics on an imported version, end to end in process: the upstream snapshot
 * (../shared/reference/karpenter-main-2026-08-21/, relabelled 1.15.0-pre) imported with its
 * getting-started cloudformation.yaml; a fleet on it gets the free-form kubelet rules per family at
 * its lines, the NodeClassCEL gate from its Helm values, and the official policy compared.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runImport } from '../../../codegen/import/import-command';
import { loadFleetFromDir } from '../../../io/cli-common';
import { clearRepositoryImportsCache } from '../../../io/repository-imports';
import { UserError } from '../../../model';
import { officialPolicyLines } from '../../../policies/official-policy-report';
import { SNAPSHOT, synthIn } from '../../support/chart-fixtures';
import { DEFAULTS, MINIMAL } from '../../support/fleet-files';
import { SNAPSHOT_AVAILABLE, SNAPSHOT_LABEL, SNAPSHOT_SKIP_REASON } from '../../support/upstream-snapshot';

let repo: string;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'kg-import-115-'));
  clearRepositoryImportsCache();
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

const TEMPLATE = () => join(SNAPSHOT, 'getting-started-cloudformation.yaml');
const importSnapshot = () =>
  runImport([join(SNAPSHOT, 'karpenter'), TEMPLATE()], repo, { karpenterVersion: SNAPSHOT_LABEL });

function writeFleet(cluster: string): void {
  mkdirSync(join(repo, 'clusters'), { recursive: true });
  writeFileSync(join(repo, 'clusters', '_defaults.yaml'), DEFAULTS);
  writeFileSync(join(repo, 'clusters', 'shop.yaml'), cluster);
}

const synth = () => synthIn(repo);

const fleet = (helmValues: string, classes: string): string =>
  `${MINIMAL}karpenter:
  version: ${SNAPSHOT_LABEL}
${helmValues}nodeClasses:
${classes}nodePools:
  general:
    nodeClass: al2023
    limits: { cpu: "100" }
`;

const AL2023 = `  al2023:
    alias: al2023@v20260714
    kubelet:
      containerLogMaxSize: 50Mi
      maxPods: "eni_limited_pods"
      clusterDNS: [10.100.0.10, 10.100.0.11]
`;

(SNAPSHOT_AVAILABLE ? describe : describe.skip)(
  `1.15 semantics on the imported snapshot (${SNAPSHOT_LABEL})`,
  () => {
    it('import stores the official policy of the cloudformation.yaml given beside the chart', async () => {
      const lines = await importSnapshot();
      expect(lines[0]).toMatch(
        /^karpenter-imports\/karpenter-v1\.15\.0-pre\/: 5 CRD versions validated from karpenter, chart values keys, official IAM policy; karpenter-imports\/lock\.json records 8 source files\.$/,
      );
      const dir = join(repo, 'karpenter-imports', `karpenter-v${SNAPSHOT_LABEL}`);
      expect(readdirSync(dir)).toContain('official-policy.json');
      const lock = JSON.parse(readFileSync(join(repo, 'karpenter-imports', 'lock.json'), 'utf8')) as {
        imports: { files: { path: string }[] }[];
      };
      expect(lock.imports[0].files.map((f) => f.path)).toContain('getting-started-cloudformation.yaml');
    });

    it('a template alone, or two templates, are refused and nothing is written', async () => {
      await expect(runImport([TEMPLATE()], repo, { karpenterVersion: SNAPSHOT_LABEL })).rejects.toThrow(
        UserError,
      );
      await expect(
        runImport([join(SNAPSHOT, 'karpenter'), TEMPLATE(), TEMPLATE()], repo, {
          karpenterVersion: SNAPSHOT_LABEL,
        }),
      ).rejects.toThrow(/is a second CloudFormation template/);
      expect(existsSync(join(repo, 'karpenter-imports'))).toBe(false);
    });

    it('AL2, Bottlerocket and Windows classes get the per-family kubelet errors at their fleet lines', async () => {
      await importSnapshot();
      writeFleet(
        fleet(
          '',
          `${AL2023}  al2:
    alias: al2@v20250505
    kubelet:
      containerLogMaxSize: 50Mi
  bottlerocket:
    alias: bottlerocket@v1.39.0
    kubelet:
      podsPerCore: 2
  windows:
    amiFamily: Windows2022
    amiSelectorTerms: [{ id: ami-0123456789abcdef0 }]
    kubelet:
      clusterDNS: [10.100.0.10, 10.100.0.11]
`,
        ),
      );
      const { code, err } = synth();
      expect(code).toBe(1);
      const kubelet = err.filter((l) => l.includes('.kubelet.'));
      expect(kubelet).toEqual([
        expect.stringMatching(
          /^clusters\/shop\.yaml:14:16 nodeClasses\.al2023\.kubelet\.maxPods: 'eni_limited_pods' is a CEL expression, and the NodeClassCEL AWS feature gate is off in this cluster's Helm values: .*KubeletExpressionsDisabled.* settings\.awsFeatureGates\.nodeClassCEL/,
        ),
        expect.stringMatching(
          /^clusters\/shop\.yaml:19:7 nodeClasses\.al2\.kubelet\.containerLogMaxSize: the AL2 AMI family does not apply kubelet\.containerLogMaxSize .*UnsupportedKubeletConfiguration/,
        ),
        expect.stringMatching(
          /^clusters\/shop\.yaml:23:7 nodeClasses\.bottlerocket\.kubelet\.podsPerCore: the Bottlerocket AMI family does not apply kubelet\.podsPerCore/,
        ),
        expect.stringMatching(
          /^clusters\/shop\.yaml:28:19 nodeClasses\.windows\.kubelet\.clusterDNS: the Windows2022 AMI family takes one kubelet\.clusterDNS entry, not 2/,
        ),
      ]);
    });

    it('AL2023 with the gate on in the Helm values synthesizes, the free-form kubelet reaching dist/', async () => {
      await importSnapshot();
      writeFleet(
        fleet(
          `  helmValues:
    settings:
      awsFeatureGates:
        nodeClassCEL: true
`,
          AL2023,
        ),
      );
      const { code, out, err } = synth();
      expect(err).toEqual([]);
      expect(code).toBe(0);
      const line = out.find((l) => l.includes(`shop: Karpenter ${SNAPSHOT_LABEL} (imported)`));
      // The typed kubelet rules do not carry over to the free-form shape; the rules written for it apply.
      expect(line).toMatch(/not applied \(schema changed\): .*kubelet rules \(EC2NodeClass spec\.kubelet/);
      expect(line).toMatch(
        / Written for its free-form kubelet and applied: the kubelet rules per AMI family \(AL2023 applies every field; AL2, Bottlerocket and Windows only the 12 Karpenter maps\) and the NodeClassCEL gate of CEL expressions\.$/,
      );
      const nodeClass = readFileSync(
        join(repo, 'dist', 'shop', 'karpenter', 'ec2nodeclass-al2023.yaml'),
        'utf8',
      );
      expect(nodeClass).toContain('containerLogMaxSize: 50Mi');
      expect(nodeClass).toContain('maxPods: eni_limited_pods');
    });

    it('policies compares the cluster with the official policy import stored', async () => {
      await importSnapshot();
      writeFleet(fleet('', '  al2023:\n    alias: al2023@v20260714\n'));
      clearRepositoryImportsCache();
      const { fleet: model } = loadFleetFromDir(repo, join(repo, 'clusters'));
      expect(officialPolicyLines(model)).toEqual([
        `shop: against the official policy of Karpenter ${SNAPSHOT_LABEL}: ours lacks none; ours adds none; left out on purpose: arc-zonal-shift:GetManagedResource (granted only with \`iam.zonalShift: true\`, which also turns on Karpenter’s zonal-shift setting)`,
      ]);
    });
  },
);
if (!SNAPSHOT_AVAILABLE) test.skip(SNAPSHOT_SKIP_REASON, () => undefined);
