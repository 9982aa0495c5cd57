/**
 * A false positive allowed by the opt-out passes synth, and the impact report shows it: the
 * flagged value in the new dist/ (kind and place, never the value) and the comment's reason.
 * Where nodes drift, the report says when the budgets let drift start.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { karpenterGenerator } from '../../../charts/karpenter/karpenter-generator';
import { EXIT_OK, loadFleetFromDir } from '../../../io/cli-common';
import { runImpact } from '../../../review/impact/impact';
import { synthCli } from '../../../synth/synth';
import { DEFAULTS, MINIMAL } from '../../support/fleet-files';
import { makeTempProject, removeTempProject, writeTree } from '../../synth/dist-fixture';

const TOKEN = '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';

let project: string;
beforeEach(() => {
  project = makeTempProject('kg-optout-');
});
afterEach(() => removeTempProject(project));

function synth(fleet: string, out: string): void {
  writeTree(join(project, 'clusters'), { '_defaults.yaml': DEFAULTS, 'demo.yaml': fleet });
  const err: string[] = [];
  const code = synthCli(
    ['--out', out],
    { out: () => undefined, err: (l) => err.push(l), cwd: project },
    {
      loadFleet: loadFleetFromDir,
      validate: null,
      generators: [{ name: 'karpenter', generate: karpenterGenerator }],
    },
    project,
  );
  expect({ code, err }).toEqual({ code: EXIT_OK, err: [] });
}

const FLEET = (userData: string, budgets: string) => `${MINIMAL}nodeClasses:
  default:
    alias: al2023@v20260714
    tags:
      fixture: ${TOKEN} # karpenter-gitops: allow-secret revoked token, scanner fixture
    userData: |
      #!/bin/bash
      ${userData}
nodePools:
  a:
    nodeClass: default
    disruption:
      budgets:
${budgets}`;

test('the opt-out shows in the impact report, without the value; drift start follows the schedules', () => {
  mkdirSync(join(project, 'old'));
  synth(FLEET('echo hello', '        - nodes: "10%"\n'), 'old');
  synth(
    FLEET(
      `echo ${TOKEN} > /dev/null # karpenter-gitops: allow-secret revoked token used by the boot smoke test`,
      '        - nodes: "0"\n          schedule: "0 9 * * mon-fri"\n          duration: 8h\n        - nodes: "10%"\n',
    ),
    'dist',
  );
  const markdown = runImpact({ positional: ['old', 'dist'], dist: 'dist', format: 'markdown' }, project);
  expect(markdown).toContain('### Secret-scan opt-outs');
  // The tag's YAML comment does not reach dist/, so the value is listed there; the userData
  // comment is part of the script and travels with it.
  expect(markdown).toContain(
    '- `demo/karpenter/ec2nodeclass-default.yaml:26` spec.tags.fixture: a GitHub token (the value is not shown)',
  );
  expect(markdown).toContain('- `clusters/demo.yaml:11` allow-secret: revoked token, scanner fixture');
  expect(markdown).toContain(
    '- `clusters/demo.yaml:14` allow-secret: revoked token used by the boot smoke test',
  );
  expect(markdown).toContain(
    "the disruption budgets let drift start only outside '0 9 * * mon-fri' + 8h (UTC, budget 0)",
  );
  expect(markdown).not.toContain(TOKEN);
  const json = JSON.parse(
    runImpact({ positional: ['old', 'dist'], dist: 'dist', format: 'json' }, project),
  ) as {
    secretOptOuts: { comments: { reason: string }[] };
  };
  expect(json.secretOptOuts.comments.map((c) => c.reason)).toEqual([
    'revoked token, scanner fixture',
    'revoked token used by the boot smoke test',
  ]);
});
