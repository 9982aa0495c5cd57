/**
 * `karpenter-gitops import` of the EKS Auto Mode NodeClass CRD as `kubectl get crd
 * nodeclasses.eks.amazonaws.com -o yaml` prints it (status and managedFields included): its
 * artifacts go to karpenter-imports/eks-auto-mode/, the lock records it, and the registry
 * (io/repository-imports.ts) hands it to validation.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { crdFromSpec } from '../../../codegen/crd-loader';
import { runImport } from '../../../codegen/import/import-command';
import {
  clearRepositoryImportsCache,
  ImportLock,
  readRepositoryImports,
} from '../../../io/repository-imports';
import { ArtifactSet } from '../../../validation/kubernetes/artifacts';

/** The fields of a NodeClass CRD (a few spec fields), in the form of codegen/sources/eks-auto-mode/. */
const NODECLASS_FIELDS = `conversion:
  strategy: None
group: eks.amazonaws.com
names:
  kind: NodeClass
  listKind: NodeClassList
  plural: nodeclasses
  singular: nodeclass
scope: Cluster
versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          apiVersion: { type: string }
          kind: { type: string }
          metadata: { type: object }
          spec:
            type: object
            required: [role]
            properties:
              role: { type: string }
              ephemeralStorage:
                type: object
                properties:
                  size: { type: string }
              snatPolicy:
                type: string
                enum: [Random, Disabled]
`;

/** That CRD as `kubectl get crd -o yaml` prints it: the API server's metadata, managedFields and status added. */
function kubectlExport(fields: string): string {
  const crd = parse(crdFromSpec(fields)) as Record<string, Record<string, unknown>>;
  crd.metadata = {
    ...crd.metadata,
    creationTimestamp: '2025-02-01T00:00:00Z',
    generation: 1,
    managedFields: [{ apiVersion: 'apiextensions.k8s.io/v1', manager: 'eks', operation: 'Apply' }],
    resourceVersion: '123',
    uid: '00000000-0000-0000-0000-000000000000',
  };
  crd.status = { acceptedNames: { kind: 'NodeClass', plural: 'nodeclasses' }, storedVersions: ['v1'] };
  return stringify(crd);
}

let repo: string;
let work: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'kg-automode-repo-'));
  work = mkdtempSync(join(tmpdir(), 'kg-automode-work-'));
  clearRepositoryImportsCache();
});
afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

it('writes the NodeClass artifacts as their own set, recorded in the lock, and the registry returns them', async () => {
  const file = join(work, 'nodeclasses.yaml');
  writeFileSync(file, kubectlExport(NODECLASS_FIELDS));
  const lines = await runImport([file], repo, {});
  expect(lines[0]).toMatch(
    /^karpenter-imports\/eks-auto-mode\/: 1 CRD version validated from nodeclasses\.yaml;/,
  );
  expect(readdirSync(join(repo, 'karpenter-imports', 'eks-auto-mode')).sort()).toEqual([
    'catalog.js',
    'nodeclasses.eks.amazonaws.com.v1.rules.js',
    'nodeclasses.eks.amazonaws.com.v1.schema.js',
    'nodeclasses.eks.amazonaws.com.v1.validate.js',
  ]);
  const lock = JSON.parse(readFileSync(join(repo, 'karpenter-imports', 'lock.json'), 'utf8')) as ImportLock;
  expect(lock.imports).toEqual([
    expect.objectContaining({ folder: 'eks-auto-mode', kind: 'eks-auto-mode', source: 'nodeclasses.yaml' }),
  ]);
  const imports = readRepositoryImports(repo);
  expect(imports.karpenter.size).toBe(0);
  expect(imports.autoModeNodeClass?.folder).toBe('karpenter-imports/eks-auto-mode');
  const set = new ArtifactSet('', 'eks-auto-mode', 'imported', imports.autoModeNodeClass!.artifactDir);
  const entry = set.find('eks.amazonaws.com/v1', 'NodeClass')!;
  const validate = set.validator(entry);
  const object = (snatPolicy: string): unknown => ({
    apiVersion: 'eks.amazonaws.com/v1',
    kind: 'NodeClass',
    metadata: { name: 'default' },
    spec: { role: 'node', snatPolicy },
  });
  expect(validate(object('Random'))).toBe(true);
  expect(validate(object('Sometimes'))).toBe(false);
  expect(validate.errors?.[0]).toMatchObject({ instancePath: '/spec/snatPolicy', keyword: 'enum' });
});
