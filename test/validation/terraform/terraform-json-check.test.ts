import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AWS_PROVIDER_VERSION } from '../../../imports/terraform/aws-provider-schema';
import { checkTerraformJson } from '../../../validation/terraform/terraform-json-check';
import { createPrng, DEFAULT_FUZZ_SEED } from '../../reliability/prng';

const FIXTURE = resolve(__dirname, '..', '..', 'fixtures', 'terraform', 'karpenter-module.tf.json');
const MODULE_TEXT = readFileSync(FIXTURE, 'utf8');
const FILE = 'dist/shop/terraform/karpenter.tf.json';

/** The fixture as parsed: resource type → name → body. */
interface ModuleDoc {
  readonly resource: Record<string, Record<string, Record<string, unknown>>>;
}

/** A module text with one change made to its parsed value, written with two-space indents. */
function edited(change: (doc: ModuleDoc) => void): string {
  const doc = JSON.parse(MODULE_TEXT) as ModuleDoc;
  change(doc);
  return JSON.stringify(doc, null, 2);
}

/** The 1-based line on which `needle` first appears in `text`. */
function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

describe('checkTerraformJson', () => {
  it('passes a realistic Karpenter module (roles, policy, attachments, profile, access entry, Pod Identity, queue, rules, targets, outputs)', () => {
    expect(checkTerraformJson({ display: FILE, text: MODULE_TEXT })).toEqual([]);
    // The same with the value already parsed, as synth passes it.
    expect(checkTerraformJson({ display: FILE, text: MODULE_TEXT, value: JSON.parse(MODULE_TEXT) })).toEqual(
      [],
    );
  });

  it('fails an attribute the pinned schema lacks at its JSON path, with the closest name', () => {
    const text = edited((doc) => {
      const role = doc.resource.aws_iam_role.controller;
      role.assume_role_polcy = role.assume_role_policy;
      delete role.assume_role_policy;
    });
    const findings = checkTerraformJson({ display: FILE, text });
    expect(findings).toEqual([
      {
        severity: 'error',
        file: FILE,
        line: lineOf(text, '"controller": {'),
        col: 7,
        path: 'resource.aws_iam_role.controller.assume_role_policy',
        message: 'aws_iam_role.controller is missing the required argument assume_role_policy',
        fix: 'Set assume_role_policy to a string',
        check: 'terraform/required',
      },
      {
        severity: 'error',
        file: FILE,
        line: lineOf(text, '"assume_role_polcy"'),
        col: 9,
        path: 'resource.aws_iam_role.controller.assume_role_polcy',
        message: "aws_iam_role.controller has no argument or block named 'assume_role_polcy'",
        fix: "Did you mean 'assume_role_policy'?",
        check: 'terraform/unknown-argument',
      },
    ]);
  });

  it('reports a missing required argument at the resource', () => {
    const text = edited(
      (doc) => delete doc.resource.aws_eks_pod_identity_association.controller.service_account,
    );
    const [finding, ...rest] = checkTerraformJson({ display: FILE, text });
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      severity: 'error',
      path: 'resource.aws_eks_pod_identity_association.controller.service_account',
      line: lineOf(text, '"aws_eks_pod_identity_association"') + 1,
      message: 'aws_eks_pod_identity_association.controller is missing the required argument service_account',
      check: 'terraform/required',
    });
  });

  it('reports a wrong type at the value, and names the attribute', () => {
    const text = edited((doc) => {
      doc.resource.aws_sqs_queue.interruption.message_retention_seconds = 'five minutes';
      doc.resource.aws_eks_access_entry.node.kubernetes_groups = 'system:nodes';
    });
    const findings = checkTerraformJson({ display: FILE, text });
    expect(findings.map((f) => [f.path, f.line, f.message])).toEqual([
      [
        'resource.aws_eks_access_entry.node.kubernetes_groups',
        lineOf(text, '"kubernetes_groups"'),
        'kubernetes_groups expects a set of strings, found a string',
      ],
      [
        'resource.aws_sqs_queue.interruption.message_retention_seconds',
        lineOf(text, '"message_retention_seconds"'),
        'message_retention_seconds expects a number, found a string',
      ],
    ]);
  });

  it('reports text that is not JSON with its line and column', () => {
    const text = '{\n  "resource": {\n    "aws_sqs_queue": { "q": { "name": "x", } }\n  }\n}\n';
    expect(checkTerraformJson({ display: FILE, text })).toEqual([
      {
        severity: 'error',
        file: FILE,
        line: 3,
        col: 44,
        path: '',
        message: "not valid JSON: a trailing ',' before '}' is not allowed in JSON",
        fix: 'A .tf.json file must be one JSON object; fix the syntax at this position',
        check: 'terraform/json',
      },
    ]);
  });

  it('warns, without failing, about a resource type outside the pinned schema subset', () => {
    const text = edited(
      (doc) => (doc.resource.aws_s3_bucket = { logs: { bucket: 'shop-logs', whatever: 1 } }),
    );
    expect(checkTerraformJson({ display: FILE, text })).toEqual([
      {
        severity: 'warning',
        file: FILE,
        line: lineOf(text, '"aws_s3_bucket"'),
        col: 5,
        path: 'resource.aws_s3_bucket',
        message: `resource type aws_s3_bucket is not in the pinned hashicorp/aws ${AWS_PROVIDER_VERSION} schema subset, so its arguments were not checked`,
        check: 'terraform/unchecked-type',
      },
    ]);
  });

  it('reports an attribute the provider computes, set by the user', () => {
    const text = edited(
      (doc) => (doc.resource.aws_sqs_queue.interruption.arn = 'arn:aws:sqs:eu-west-1:111122223333:q'),
    );
    expect(checkTerraformJson({ display: FILE, text })).toMatchObject([
      {
        path: 'resource.aws_sqs_queue.interruption.arn',
        line: lineOf(text, '"arn": "arn:aws:sqs'),
        message: 'arn is set by the provider (read-only) and cannot be written in aws_sqs_queue.interruption',
        check: 'terraform/computed',
      },
    ]);
  });

  it('places a finding inside an array of blocks at the item', () => {
    const text = edited((doc) => {
      doc.resource.aws_cloudwatch_event_target.spot_interruption.retry_policy = [
        { maximum_retry_attempts: 3 },
        { maximum_retry_attemps: 2 },
      ];
    });
    const findings = checkTerraformJson({ display: FILE, text });
    expect(findings.map((f) => [f.path, f.line, f.check])).toEqual([
      [
        'resource.aws_cloudwatch_event_target.spot_interruption.retry_policy',
        lineOf(text, '"retry_policy"'),
        'terraform/items',
      ],
      [
        'resource.aws_cloudwatch_event_target.spot_interruption.retry_policy[1].maximum_retry_attemps',
        lineOf(text, '"maximum_retry_attemps"'),
        'terraform/unknown-argument',
      ],
    ]);
  });

  it('checks data sources of pinned types down to nested blocks', () => {
    const doc = {
      data: {
        aws_iam_policy_document: {
          trust: {
            statement: [
              {
                actions: ['sts:AssumeRoleWithWebIdentity'],
                principals: { type: 'Federated', identifiers: ['${var.oidc_provider_arn}'] },
                condition: [
                  {
                    test: 'StringEquals',
                    variable: '${var.oidc_issuer}:sub',
                    values: ['system:serviceaccount:kube-system:karpenter'],
                  },
                  { test: 'StringEquals', values: 'sts.amazonaws.com' },
                ],
              },
            ],
          },
        },
      },
    };
    const text = JSON.stringify(doc, null, 2);
    expect(checkTerraformJson({ display: FILE, text }).map((f) => [f.path, f.line, f.message])).toEqual([
      [
        'data.aws_iam_policy_document.trust.statement[0].condition[1].variable',
        lineOf(text, '"values": "sts.amazonaws.com"') - 2,
        'condition[1] is missing the required argument variable',
      ],
      [
        'data.aws_iam_policy_document.trust.statement[0].condition[1].values',
        lineOf(text, '"values": "sts.amazonaws.com"'),
        'values expects a list of strings, found a string',
      ],
    ]);
  });

  it('never throws on mangled modules, and places every finding on a line of the file', () => {
    const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);
    const prng = createPrng(seed);
    const replacements: unknown[] = [
      null,
      0,
      -1.5,
      true,
      'text',
      '${var.x}',
      [],
      [1, 'a'],
      {},
      { a: { b: [] } },
    ];
    /** Every [container, key] pair of a parsed value, depth first. */
    const slots = (
      value: unknown,
      out: Array<[Record<string, unknown> | unknown[], string | number]> = [],
    ): Array<[Record<string, unknown> | unknown[], string | number]> => {
      if (Array.isArray(value)) {
        value.forEach((v, i) => {
          out.push([value, i]);
          slots(v, out);
        });
      } else if (value !== null && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          out.push([value as Record<string, unknown>, k]);
          slots(v, out);
        }
      }
      return out;
    };
    let placed = 0;
    for (let n = 0; n < 300; n++) {
      const doc = JSON.parse(MODULE_TEXT) as unknown;
      for (let k = 1 + prng.int(3); k > 0; k--) {
        const [container, key] = prng.pick(slots(doc));
        if (prng.int(3) === 0 && !Array.isArray(container)) delete container[key as string];
        else (container as Record<string | number, unknown>)[key] = prng.pick(replacements);
      }
      const text = JSON.stringify(doc, null, prng.int(3));
      const lines = text.split('\n').length;
      for (const f of checkTerraformJson({ display: FILE, text })) {
        if (!(f.line >= 1 && f.line <= lines && f.col >= 1 && f.message && f.check.startsWith('terraform/')))
          throw new Error(`seed ${seed} case ${n}: misplaced finding ${JSON.stringify(f)}`);
        placed++;
      }
    }
    // The mangling really breaks modules: most cases have findings to place.
    expect(placed).toBeGreaterThan(300);
  });
});
