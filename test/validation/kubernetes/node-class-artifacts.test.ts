/**
 * The EKS Auto Mode NodeClass schema: chosen in one function (pinned by default, the repository's
 * import when it has one), and NodeClasses are validated against it.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProjectRoot } from '../../../validation/kubernetes/artifacts';
import { parseManifests } from '../../../validation/manifest-source';
import { ManifestValidator } from '../../../validation/kubernetes/validate-manifests';
import { nodeClassArtifacts } from '../../../validation/kubernetes/node-class-artifacts';
import {
  AUTO_MODE_FOLDER,
  clearRepositoryImportsCache,
  LOCK_FILE,
  REPOSITORY_IMPORTS_DIR,
} from '../../../io/repository-imports';

const root = findProjectRoot(join(__dirname, '..', '..', '..'));

const NODE_CLASS = `apiVersion: eks.amazonaws.com/v1
kind: NodeClass
metadata:
  name: private
spec:
  role: EKSAutoNodeRole-shop
  subnetSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
  securityGroupSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
  ephemeralStorage:
    size: 120Gi
    iops: 3000
`;

describe('nodeClassArtifacts', () => {
  test('without an import: the pinned set, labelled as not published by AWS', () => {
    const empty = mkdtempSync(join(tmpdir(), 'kg-repo-'));
    try {
      const chosen = nodeClassArtifacts(root, empty);
      expect(chosen.origin).toBe('pinned');
      expect(chosen.label).toContain('not published by AWS');
      expect(chosen.set.find('eks.amazonaws.com/v1', 'NodeClass')?.plural).toBe('nodeclasses');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test("with an import in the repository: the repository's set, and validation follows it", () => {
    const repo = mkdtempSync(join(tmpdir(), 'kg-repo-'));
    try {
      // A stand-in import: the pinned artifacts, with a validator that requires a field the
      // pinned schema does not know, so a finding shows which schema judged.
      const dir = join(repo, REPOSITORY_IMPORTS_DIR, AUTO_MODE_FOLDER);
      cpSync(join(root, 'imports', 'validation', 'eks-auto-mode-pinned'), dir, { recursive: true });
      // Until the lock names the folder, it is not an import (a stray copy is never trusted).
      expect(nodeClassArtifacts(root, repo).origin).toBe('pinned');
      writeFileSync(
        join(dir, 'nodeclasses.eks.amazonaws.com.v1.validate.js'),
        `'use strict';
module.exports = function validate(d) {
  if (d.spec && d.spec.clusterOnlyField !== undefined) { validate.errors = null; return true; }
  validate.errors = [{ instancePath: '/spec', schemaPath: '#/properties/spec/required', keyword: 'required',
    params: { missingProperty: 'clusterOnlyField' }, message: "must have required property 'clusterOnlyField'" }];
  return false;
};
`,
      );
      const lock = {
        lockVersion: 1,
        imports: [
          {
            folder: AUTO_MODE_FOLDER,
            kind: 'eks-auto-mode',
            source: 'nodeclass.yaml',
            files: [],
            contentSha256: '0',
          },
        ],
      };
      writeFileSync(join(repo, REPOSITORY_IMPORTS_DIR, LOCK_FILE), JSON.stringify(lock));
      clearRepositoryImportsCache();
      const chosen = nodeClassArtifacts(root, repo);
      expect(chosen.origin).toBe('imported');
      expect(chosen.label).toBe(
        `the NodeClass CRD imported into ${REPOSITORY_IMPORTS_DIR}/${AUTO_MODE_FOLDER}`,
      );
      const validator = new ManifestValidator('1.14.1', root, repo);
      expect(validator.nodeClass.origin).toBe('imported');
      const findings = validator.validate(parseManifests('nc.yaml', NODE_CLASS));
      expect(findings.map((f) => `${f.path}: ${f.message}`)).toEqual([
        expect.stringContaining('clusterOnlyField'),
      ]);
      expect(
        new ManifestValidator('1.14.1', root, tmpdir()).validate(parseManifests('nc.yaml', NODE_CLASS)),
      ).toEqual([]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('NodeClass validation against the pinned schema', () => {
  const validator = new ManifestValidator('1.14.1', root, tmpdir());
  const run = (text: string) => validator.validate(parseManifests('nc.yaml', text));

  test('a correct NodeClass has no findings', () => {
    expect(run(NODE_CLASS)).toEqual([]);
  });

  test('an EC2NodeClass field in a NodeClass is an unknown field at its line', () => {
    const f = run(NODE_CLASS.replace('  role:', '  amiSelectorTerms: [{ alias: al2023@latest }]\n  role:'));
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ line: 6, path: 'spec.amiSelectorTerms', check: 'schema/unknown-field' });
  });

  test('iops outside 3000-16000 is a schema error at its line', () => {
    const f = run(NODE_CLASS.replace('iops: 3000', 'iops: 20000'));
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ line: 13, path: 'spec.ephemeralStorage.iops', object: 'NodeClass/private' });
  });
});
