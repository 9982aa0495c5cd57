import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isCloudFormationTemplate,
  officialPolicyImportFile,
} from '../../../codegen/import/official-policy-import';
import { UserError } from '../../../model/shared/diagnostics';
import { formatDiagnostic } from '../../../model/shared/diagnostics';
import { builtInOfficialPolicy, readOfficialPolicyFile } from '../../../policies/official-policy-versions';
import { SNAPSHOT_DIR, SNAPSHOT_LABEL, SNAPSHOT_SKIP_REASON } from '../../support/upstream-snapshot';

const TEMPLATE = join(SNAPSHOT_DIR, 'getting-started-cloudformation.yaml');

describe('the cloudformation.yaml given to import', () => {
  it('is told apart from CRD files by name or by its top-level keys', () => {
    expect(isCloudFormationTemplate('docs/cloudformation.yaml', '')).toBe(true);
    expect(
      isCloudFormationTemplate('x.yaml', 'AWSTemplateFormatVersion: "2010-09-09"\nResources: {}\n'),
    ).toBe(true);
    expect(
      isCloudFormationTemplate(
        'nodepools.yaml',
        'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n',
      ),
    ).toBe(false);
  });

  (existsSync(TEMPLATE) ? it : it.skip)(
    `the snapshot's template (${SNAPSHOT_LABEL}) becomes official-policy.json, read back as the same policy`,
    () => {
      const [name, text] = officialPolicyImportFile('cloudformation.yaml', readFileSync(TEMPLATE, 'utf8'));
      expect(name).toBe('official-policy.json');
      const dir = mkdtempSync(join(tmpdir(), 'kg-official-'));
      writeFileSync(join(dir, name), text);
      const back = readOfficialPolicyFile(join(dir, name));
      // The snapshot's template is byte-identical to 1.14.1's.
      expect(back).toEqual(builtInOfficialPolicy('1.14.1'));
      expect(officialPolicyImportFile('cloudformation.yaml', readFileSync(TEMPLATE, 'utf8'))[1]).toBe(text);
    },
  );
  if (!existsSync(TEMPLATE)) test.skip(SNAPSHOT_SKIP_REASON, () => undefined);

  it('a template without a policy is refused with the file named, nothing returned', () => {
    let error: unknown;
    try {
      officialPolicyImportFile('cloudformation.yaml', 'Resources:\n  Q:\n    Type: AWS::SQS::Queue\n');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map(formatDiagnostic)[0]).toMatch(
      /^cloudformation\.yaml: has no AWS::IAM::ManagedPolicy or AWS::IAM::Policy resource/,
    );
  });

  it('a stored file of another shape is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kg-official-'));
    writeFileSync(
      join(dir, 'official-policy.json'),
      '{"policies":[{"logicalId":"A","statements":[{"effect":"Maybe","actions":[]}]}],"sha256":"x"}',
    );
    let error: unknown;
    try {
      readOfficialPolicyFile(
        join(dir, 'official-policy.json'),
        'karpenter-imports/karpenter-v1.15.0/official-policy.json',
      );
    } catch (e) {
      error = e;
    }
    expect((error as UserError).diagnostics.map(formatDiagnostic)).toEqual([
      "karpenter-imports/karpenter-v1.15.0/official-policy.json: its shape is not a policy list with an effect and actions per statement, so it is not an official policy written by karpenter-gitops import. Restore it from git, or import the chart again with the release's cloudformation.yaml.",
    ]);
  });
});
