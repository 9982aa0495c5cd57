/**
 * The cdk8s example app (examples/cdk8s-app/) against the packed package: installed from the
 * tarball into a temporary copy, it type-checks under `tsc --strict` and synthesizes a NodePool
 * that the package's own validator accepts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { NPM_INSTALL_FLAGS, packedTarball, ROOT } from './packed-tarball';

jest.setTimeout(15 * 60_000);

let app: string;
beforeAll(async () => {
  const tarball = await packedTarball();
  app = mkdtempSync(join(tmpdir(), 'kg-cdk8s-example-'));
  cpSync(join(ROOT, 'examples', 'cdk8s-app'), app, { recursive: true });
  execFileSync('npm', ['install', tarball, ...NPM_INSTALL_FLAGS], { cwd: app, stdio: 'pipe' });
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

const run = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test('type-checks under tsc --strict against the installed package', () => {
  const tsc = join(app, 'node_modules', 'typescript', 'bin', 'tsc');
  expect(run([tsc, '-p', 'tsconfig.json', '--strict', '--noEmit'])).toBe('');
});

test('synthesizes the node class and a NodePool with the fleet defaults, valid for the validator', () => {
  run([join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
  run([join(app, 'build', 'main.js')]);
  const files = readdirSync(join(app, 'dist'));
  expect(files).toEqual(['platform.k8s.yaml']);
  const text = readFileSync(join(app, 'dist', 'platform.k8s.yaml'), 'utf8');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests read back for assertions
  const objects = parseAllDocuments(text).map((d) => d.toJS() as Record<string, any>);
  expect(objects.map((o) => `${o.apiVersion} ${o.kind}/${o.metadata.name}`)).toEqual([
    'karpenter.k8s.aws/v1 EC2NodeClass/default',
    'karpenter.sh/v1 NodePool/general',
  ]);
  const pool = objects[1];
  expect(pool.spec.template.spec.nodeClassRef).toEqual({
    group: 'karpenter.k8s.aws',
    kind: 'EC2NodeClass',
    name: 'default',
  });
  expect(pool.spec.template.spec.requirements).toEqual(
    expect.arrayContaining([
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
      { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm', 'r'], minValues: 2 },
    ]),
  );
  expect(pool.spec.limits).toEqual({ cpu: '200', memory: '800Gi' });
  expect(pool.spec.disruption.consolidationPolicy).toBe('WhenEmptyOrUnderutilized');
  expect(objects[0].spec.amiSelectorTerms).toEqual([{ alias: 'al2023@v20260714' }]);
  expect(objects[0].spec.metadataOptions.httpTokens).toBe('required');

  // The package's validator, loaded from the installed tarball, accepts the synthesized file.
  const script = `const kg = require('karpenter-gitops');
    const findings = kg.validateManifestText(require('node:fs').readFileSync('dist/platform.k8s.yaml', 'utf8'), 'dist/platform.k8s.yaml');
    process.stdout.write(JSON.stringify(findings));`;
  expect(JSON.parse(run(['-e', script]))).toEqual([]);
});
