/**
 * A free-form kubelet (1.14.1's CRDs with an open EC2NodeClass `spec.kubelet`, labelled 1.98.0,
 * test/support/chart-fixtures.ts) passes through whole, yet its plain maxPods and podsPerCore still
 * reach the pod estimates (model/resolve/pool-pods.ts): the maxPods warning of
 * check-pool-launchable.ts and the capacity report's pods per node, as for the typed kubelet.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runImport } from '../../../codegen/import/import-command';
import { loadFleetFromDir } from '../../../io/cli-common';
import { clearRepositoryImportsCache } from '../../../io/repository-imports';
import { capacityReport } from '../../../review/capacity-report';
import { buildChartArchive, freeFormKubeletNodeClassCrd, synthIn } from '../../support/chart-fixtures';
import { DEFAULTS, MINIMAL } from '../../support/fleet-files';

let repo: string;

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'kg-free-form-'));
  const work = mkdtempSync(join(tmpdir(), 'kg-free-form-work-'));
  const archive = buildChartArchive(work, {
    version: '1.98.0',
    crdOverrides: { 'karpenter.k8s.aws_ec2nodeclasses.yaml': freeFormKubeletNodeClassCrd() },
  });
  await runImport([archive], repo, {});
  rmSync(work, { recursive: true, force: true });
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** Lines 1-6 MINIMAL, 7-8 karpenter, 9-14 nodeClasses (maxPods at 14). */
const CLUSTER = (version: string, kubelet: string): string => `${MINIMAL}karpenter:
  version: ${version}
nodeClasses:
  default:
    alias: al2023@v20260714
    kubelet:
${kubelet}nodePools:
  general:
    nodeClass: default
    instanceTypes: [m5.large, m5.xlarge]
    limits: { cpu: "100" }
`;

function write(cluster: string): void {
  rmSync(join(repo, 'clusters'), { recursive: true, force: true });
  rmSync(join(repo, 'dist'), { recursive: true, force: true });
  mkdirSync(join(repo, 'clusters'));
  writeFileSync(join(repo, 'clusters', '_defaults.yaml'), DEFAULTS);
  writeFileSync(join(repo, 'clusters', 'shop.yaml'), cluster);
}

function podsPerNode(cluster: string): unknown {
  write(cluster);
  clearRepositoryImportsCache();
  const { fleet } = loadFleetFromDir(repo, join(repo, 'clusters'));
  return capacityReport(fleet).clusters[0].pools[0].podsPerNode;
}

describe('a free-form kubelet in the pod estimates', () => {
  it('its plain maxPods gets the warning the typed kubelet gets, at its line', () => {
    const kubelet = '      maxPods: 200\n';
    write(CLUSTER('1.98.0', `      containerLogMaxSize: 50Mi\n${kubelet}`));
    const freeForm = synthIn(repo);
    write(CLUSTER('1.14.1', kubelet));
    const typed = synthIn(repo);
    const warning = (lines: string[]) => lines.filter((l) => l.includes('maxPods'));
    expect(freeForm.code).toBe(0);
    expect(warning([...freeForm.out, ...freeForm.err])).toEqual([
      "clusters/shop.yaml:14:16 warning: nodeClasses.default.kubelet.maxPods: maxPods 200 is more than any instance type pool 'general' allows has IP addresses for (at most 58 pods, on m5.xlarge), so pods beyond that stay ContainerCreating without an IP. Lower maxPods to 58, or enable VPC CNI prefix delegation (then ignore this warning).",
    ]);
    expect(warning([...typed.out, ...typed.err])).toEqual([
      warning([...freeForm.out, ...freeForm.err])[0].replace(':14:16', ':13:16'),
    ]);
  });

  it('the capacity report: the same pods per node as the typed kubelet (an expression: test/review/capacity-report-pods.test.ts)', () => {
    const settings = '      maxPods: 40\n      podsPerCore: 15\n';
    const freeForm = podsPerNode(CLUSTER('1.98.0', `      containerLogMaxSize: 50Mi\n${settings}`));
    expect(freeForm).toEqual({ min: 30, max: 40 });
    expect(podsPerNode(CLUSTER('1.14.1', settings))).toEqual(freeForm);
  });
});
