/**
 * cdk8s validation plugin of this repository (cdk8s.yaml names `./validation/cdk8s-plugin.js`):
 * the class is validation/cdk8s-validation-plugin.ts, loaded compiled from build/, which the app
 * (`node bin/run.js main`, see cdk8s.yaml) has just brought up to date. An installed package
 * is named by package name instead (`package: karpenter-gitops`): its main module exports the
 * same class (see docs/library.md).
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
const { join } = require('node:path');

function loadPlugin() {
  try {
    return require(join(__dirname, '..', 'build', 'validation', 'cdk8s-validation-plugin.js'));
  } catch (err) {
    throw new Error(
      `karpenter-gitops validation plugin: the compiled validator is missing (${err.message}). Run node bin/run.js --build (or npm run build) first.`,
    );
  }
}

class KarpenterGitopsValidation {
  constructor(properties) {
    this.properties = properties;
  }

  async validate(context) {
    const Plugin = loadPlugin().KarpenterGitopsValidation;
    return new Plugin(this.properties).validate(context);
  }
}

module.exports = { KarpenterGitopsValidation };
