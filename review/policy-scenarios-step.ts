/**
 * The `policies` step of `npm run check`: runs the policy scenario table over the checked
 * project's fleet. The IAM simulator is AGPL-licensed and stays a test-only devDependency, so the
 * table is evaluated by its jest file (test/review/fleet-scenarios.test.ts) in a child process,
 * pointed at the project by an environment variable; jest's JSON result is turned into findings.
 * Asynchronous, so `npm run check` runs it while it synthesizes and validates.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Diagnostic } from '../model/diagnostics';

/** The scenario test, relative to the project root. */
export const SCENARIO_TEST_FILE = 'test/review/fleet-scenarios.test.ts';
/** Read by the scenario test: the project whose clusters/ it loads. */
export const CHECK_ROOT_ENV = 'KARPENTER_GITOPS_CHECK_ROOT';

interface JestAssertion {
  readonly fullName: string;
  readonly status: string;
  readonly failureMessages: readonly string[];
}
interface JestJson {
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly testResults: readonly {
    readonly message: string;
    readonly assertionResults: readonly JestAssertion[];
  }[];
}

/**
 * @param toolRoot where karpenter-gitops is installed (jest, the test file)
 * @param projectRoot the project whose fleet is checked
 */
export async function runPolicyScenarios(
  toolRoot: string,
  projectRoot: string,
): Promise<{ findings: Diagnostic[]; summary: string }> {
  const jestBin = path.join(toolRoot, 'node_modules', 'jest', 'bin', 'jest.js');
  if (!fs.existsSync(jestBin)) {
    return {
      findings: [
        finding(
          'jest is not installed, so the scenario table cannot run',
          'Run `npm ci` (devDependencies included)',
        ),
      ],
      summary: 'not run',
    };
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-gitops-scenarios-'));
  const out = path.join(tmp, 'result.json');
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          jestBin,
          '--ci',
          '--silent',
          '--json',
          `--outputFile=${out}`,
          '--runTestsByPath',
          SCENARIO_TEST_FILE,
        ],
        {
          cwd: toolRoot,
          env: { ...process.env, [CHECK_ROOT_ENV]: projectRoot },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const chunks: Buffer[] = [];
      child.stdout.on('data', (c: Buffer) => chunks.push(c));
      child.stderr.on('data', (c: Buffer) => chunks.push(c));
      child.on('error', reject);
      child.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    if (!fs.existsSync(out)) {
      const why = output.trim().split('\n').slice(0, 5).join(' ');
      return {
        findings: [
          finding(
            `the scenario table did not run: ${why}`,
            `Run \`npx jest ${SCENARIO_TEST_FILE}\` to see why`,
          ),
        ],
        summary: 'not run',
      };
    }
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as JestJson;
    const findings: Diagnostic[] = [];
    for (const file of result.testResults) {
      const failed = file.assertionResults.filter((a) => a.status === 'failed');
      for (const a of failed)
        findings.push(
          finding(
            `scenario failed: ${a.fullName}: ${firstLine(a.failureMessages[0] ?? '')}`,
            'Fix the policy generator or the scenario table',
          ),
        );
      if (file.assertionResults.length === 0 && file.message)
        findings.push(
          finding(
            `the scenario table did not run: ${firstLine(file.message)}`,
            'Fix the fleet description or the test',
          ),
        );
    }
    return {
      findings,
      summary: `${result.numPassedTests} scenarios passed, ${result.numFailedTests} failed`,
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function finding(message: string, fix: string): Diagnostic {
  return { severity: 'error', file: SCENARIO_TEST_FILE, line: 0, col: 0, path: '', message, fix };
}

/** Terminal colour codes (ESC [ ... m) jest puts in failure messages. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The essence of a jest failure: the differing lines of its diff, else its first line; no colour codes. */
function firstLine(text: string): string {
  const lines = text
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .map((l) => l.trim());
  const diff = lines.filter((l) => /^[-+] /.test(l) && !/^[-+] (Expected|Received)\b/.test(l)).slice(0, 4);
  const line = diff.length > 0 ? diff.join(' ') : (lines.find((l) => l.length > 0) ?? '');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
