/**
 * A long-lived cfn-lint process, reused across runs: after the first run, linting a template
 * costs the lint, not Python's start-up and `import cfnlint` (about 0.9 s of the 1.2 s of CPU a
 * one-template CLI run takes).
 *
 * The server (validation/cloudformation/cfn-lint-server-program.ts) is started by the first run that wants it, with the
 * Python of the cfn-lint console script (its `#!` line), detached (its own process group, no
 * stdio, not waited for). It listens on a Unix domain socket in the user's cache folder
 * (`$XDG_CACHE_HOME/karpenter-gitops/cfn-lint-server/`, `~/.cache/…` by default; mode 0700, never a
 * folder or socket another user owns), one socket per installation: the name is the hash of the
 * installation identity (validation/cloudformation/cfn-lint-identity.ts, the cache key's part), the interpreter and
 * the `PYTHON*` variables it starts with. It runs cfn-lint's own CLI entry point for the exact
 * arguments, folder and environment the CLI would get, so its output is the CLI's; it exits after
 * `SERVER_IDLE_SECONDS` without a request, or when its installation changed (it answers `stale`).
 *
 * Any failure here (cannot start, refused, timeout, a reply that is not one, stale) is `undefined`:
 * the caller runs the CLI instead, so the server never changes a verdict or fails a run.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, Stats } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import type { CfnLintInstallation } from './cfn-lint-identity';
import { SERVER_PROGRAM, SERVER_PROTOCOL } from './cfn-lint-server-program';

/** The variable that turns the server off (`off`) or on (`on`, also under CI). */
export const CFN_LINT_SERVER_ENV = 'KARPENTER_GITOPS_CFN_LINT_SERVER';

/** The states of `KARPENTER_GITOPS_CFN_LINT_SERVER` that decide (anything else: the default). */
export const CFN_LINT_SERVER_SWITCH = { on: 'on', off: 'off' } as const;

/** A server exits after this long without a request. */
export const SERVER_IDLE_SECONDS = 15 * 60;

/** How long a new server may take to listen (it imports cfnlint first: seconds on a busy machine). */
const START_TIMEOUT_MS = 30_000;

/** How long a reply may take (a queued request waits for the one before it). */
const REPLY_TIMEOUT_MS = 180_000;

/** How often a starting server is tried. */
const START_POLL_MS = 40;

/** The longest socket path the system accepts (sun_path holds 108 bytes on Linux, 104 elsewhere, with a NUL). */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

/** Where and how the server runs. */
export interface CfnLintServerSettings {
  /** The folder of the sockets (created with mode 0700). */
  readonly dir: string;
  /** Seconds without a request after which a server exits. @default SERVER_IDLE_SECONDS */
  readonly idleSeconds?: number;
  /** Longest wait for a new server to listen, in ms. @default 30 s */
  readonly startTimeoutMs?: number;
  /** Longest wait for a reply, in ms. @default 180 s */
  readonly replyTimeoutMs?: number;
}

/** The server of one installation: where it runs, its interpreter, the identity it serves. */
export interface CfnLintServer {
  readonly settings: CfnLintServerSettings;
  /** The interpreter (and flags) of the console script's `#!` line. */
  readonly python: readonly string[];
  /** The console script (its `from … import …` line names the entry point the server calls). */
  readonly script: string;
  /** The installation's identity, as the probe told it. */
  readonly identity: string;
}

/**
 * The server to ask for a batch of templates, if any: the server is on, the installation's
 * interpreter is known, the batch holds at most `most` templates and every one's result may be
 * cached (has a key: no configuration or template names files, which would patch the schemas a
 * server keeps loaded).
 */
export function serverForBatch(
  settings: CfnLintServerSettings | undefined,
  installation: CfnLintInstallation | undefined,
  batch: readonly { readonly key?: string }[],
  most: number,
): { readonly server?: CfnLintServer } {
  if (!settings || installation?.python === undefined) return {};
  if (batch.length > most || batch.some((m) => m.key === undefined)) return {};
  const { python, program: script, identity } = installation;
  return { server: { settings, python, script, identity } };
}

/** What the CLI would have given: its output and exit code. */
export interface CfnLintRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
}

/**
 * The server's settings in this environment, or undefined when it is off: `KARPENTER_GITOPS_CFN_LINT_SERVER=off`;
 * under CI (`CI` set, not `false`) unless the variable is `on` (a job runs once: a server would
 * outlive it for nothing); where there are no Unix users (Windows).
 */
export function cfnLintServerSettings(
  env: NodeJS.ProcessEnv,
  home: string,
): CfnLintServerSettings | undefined {
  const value = env[CFN_LINT_SERVER_ENV];
  if (value === CFN_LINT_SERVER_SWITCH.off) return undefined;
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  if (ci && value !== CFN_LINT_SERVER_SWITCH.on) return undefined;
  if (typeof process.getuid !== 'function') return undefined;
  const base =
    env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(home, '.cache');
  return { dir: join(base, 'karpenter-gitops', 'cfn-lint-server') };
}

/** The socket of the server for one interpreter, script and installation, in this environment. */
export function serverSocketPath(
  server: Omit<CfnLintServer, 'settings'> & { readonly settings: { readonly dir: string } },
  env: NodeJS.ProcessEnv,
): string {
  const { settings, python, script, identity } = server;
  const pythonEnv = Object.keys(env)
    .filter((k) => k.startsWith('PYTHON'))
    .sort()
    .map((k) => [k, env[k]]);
  const hash = createHash('sha256')
    .update(JSON.stringify([SERVER_PROTOCOL, python, script, identity, pythonEnv]))
    .digest('hex');
  // 64 bits tell one user's installations apart, and keep the path short (sun_path is small).
  return join(settings.dir, `${hash.slice(0, 16)}.sock`);
}

function isOwned(st: Stats): boolean {
  return st.uid === process.getuid?.();
}

/** Creates the socket folder (0700) when missing; false when it is not a folder of this user's. */
function ownFolder(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    if (!st.isDirectory() || !isOwned(st)) return false;
    if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return true;
  } catch {
    return false;
  }
}

/** False when something that is not this user's socket is at `path`. */
function socketIsSafe(path: string): boolean {
  try {
    const st = lstatSync(path);
    return st.isSocket() && isOwned(st);
  } catch {
    return true;
  }
}

type Reply =
  | { readonly kind: 'absent' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'ok'; readonly run: CfnLintRun };

function isRun(v: unknown): v is CfnLintRun & { status: 'ok' } {
  const r = v as Record<string, unknown> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    r.status === 'ok' &&
    typeof r.stdout === 'string' &&
    typeof r.stderr === 'string' &&
    typeof r.code === 'number' &&
    Number.isInteger(r.code)
  );
}

/** Sends one request; `absent` when nothing listens at `path`. */
function ask(path: string, request: string, timeoutMs: number): Promise<Reply> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let connected = false;
    let done = false;
    const finish = (reply: Reply): void => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(reply);
    };
    const socket = createConnection(path);
    socket.setTimeout(timeoutMs, () => finish({ kind: 'failed' }));
    socket.on('connect', () => {
      connected = true;
      socket.write(request);
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (!chunk.includes(10)) return;
      try {
        const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        finish(
          isRun(v)
            ? { kind: 'ok', run: { stdout: v.stdout, stderr: v.stderr, code: v.code } }
            : { kind: 'failed' },
        );
      } catch {
        finish({ kind: 'failed' });
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      finish(
        !connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')
          ? { kind: 'absent' }
          : { kind: 'failed' },
      ),
    );
    socket.on('close', () => finish({ kind: 'failed' }));
  });
}

/** Resolves once something listens at `path` (true), or when the server ended or took too long (false). */
function listening(path: string, server: ReturnType<typeof spawn>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  server.once('exit', () => (ended = true));
  server.once('error', () => (ended = true));
  const attempt = (): Promise<boolean> =>
    new Promise((resolve) => {
      const socket = createConnection(path);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  return (async () => {
    for (;;) {
      // A server that ended may have found another one listening: one more try.
      const wasEnded = ended;
      if (await attempt()) return true;
      if (wasEnded || Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, START_POLL_MS));
    }
  })();
}

/** Starts a server, detached; it outlives this process. */
function start(server: CfnLintServer, path: string): ReturnType<typeof spawn> {
  const { settings, python, script, identity } = server;
  const child = spawn(
    python[0],
    [
      ...python.slice(1),
      '-c',
      SERVER_PROGRAM,
      path,
      identity,
      String(settings.idleSeconds ?? SERVER_IDLE_SECONDS),
      script,
    ],
    // Its own folder: for `-c`, Python puts the working folder first on its module path.
    { cwd: settings.dir, detached: true, stdio: 'ignore', env: process.env },
  );
  child.on('error', () => undefined);
  child.unref();
  return child;
}

/**
 * Runs cfn-lint with `args` in `cwd` on the server of the installation, starting the server when
 * none listens; undefined when the server cannot give the answer (the caller runs the CLI).
 */
export async function lintOnServer(
  server: CfnLintServer,
  args: readonly string[],
  cwd: string,
): Promise<CfnLintRun | undefined> {
  const { settings, identity } = server;
  if (!ownFolder(settings.dir)) return undefined;
  const path = serverSocketPath(server, process.env);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH || !socketIsSafe(path)) return undefined;
  const request = `${JSON.stringify({ protocol: SERVER_PROTOCOL, identity, args, cwd, env: process.env })}\n`;
  const timeout = settings.replyTimeoutMs ?? REPLY_TIMEOUT_MS;
  let reply = await ask(path, request, timeout);
  if (reply.kind === 'absent') {
    const child = start(server, path);
    if (!(await listening(path, child, settings.startTimeoutMs ?? START_TIMEOUT_MS))) return undefined;
    if (!socketIsSafe(path)) return undefined;
    reply = await ask(path, request, timeout);
  }
  return reply.kind === 'ok' ? reply.run : undefined;
}
