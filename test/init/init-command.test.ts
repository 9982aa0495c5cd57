/**
 * `karpenter-gitops init` in a temporary folder: what it writes, what it refuses, --force,
 * bad flags with synth's own messages, and the path from init to a passing check.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parse } from 'yaml';
import { runCli } from '../../cli/main';
import { CliIo, readToolPackage } from '../../io/cli-common';
import { starterFleetSources } from '../../init/starter-fleet';
import { linePrompts } from '../../io/line-prompts';

const FLAGS = [
  '--cluster',
  'shop',
  '--account=111122223333',
  '--region',
  'eu-west-1',
  '--destination',
  'shop-eu',
  '--repo-url',
  'https://github.com/example/platform-gitops.git',
];

function capture(cwd: string): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd, env: {} }, out, err };
}

/** Every file below `dir` (relative path → text), without .git. */
function tree(dir: string, rel = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const p = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.name === '.git') continue;
    if (e.isDirectory()) Object.assign(out, tree(dir, p));
    else out[p] = readFileSync(join(dir, p), 'utf8');
  }
  return out;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kg-init-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('init writes', () => {
  it('the fleet, package.json, cdk8s.yaml, the PR workflow, .gitignore and a README section', async () => {
    const c = capture(dir);
    expect(await runCli(['init', ...FLAGS], c.io)).toBe(0);
    expect(Object.keys(tree(dir)).sort()).toEqual([
      '.github/workflows/karpenter-gitops.yml',
      '.gitignore',
      'README.md',
      'cdk8s.yaml',
      'clusters/_defaults.yaml',
      'clusters/shop.yaml',
      'package.json',
    ]);
    expect(c.out[0]).toMatch(/^init: wrote clusters\/_defaults\.yaml, clusters\/shop\.yaml, package\.json, /);
    const { name, version } = readToolPackage();
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    // The cdk8s CLI that cdk8s.yaml needs, at the version the tool is tested with.
    const toolPkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies).toEqual({
      [name]: version,
      'cdk8s-cli': toolPkg.devDependencies['cdk8s-cli'],
    });
    expect(pkg.scripts).toMatchObject({
      synth: 'karpenter-gitops synth',
      check: 'karpenter-gitops check',
      impact: 'karpenter-gitops impact',
    });
    const cdk8s = parse(readFileSync(join(dir, 'cdk8s.yaml'), 'utf8')) as Record<string, unknown>;
    expect(cdk8s.app).toBe(`npx ${name} synth --quiet --out build/cdk8s.out`);
    expect(cdk8s.validations).toEqual([
      { package: `./node_modules/${name}`, version, class: 'KarpenterGitopsValidation' },
    ]);
    const shop = readFileSync(join(dir, 'clusters', 'shop.yaml'), 'utf8');
    expect(shop).toContain('accountId: "111122223333"');
    // Each fleet file names the installed editor schema on its first line.
    expect(shop.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../node_modules/karpenter-gitops/schema/cluster.schema.json',
    );
    const defaults = readFileSync(join(dir, 'clusters', '_defaults.yaml'), 'utf8');
    expect(defaults.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../node_modules/karpenter-gitops/schema/defaults.schema.json',
    );
    // Not a git repository: Argo CD tracks main, and init says where that came from.
    expect(parse(defaults)).toMatchObject({ gitops: { targetRevision: 'main' } });
    const client = `@kubernetes/client-node@${toolPkg.peerDependencies['@kubernetes/client-node']}`;
    expect(c.out.slice(1)).toEqual([
      "Argo CD tracks branch 'main' (no git repository: the default; --branch chooses another).",
      'Next: npm install, then npx karpenter-gitops synth (or npx cdk8s synth), then commit clusters/, dist/ and the rest.',
      'Editors with yaml-language-server complete and check clusters/*.yaml from the schema each file names on its first line.',
      `Rollout rings: npx karpenter-gitops promote needs ${client} (npm i -D --save-exact ${client}) and a kubeconfig context for Argo CD's cluster and each workload cluster.`,
    ]);
    expect(c.err).toEqual([]);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toContain('node_modules/\nbuild/\n');
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('<!-- karpenter-gitops:start -->');
    expect(readme).toContain(`npm i -D --save-exact ${client}`);
    expect(readme.replace(/\s+/g, ' ')).toContain(
      'a kubeconfig context for the Argo CD cluster and for each workload cluster',
    );
  });

  it('the branch Argo CD tracks, read from git, into the fleet, the workflow and the README', async () => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q', '-b', 'trunk');
    const c = capture(dir);
    expect(await runCli(['init', ...FLAGS], c.io)).toBe(0);
    expect(c.out[1]).toBe("Argo CD tracks branch 'trunk' (the current branch; --branch chooses another).");
    const defaults = parse(readFileSync(join(dir, 'clusters', '_defaults.yaml'), 'utf8')) as {
      gitops: { targetRevision: string };
    };
    expect(defaults.gitops.targetRevision).toBe('trunk');
    const wf = parse(readFileSync(join(dir, '.github', 'workflows', 'karpenter-gitops.yml'), 'utf8')) as {
      on: { push: { branches: string[] } };
    };
    expect(wf.on.push.branches).toEqual(['trunk']);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('impact --base origin/trunk');
  });

  it('--branch naming a branch that does not exist yet: a warning, and the files name it', async () => {
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, stdio: 'pipe' });
    const c = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--branch', 'gitops/prod'], c.io)).toBe(0);
    expect(c.err).toEqual([
      "init: warning: branch 'gitops/prod' does not exist here or on origin yet; Argo CD reads it once it is pushed.",
    ]);
    expect(c.out[1]).toBe("Argo CD tracks branch 'gitops/prod' (--branch).");
    expect(readFileSync(join(dir, 'clusters', '_defaults.yaml'), 'utf8')).toContain(
      'targetRevision: "gitops/prod"',
    );
  });

  it('--branch that git refuses as a name: a usage error, nothing written', async () => {
    const c = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--branch', 'my branch'], c.io)).toBe(2);
    expect(c.err).toEqual([
      "init: --branch 'my branch' is not a valid git branch name (no spaces, '..', '~', '^', ':', '?', '*', '[' or '\\').",
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a PR workflow pinned by SHA, with the paths of the repository, that passes @action-validator/cli', async () => {
    expect(await runCli(['init', ...FLAGS], capture(dir).io)).toBe(0);
    const file = join(dir, '.github', 'workflows', 'karpenter-gitops.yml');
    const text = readFileSync(file, 'utf8');
    for (const line of text.split('\n').filter((l) => /^\s*-?\s*uses:/.test(l)))
      expect(line).toMatch(/uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    const wf = parse(text) as {
      on: { pull_request: { paths: string[] }; push: { branches: string[]; paths: string[] } };
      jobs: Record<string, { if?: string; steps: { run?: string; uses?: string; with?: unknown }[] }>;
    };
    const paths = [
      'clusters/**',
      'dist/**',
      'cdk8s.yaml',
      'package.json',
      'package-lock.json',
      '.github/workflows/karpenter-gitops.yml',
    ];
    expect(wf.on.pull_request.paths).toEqual(paths);
    // check also runs on main, so cfn-lint's cache of main's templates is there for every PR.
    expect(wf.on.push).toEqual({ branches: ['main'], paths });
    expect(wf.jobs.impact.if).toBe("github.event_name == 'pull_request'");
    expect(wf.jobs.check.steps.find((st) => st.uses?.startsWith('actions/cache@'))?.with).toEqual({
      path: '~/.cache/karpenter-gitops',
      key: 'karpenter-gitops-${{ runner.os }}-${{ github.run_id }}',
      'restore-keys': 'karpenter-gitops-${{ runner.os }}-',
    });
    const runs = Object.values(wf.jobs).flatMap((j) => j.steps.map((s) => s.run ?? ''));
    expect(runs).toContain(
      'npx karpenter-gitops check --format github --require-cfn-lint --base "$BASE_SHA"',
    );
    expect(runs.join('\n')).toContain(
      'npx karpenter-gitops impact --base "$BASE_SHA" --output impact-report.md',
    );
    const cli = require.resolve('@action-validator/cli/cli.mjs');
    const r = spawnSync(process.execPath, [cli, file], { encoding: 'utf8' });
    // Like this repository's own workflows: the validator cannot check globs and says so.
    expect(r.stderr.replace(/^WARNING: Glob validation.*\n/gm, '')).toBe('');
    expect(r.status).toBe(0);
  });

  it('merges package.json, .gitignore and README.md, keeping what was there', async () => {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'ops',
        version: '2.0.0',
        scripts: { test: 'jest', synth: 'make synth' },
        license: 'MIT',
      }),
    );
    writeFileSync(join(dir, '.gitignore'), '.env\nnode_modules\n');
    writeFileSync(join(dir, 'README.md'), '# Ops\n\nOur platform.\n');
    const c = capture(dir);
    expect(await runCli(['init', ...FLAGS], c.io)).toBe(0);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: 'ops', version: '2.0.0', license: 'MIT' });
    expect(pkg.scripts).toMatchObject({ test: 'jest', synth: 'make synth', check: 'karpenter-gitops check' });
    expect(c.err).toEqual([
      "init: package.json already has a 'synth' script; it was kept (--force replaces it).",
    ]);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(
      '.env\nnode_modules\n\n# karpenter-gitops (dist/ is committed: Argo CD syncs it)\nbuild/\nimpact-report.md\n',
    );
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme.startsWith('# Ops\n\nOur platform.\n\n<!-- karpenter-gitops:start -->')).toBe(true);
    // Running it again (with --force for the files it created) adds nothing twice.
    expect(await runCli(['init', ...FLAGS, '--force'], capture(dir).io)).toBe(0);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe(readme);
    expect(
      (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: object }).scripts,
    ).toMatchObject({
      synth: 'karpenter-gitops synth',
    });
  });
});

describe('init refuses', () => {
  it('to overwrite an existing file without --force, names it, and writes nothing', async () => {
    mkdirSync(join(dir, 'clusters'));
    writeFileSync(join(dir, 'clusters', 'shop.yaml'), 'mine: true\n');
    const c = capture(dir);
    expect(await runCli(['init', ...FLAGS], c.io)).toBe(1);
    expect(c.err).toEqual([
      'init: clusters/shop.yaml already exists in ./.',
      'init: nothing was written. Run init with --force to overwrite, or move those files away first.',
    ]);
    expect(tree(dir)).toEqual({ 'clusters/shop.yaml': 'mine: true\n' });
    const forced = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--force'], forced.io)).toBe(0);
    expect(readFileSync(join(dir, 'clusters', 'shop.yaml'), 'utf8')).toContain('accountId: "111122223333"');
  });

  it.each([
    ['--account', '12345'],
    ['--region', 'eu-west-9'],
  ])('a bad %s with exactly the messages synth gives, writing nothing', async (flag, value) => {
    const argv = [...FLAGS];
    const at = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
    argv.splice(at, argv[at].includes('=') ? 1 : 2, `${flag}=${value}`);
    const c = capture(dir);
    expect(await runCli(['init', ...argv], c.io)).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    expect(c.err[c.err.length - 1]).toBe(
      'init: nothing was written. Fix the flags above and run init again.',
    );
    // The same fleet, written by hand and synthesized: the same diagnostics.
    const props = {
      cluster: 'shop',
      accountId: flag === '--account' ? value : '111122223333',
      region: flag === '--region' ? value : 'eu-west-1',
      destination: 'shop-eu',
      repoURL: 'https://github.com/example/platform-gitops.git',
    };
    const other = mkdtempSync(join(tmpdir(), 'kg-init-synth-'));
    try {
      mkdirSync(join(other, 'clusters'));
      for (const s of starterFleetSources(props)) writeFileSync(join(other, s.path), s.text);
      const synth = capture(other);
      expect(await runCli(['synth'], synth.io)).toBe(1);
      expect(c.err.slice(0, -1)).toEqual(synth.err.slice(0, -1));
      expect(c.err[0]).toMatch(
        flag === '--account'
          ? /^clusters\/shop\.yaml:\d+:\d+ .*accountId/
          : /^clusters\/shop\.yaml:\d+:\d+ .*region/,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('a cluster name that is not a DNS label, and missing flags (exit 2)', async () => {
    const bad = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--cluster', 'Shop_1'], bad.io)).toBe(2);
    expect(bad.err.join('\n')).toContain('--cluster given twice');
    const name = capture(dir);
    expect(await runCli(['init', ...FLAGS.slice(2), '--cluster=Shop_1'], name.io)).toBe(2);
    expect(name.err[0]).toMatch(/^init: --cluster: cluster name 'Shop_1' is not a DNS-1123 label/);
    const missing = capture(dir);
    expect(await runCli(['init', '--cluster', 'shop'], missing.io)).toBe(2);
    // --destination comes from the cluster name; this folder has no git origin for --repo-url.
    expect(missing.err[0]).toBe(
      'karpenter-gitops init: --account ID, --region REGION, --repo-url URL are required without a terminal.',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("without a terminal, --repo-url comes from git's origin and --destination from the cluster name, and says so", async () => {
    execFileSync('git', ['init', '-q', dir]);
    execFileSync('git', ['-C', dir, 'remote', 'add', 'origin', 'https://github.com/example/shop-gitops.git']);
    const c = capture(dir);
    expect(
      await runCli(['init', '--cluster', 'shop', '--account', '111122223333', '--region', 'eu-west-1'], c.io),
    ).toBe(0);
    expect(c.err.slice(0, 2)).toEqual([
      "init: --repo-url not given: using origin's URL https://github.com/example/shop-gitops.git (git remote get-url origin).",
      "init: --destination not given: using the cluster name 'shop' as the Argo CD destination.",
    ]);
    const defaults = parse(readFileSync(join(dir, 'clusters/_defaults.yaml'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const cluster = parse(readFileSync(join(dir, 'clusters/shop.yaml'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(defaults.gitops.repoURL).toBe('https://github.com/example/shop-gitops.git');
    expect(cluster.gitops.destination.name).toBe('shop');
  });

  it('--aws-managed-by: terraform, ack and external starting fleets that synth accepts, and a misspelt target (exit 2)', async () => {
    const tf = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--aws-managed-by', 'terraform'], tf.io)).toBe(0);
    const cluster = parse(readFileSync(join(dir, 'clusters/shop.yaml'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(cluster.aws.managedBy).toBe('terraform');
    rmSync(dir, { recursive: true, force: true });
    const ext = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--aws-managed-by=external'], ext.io)).toBe(0);
    const external = parse(readFileSync(join(dir, 'clusters/shop.yaml'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(external.aws.managedBy).toBe('external');
    expect(external.iam).toEqual({
      controllerRoleName: 'KarpenterController-shop',
      nodeRoleName: 'Karpenter-shop',
    });
    expect(external.karpenter.interruptionQueue.name).toBe('Karpenter-shop');
    rmSync(dir, { recursive: true, force: true });
    const ack = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--aws-managed-by', 'ack'], ack.io)).toBe(0);
    const onAck = parse(readFileSync(join(dir, 'clusters/shop.yaml'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(onAck.aws.managedBy).toBe('ack');
    rmSync(dir, { recursive: true, force: true });
    const bad = capture(dir);
    expect(await runCli(['init', ...FLAGS, '--aws-managed-by', 'terrafrom'], bad.io)).toBe(2);
    expect(bad.err).toEqual([
      "init: --aws-managed-by: 'terrafrom' is not one of cloudformation, terraform, ack, external. Did you mean 'terraform'?",
    ]);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it('with a terminal, asks for what the flags leave out', async () => {
    const c = capture(dir);
    const questions: string[] = [];
    const answers = ['eu-west-1', 'shop-eu', 'https://github.com/example/platform-gitops.git'];
    const io: CliIo = { ...c.io, prompt: async (q) => (questions.push(q), answers.shift() ?? '') };
    expect(await runCli(['init', '--cluster=shop', '--account', '111122223333'], io)).toBe(0);
    expect(questions).toEqual([
      "the cluster's AWS region, e.g. eu-west-1 (--region): ",
      'the cluster as registered in Argo CD (its Application destination name) (--destination): ',
      'the Git repository Argo CD syncs dist/ from (this one) (--repo-url): ',
    ]);
    expect(readFileSync(join(dir, 'clusters', 'shop.yaml'), 'utf8')).toContain('region: "eu-west-1"');
    const empty = capture(dir);
    expect(await runCli(['init', '--force'], { ...empty.io, prompt: async () => '' })).toBe(2);
    expect(empty.err[0]).toBe('karpenter-gitops init: --cluster is required.');
  });
});

describe('init on a terminal: one input for every question', () => {
  const ANSWERS = [
    'shop',
    '111122223333',
    'eu-west-1',
    'shop-eu',
    'https://github.com/example/platform-gitops.git',
  ];

  /** Every answer, where init writes it. */
  function expectEveryAnswerWritten(): void {
    const cluster = readFileSync(join(dir, 'clusters', 'shop.yaml'), 'utf8');
    expect(cluster).toContain('accountId: "111122223333"');
    expect(cluster).toContain('region: "eu-west-1"');
    expect(cluster).toContain('name: "shop-eu"');
    expect(readFileSync(join(dir, 'clusters', '_defaults.yaml'), 'utf8')).toContain(
      'repoURL: "https://github.com/example/platform-gitops.git"',
    );
  }

  it('uses every answer when all five arrive in one chunk, and closes the input once', async () => {
    const c = capture(dir);
    const input = new PassThrough();
    const output = new PassThrough();
    const prompts = linePrompts(input, output);
    input.write(`${ANSWERS.join('\n')}\n`);
    let closed = 0;
    const io: CliIo = {
      ...c.io,
      prompt: prompts.ask,
      closePrompts: () => {
        closed += 1;
        prompts.close();
      },
    };
    expect(await runCli(['init'], io)).toBe(0);
    expect(c.err).toEqual([]);
    expectEveryAnswerWritten();
    expect(closed).toBe(1);
    expect(input.listenerCount('data')).toBe(0);
  });

  /** `script` from util-linux runs a command under a pseudo-terminal; other `script`s lack -c. */
  const SCRIPT_VERSION = spawnSync('script', ['--version'], { encoding: 'utf8' });
  const HAS_SCRIPT = SCRIPT_VERSION.status === 0 && SCRIPT_VERSION.stdout.includes('util-linux');
  const underPty = HAS_SCRIPT ? it : it.skip;
  const skipped = HAS_SCRIPT
    ? ''
    : ' (skipped: util-linux `script` is not installed, so no pseudo-terminal can be made)';
  const RUN_JS = join(__dirname, '..', '..', 'bin', 'run.js');
  const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

  /**
   * `karpenter-gitops init` (the repository's entry point, `node bin/run.js cli/main`) under a
   * pseudo-terminal in `dir`: after each piece of output, `send` gets everything shown so far and
   * returns what to type next, if anything. Resolves to the exit code and everything shown; a
   * run that waits for more than a minute fails with what it showed.
   */
  function initOnTerminal(
    send: (shown: string) => string | undefined,
  ): Promise<{ code: number | null; shown: string }> {
    return new Promise((done, fail) => {
      const command = [process.execPath, RUN_JS, 'cli/main', 'init'].map(quote).join(' ');
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        cwd: dir,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let shown = '';
      const timer = setTimeout(() => {
        child.kill();
        fail(new Error(`init did not finish under the terminal; it showed:\n${shown}`));
      }, 60_000);
      const onOutput = (d: Buffer): void => {
        shown += d.toString();
        const typed = send(shown);
        if (typed !== undefined) child.stdin.write(typed);
      };
      child.stdout.on('data', onOutput);
      child.stderr.on('data', onOutput);
      child.on('error', fail);
      child.on('close', (code) => {
        clearTimeout(timer);
        child.stdin.end();
        done({ code, shown });
      });
    });
  }

  underPty(
    `the real CLI under a pseudo-terminal keeps every answer pasted at once${skipped}`,
    async () => {
      let pasted = false;
      const r = await initOnTerminal((shown) => {
        if (pasted || !shown.includes('(--cluster): ')) return undefined;
        pasted = true;
        // A paste: every answer in one write, each ended as the Enter key ends it.
        return ANSWERS.map((a) => `${a}\r`).join('');
      });
      expect({ code: r.code, internal: r.shown.includes('internal error') }).toEqual({
        code: 0,
        internal: false,
      });
      expect(r.shown).toContain('init: wrote clusters/_defaults.yaml, clusters/shop.yaml, package.json');
      expectEveryAnswerWritten();
    },
    90_000,
  );

  underPty(
    `the real CLI under a pseudo-terminal: Ctrl+D at a question is a missing value (exit 2)${skipped}`,
    async () => {
      const typed: string[] = [];
      const r = await initOnTerminal((shown) => {
        if (typed.length === 0 && shown.includes('(--cluster): ')) return (typed.push('shop'), 'shop\r');
        if (typed.length === 1 && shown.includes('(--account): ')) return (typed.push('Ctrl+D'), '\x04');
        return undefined;
      });
      expect(r.code).toBe(2);
      expect(r.shown).toContain('karpenter-gitops init: --account is required.');
      expect(r.shown).not.toContain('internal error');
      expect(readdirSync(dir)).toEqual([]);
    },
    90_000,
  );
});

describe('from init to a passing check', () => {
  it('init, synth writes dist/shop/, commit, check passes, impact --base HEAD reports no change', async () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: dir,
        encoding: 'utf8',
      });
    git('init', '-q', '-b', 'main');
    expect(await runCli(['init', ...FLAGS], capture(dir).io)).toBe(0);
    const synth = capture(dir);
    expect(await runCli(['synth'], synth.io)).toBe(0);
    expect(synth.out).toEqual([expect.stringMatching(/^synth: 1 cluster, 1 node pool, \d+ files → dist\/$/)]);
    expect(existsSync(join(dir, 'dist', 'shop', 'karpenter', 'nodepool-general.yaml'))).toBe(true);
    git('add', '-A');
    git('commit', '-q', '-m', 'karpenter-gitops init');
    const check = capture(dir);
    const code = await runCli(['check', '--quiet'], check.io);
    expect(check.out[check.out.length - 1]).toMatch(/^check: passed \(load ok: 1 cluster, 1 node pool; /);
    expect(code).toBe(0);
    const impact = capture(dir);
    expect(await runCli(['impact', '--base', 'HEAD', '--format', 'json'], impact.io)).toBe(0);
    expect(JSON.parse(impact.out.join('\n'))).toMatchObject({ before: 'HEAD:dist', after: 'dist' });
  }, 240_000);
});
