/** The library's fleet-folder functions: the synth pipeline, relative to the folder given. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFleetFolder, synthesizeFleet, synthFleetToFolder, UserError } from '../../api';

const SHOP = `aws:
  accountId: "111122223333"
  region: eu-west-1
gitops:
  repoURL: https://github.com/example/gitops.git
  destination: { name: shop }
nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  general:
    nodeClass: default
    limits: { cpu: "100" }
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kg-api-fleet-'));
  mkdirSync(join(dir, 'clusters'));
  writeFileSync(join(dir, 'clusters', 'shop.yaml'), SHOP);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('loadFleetFolder resolves the fleet, relative to cwd', () => {
  const { fleet, warnings } = loadFleetFolder('clusters', { cwd: dir });
  expect(fleet.clusters.map((c) => c.name)).toEqual(['shop']);
  expect(fleet.clusters[0].nodePools.map((p) => p.name)).toEqual(['general']);
  expect(warnings).toEqual([]);
});

test('synthesizeFleet returns every file synth would write, validated, and writes nothing', () => {
  const { files } = synthesizeFleet('clusters', { cwd: dir });
  expect([...files.keys()]).toContain('shop/karpenter/nodepool-general.yaml');
  expect(files.get('shop/karpenter/nodepool-general.yaml')).toContain('kind: NodePool');
  expect(existsSync(join(dir, 'dist'))).toBe(false);
});

test('synthFleetToFolder writes dist/ as synth does', () => {
  const result = synthFleetToFolder('clusters', 'dist', { cwd: dir });
  expect(result.clusters).toBe(1);
  expect(readFileSync(join(dir, 'dist', 'shop', 'karpenter', 'nodepool-general.yaml'), 'utf8')).toBe(
    synthesizeFleet('clusters', { cwd: dir }).files.get('shop/karpenter/nodepool-general.yaml'),
  );
});

test('a mistake throws UserError with the file, line and field', () => {
  writeFileSync(join(dir, 'clusters', 'shop.yaml'), SHOP.replace('eu-west-1', 'eu-wset-1'));
  let thrown: unknown;
  try {
    loadFleetFolder('clusters', { cwd: dir });
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(UserError);
  const [d] = (thrown as UserError).diagnostics;
  expect([d.file, d.line, d.path]).toEqual(['clusters/shop.yaml', 3, 'aws.region']);
  expect(() => synthFleetToFolder('clusters', 'dist', { cwd: dir })).toThrow(UserError);
  expect(existsSync(join(dir, 'dist'))).toBe(false);
});
