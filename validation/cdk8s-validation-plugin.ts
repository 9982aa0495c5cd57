/**
 * The cdk8s validation plugin: `cdk8s synth` validates the synthesized manifests against the
 * imported Karpenter and Argo CD CRD schemas and their CEL rules (the same validator as
 * `karpenter-gitops validate`). cdk8s loads a plugin with require() and constructs the named
 * class with the `properties` of cdk8s.yaml:
 *
 *   validations:
 *     - package: karpenter-gitops          # the installed package (its main module exports the class)
 *       version: 0.2.0                     # exact, as cdk8s requires
 *       class: KarpenterGitopsValidation
 *       properties:
 *         karpenterVersion: 1.14.1   # default: the fleet's default Karpenter version
 *         cfnLint: true              # default: false (the built-in CloudFormation check)
 *
 * In this repository cdk8s.yaml names `./validation/cdk8s-plugin.js`, which loads this file
 * from build/. cfn-lint does not run unless asked for: its Python start-up alone takes seconds.
 */
import { FILE_TARGETS } from '../policies/targets/targets';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { KarpenterVersion } from '../model';
import { distCluster, SourceFile, validateFiles } from './validate-tree';

/** The part of cdk8s-cli's ValidationContext the plugin uses. */
export interface Cdk8sValidationContext {
  readonly manifests: readonly string[];
  readonly report: {
    addViolation(violation: {
      readonly ruleName: string;
      readonly recommendation: string;
      readonly fix: string;
      readonly violatingResources: { resourceName: string; locations: string[]; manifestPath: string }[];
    }): void;
    submit(status: 'success' | 'failure', metadata?: Record<string, string>): void;
  };
}

/** `properties` of the plugin's entry in cdk8s.yaml. */
export interface KarpenterGitopsValidationProperties {
  /**
   * Karpenter version whose CRDs validate objects no Application names a version for.
   * @default the fleet's default Karpenter version
   */
  readonly karpenterVersion?: string;
  /**
   * Run cfn-lint over CloudFormation templates (it must be on the PATH).
   * @default false (the built-in CloudFormation check)
   */
  readonly cfnLint?: boolean;
}

export class KarpenterGitopsValidation {
  private readonly karpenterVersion?: string;
  private readonly cfnLint: boolean;

  constructor(properties?: KarpenterGitopsValidationProperties) {
    this.karpenterVersion = properties?.karpenterVersion || undefined;
    this.cfnLint = properties?.cfnLint === true;
  }

  async validate(context: Cdk8sValidationContext): Promise<void> {
    // The app writes the dist/ layout (<cluster>/<karpenter|argocd|base|values>/<file>); keep
    // the last three segments so the checks across a cluster's artifacts apply, and add each
    // cluster's AWS-side file (CloudFormation template or Terraform module: JSON, which cdk8s does not list).
    const files: SourceFile[] = [];
    const templates = new Set<string>();
    const add = (path: string, rel: string) =>
      files.push({ display: relative(process.cwd(), path) || path, rel, text: readFileSync(path, 'utf8') });
    for (const path of context.manifests) {
      const last3 = path.split(sep).slice(-3).join('/');
      const where = distCluster(last3);
      add(path, where ? last3 : basename(path));
      if (where) {
        // The cluster's AWS side, in whichever target's folder it is (policies/targets/targets.ts).
        for (const target of FILE_TARGETS) {
          const template = join(dirname(dirname(path)), target.dir, target.file);
          if (!templates.has(template) && existsSync(template)) {
            templates.add(template);
            add(template, `${where.cluster}/${target.dir}/${target.file}`);
          }
        }
      }
    }
    const { findings, documents } = validateFiles(files, {
      cfnLint: this.cfnLint,
      ...(this.karpenterVersion
        ? { karpenterVersion: String(this.karpenterVersion) as KarpenterVersion }
        : {}),
    });
    const byRule = new Map<
      string,
      Parameters<Cdk8sValidationContext['report']['addViolation']>[0] & {
        violatingResources: { resourceName: string; locations: string[]; manifestPath: string }[];
      }
    >();
    for (const f of findings) {
      const key = `${f.severity}|${f.check}|${f.message}`;
      let v = byRule.get(key);
      if (!v) {
        v = {
          ruleName: `${f.severity === 'warning' ? 'warning ' : ''}${f.check}: ${f.message}`,
          recommendation: f.message,
          fix: f.fix || (f.rule ? `Satisfy the CRD rule: ${f.rule}` : 'See the message'),
          violatingResources: [],
        };
        byRule.set(key, v);
      }
      v.violatingResources.push({
        resourceName: f.object
          ? f.object.slice(f.object.indexOf('/') + 1)
          : `document ${(f.document ?? 0) + 1}`,
        locations: [`${f.line > 0 ? `line ${f.line}: ` : ''}${f.path || '(document)'}`],
        manifestPath: f.file,
      });
    }
    for (const v of byRule.values()) context.report.addViolation(v);
    const errors = findings.filter((f) => f.severity === 'error').length;
    context.report.submit(errors > 0 ? 'failure' : 'success', {
      documents: String(documents),
      errors: String(errors),
      warnings: String(findings.length - errors),
    });
  }
}
