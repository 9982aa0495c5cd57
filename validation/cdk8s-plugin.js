/**
 * cdk8s validation plugin: `cdk8s synth` validates the synthesized manifests against the
 * imported Karpenter and Argo CD CRD schemas and their CEL rules (the same validator as
 * `npm run validate`). Plain JavaScript because cdk8s loads plugins with require(); it uses
 * the compiled validator in build/, which the app (`node bin/run.js main`, see cdk8s.yaml) has
 * just brought up to date.
 *
 * cfn-lint does not run here unless asked for (`cfnLint: true`): its Python start-up alone
 * takes seconds, and the built-in CloudFormation check runs instead (`npm run validate` runs
 * cfn-lint when it is installed; see docs/validation.md).
 *
 * cdk8s.yaml:
 *   validations:
 *     - package: ./validation/cdk8s-plugin.js
 *       version: 0.1.0
 *       class: KarpenterGitopsValidation
 *       properties:
 *         karpenterVersion: 1.14.1   # default: the fleet's default Karpenter version
 *         cfnLint: true              # default: false (the built-in CloudFormation check)
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS plugin loaded by cdk8s with require() */
const { existsSync, readFileSync } = require('node:fs');
const { basename, dirname, join, relative, sep } = require('node:path');

function loadValidator() {
  try {
    return require(join(__dirname, '..', 'build', 'validation', 'validate-tree.js'));
  } catch (err) {
    throw new Error(
      `karpenter-gitops validation plugin: the compiled validator is missing (${err.message}). Run node bin/run.js --build (or npm run build) first.`,
    );
  }
}

class KarpenterGitopsValidation {
  constructor(properties) {
    this.karpenterVersion = (properties && properties.karpenterVersion) || undefined;
    this.cfnLint = Boolean(properties && properties.cfnLint === true);
  }

  async validate(context) {
    const { validateFiles, distCluster } = loadValidator();
    // The app writes the dist/ layout (<cluster>/<karpenter|argocd|base|values>/<file>); keep
    // the last three segments so the checks across a cluster's artifacts apply, and add each
    // cluster's CloudFormation template (JSON, which cdk8s does not list).
    const files = [];
    const templates = new Set();
    const add = (path, rel) =>
      files.push({ display: relative(process.cwd(), path) || path, rel, text: readFileSync(path, 'utf8') });
    for (const path of context.manifests) {
      const last3 = path.split(sep).slice(-3).join('/');
      const where = distCluster(last3);
      add(path, where ? last3 : basename(path));
      if (where) {
        const template = join(dirname(dirname(path)), 'cloudformation', 'karpenter.json');
        if (!templates.has(template) && existsSync(template)) {
          templates.add(template);
          add(template, `${where.cluster}/cloudformation/karpenter.json`);
        }
      }
    }
    const options = {
      cfnLint: this.cfnLint,
      ...(this.karpenterVersion ? { karpenterVersion: String(this.karpenterVersion) } : {}),
    };
    const { findings, documents } = validateFiles(files, options);
    const byRule = new Map();
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
          : `document ${(f.document || 0) + 1}`,
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

module.exports = { KarpenterGitopsValidation };
