import * as fs from 'fs';
import * as path from 'path';
import { CHECK_ROOT_ENV, runPolicyScenarios, SCENARIO_TEST_FILE } from '../../review/policy-scenarios-step';
import { writeTree } from './dist-fixtures';

/**
 * A tool root whose node_modules/jest/bin/jest.js stands in for jest's CLI: it records its
 * arguments and environment, and writes the given JSON result to --outputFile.
 */
function fakeToolRoot(result: unknown | undefined, stderr = ''): string {
  const script = `
const fs = require('fs');
const out = process.argv.find((a) => a.startsWith('--outputFile='));
fs.writeFileSync(__dirname + '/args.json', JSON.stringify({ argv: process.argv.slice(2), root: process.env.${CHECK_ROOT_ENV} }));
${result === undefined ? '' : `fs.writeFileSync(out.slice('--outputFile='.length), ${JSON.stringify(JSON.stringify(result))});`}
process.stderr.write(${JSON.stringify(stderr)});
process.exit(${result === undefined ? 1 : 0});
`;
  return writeTree(new Map([['node_modules/jest/bin/jest.js', script]]), 'review-tool-');
}

describe('runPolicyScenarios', () => {
  it('runs the scenario test file for the checked project and counts passes', async () => {
    const tool = fakeToolRoot({
      numPassedTests: 70,
      numFailedTests: 0,
      testResults: [
        { message: '', assertionResults: [{ fullName: 'x', status: 'passed', failureMessages: [] }] },
      ],
    });
    const r = await runPolicyScenarios(tool, '/some/project');
    expect(r).toEqual({ findings: [], summary: '70 scenarios passed, 0 failed' });
    const args = JSON.parse(fs.readFileSync(path.join(tool, 'node_modules/jest/bin/args.json'), 'utf8'));
    expect(args.root).toBe('/some/project');
    expect(args.argv).toEqual(
      expect.arrayContaining(['--ci', '--json', '--runTestsByPath', SCENARIO_TEST_FILE]),
    );
  });

  it('turns each failed scenario into a finding with the differing lines of its diff', async () => {
    const failure =
      'Error: expect(received).toEqual(expected)\n\n- Expected  - 1\n+ Received  + 1\n\n  Object {\n\u001b[32m-   "decision": "denied",\u001b[39m\n\u001b[31m+   "decision": "allowed",\u001b[39m\n  }';
    const tool = fakeToolRoot({
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          message: '',
          assertionResults: [
            {
              fullName: 'cluster ticketing run-instances-other-region',
              status: 'failed',
              failureMessages: [failure],
            },
          ],
        },
      ],
    });
    const r = await runPolicyScenarios(tool, '/p');
    expect(r.summary).toBe('1 scenarios passed, 1 failed');
    expect(r.findings).toEqual([
      {
        severity: 'error',
        file: SCENARIO_TEST_FILE,
        line: 0,
        col: 0,
        path: '',
        message:
          'scenario failed: cluster ticketing run-instances-other-region: -   "decision": "denied", +   "decision": "allowed",',
        fix: 'Fix the policy generator or the scenario table',
      },
    ]);
  });

  it('reports a run that produced no result, with jest output', async () => {
    const r = await runPolicyScenarios(fakeToolRoot(undefined, 'Cannot find module ts-jest'), '/p');
    expect(r.summary).toBe('not run');
    expect(r.findings[0].message).toBe('the scenario table did not run: Cannot find module ts-jest');
  });

  it('reports a missing jest install', async () => {
    const r = await runPolicyScenarios(writeTree(new Map()), '/p');
    expect(r.findings[0].message).toBe('jest is not installed, so the scenario table cannot run');
    expect(r.findings[0].fix).toBe('Run `npm ci` (devDependencies included)');
  });
});
