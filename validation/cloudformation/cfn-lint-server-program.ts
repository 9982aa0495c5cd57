/**
 * The cfn-lint server's program: Python, run with `-c` by the interpreter of the cfn-lint
 * console script (validation/cloudformation/cfn-lint-server.ts starts it). Kept here as text so that the
 * repository build and the packed package carry it without a build step for non-TypeScript files.
 *
 * It imports cfnlint once (its start-up is most of what a one-template CLI run costs), then
 * listens on a Unix domain socket and answers one request at a time: the arguments cfn-lint
 * would get, the folder it would run in and the environment it would see. For each it runs
 * cfn-lint's own console entry point (the function the `cfn-lint` script imports and calls:
 * `from cfnlint.runner import main`; a script without exactly one such line gets no server) in
 * that folder and environment, and returns what the process would have printed and its exit
 * code. What cfn-lint keeps in its process between runs:
 * - the provider schemas it loaded (read from the installation, unchanged while the identity is);
 * - the `cfnlint` logger's handler and level (reset after each run to a fresh process's);
 * - the environment (cfn-lint's SAM transform sets `AWS_DEFAULT_REGION`) and the working folder
 *   (both restored after each run).
 * It only lints: a request's arguments must be `--format json --` and template paths (no option
 * that updates specifications or writes files). Rules are created anew by each run; runs whose configuration names other files (`override_spec`,
 * `registry_schemas`, ... which patch the loaded schemas) are never sent here (the client sends only
 * templates whose result may be cached).
 *
 * It writes its process id next to the socket (`<socket>.pid`) and removes both when it exits
 * (also on SIGTERM or SIGINT, which end a run in progress without a reply: the client then runs
 * the CLI). It
 * also exits within seconds when its socket is gone or replaced (the cache folder was deleted).
 *
 * Arguments: the socket path, the installation identity it was started for (validation/cloudformation/cfn-lint-identity.ts),
 * the idle time in seconds after which it exits, and the console script. Before answering, it checks the installation again
 * in-process (the same facts as the identity probe); when they changed it answers `stale` and exits.
 */

/** The request and reply protocol's version: a client and a server of different versions never talk. */
export const SERVER_PROTOCOL = 'karpenter-gitops cfn-lint server 1';

/** The Python program. */
export const SERVER_PROGRAM = String.raw`
import contextlib, fcntl, importlib, io, json, logging, os, re, signal, socket, stat, sys, time, traceback
import importlib.metadata as m, importlib.util as u

PROTOCOL = ${JSON.stringify(SERVER_PROTOCOL)}
SOCKET, IDENTITY, IDLE, SCRIPT = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
REQUEST_SECONDS = 60
LINT_ARGS = ['--format', 'json', '--']
LOOK_SECONDS = 5


class Ending(BaseException):
    pass


def on_term(signum, frame):
    raise Ending()


def identity():
    d = m.distribution('cfn-lint')
    s = u.find_spec('cfnlint')
    p = os.path.join(os.path.dirname(s.origin), 'data', 'schemas', 'providers')
    t = max((e.stat().st_mtime_ns for e in os.scandir(p)), default=0) if os.path.isdir(p) else 0
    return ' '.join(['cfn-lint', d.version, s.origin, str(t)])


def owned(path, kind):
    st = os.lstat(path)
    return st.st_uid == os.getuid() and kind(st.st_mode)


def run(request):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    env, cwd, argv = dict(os.environ), os.getcwd(), sys.argv
    try:
        os.environ.clear()
        os.environ.update(request['env'])
        os.chdir(request['cwd'])
        sys.argv = ['cfn-lint'] + request['args']
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main() or 0
            except (Ending, KeyboardInterrupt):
                raise
            except SystemExit as e:
                if e.code is None:
                    code = 0
                elif isinstance(e.code, int):
                    code = e.code
                else:
                    print(e.code, file=sys.stderr)
                    code = 1
            except BaseException:
                traceback.print_exc()
                code = 1
    finally:
        sys.argv = argv
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        log = logging.getLogger('cfnlint')
        for h in list(log.handlers):
            log.removeHandler(h)
        log.setLevel(logging.NOTSET)
    return {'status': 'ok', 'stdout': out.getvalue(), 'stderr': err.getvalue(), 'code': code}


def answer(conn):
    data = b''
    while not data.endswith(b'\n'):
        chunk = conn.recv(1 << 16)
        if not chunk:
            return True
        data += chunk
    request = json.loads(data)
    args = request.get('args')
    if request.get('protocol') != PROTOCOL or request.get('identity') != IDENTITY:
        reply, going_on = {'status': 'stale'}, True
    elif not isinstance(args, list) or args[:3] != LINT_ARGS or not all(isinstance(a, str) for a in args):
        reply, going_on = {'status': 'refused'}, True
    elif identity() != IDENTITY:
        reply, going_on = {'status': 'stale'}, False
    else:
        reply, going_on = run(request), True
    conn.sendall(json.dumps(reply).encode('utf-8') + b'\n')
    return going_on


def listen():
    folder = os.path.dirname(SOCKET)
    if not owned(folder, stat.S_ISDIR) or os.lstat(folder).st_mode & 0o077:
        sys.exit(3)
    os.umask(0o077)
    with open(SOCKET + '.lock', 'a') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.lexists(SOCKET):
            if not owned(SOCKET, stat.S_ISSOCK):
                sys.exit(3)
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(SOCKET)
                sys.exit(0)
            except OSError:
                os.unlink(SOCKET)
            finally:
                probe.close()
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(SOCKET)
        server.listen(16)
        with open(SOCKET + '.pid', 'w') as pid:
            pid.write(str(os.getpid()) + '\n')
    return server, os.stat(SOCKET).st_ino


def ours(inode):
    try:
        return os.stat(SOCKET).st_ino == inode
    except OSError:
        return False


def serve():
    server, inode = listen()
    going_on = True
    idle_until = time.monotonic() + IDLE
    try:
        while going_on:
            server.settimeout(max(0.01, min(LOOK_SECONDS, idle_until - time.monotonic())))
            try:
                conn, _ = server.accept()
            except socket.timeout:
                if time.monotonic() >= idle_until or not ours(inode):
                    break
                continue
            with conn:
                conn.settimeout(REQUEST_SECONDS)
                try:
                    going_on = answer(conn)
                except (OSError, ValueError, KeyError, TypeError):
                    pass
            idle_until = time.monotonic() + IDLE
    finally:
        with contextlib.suppress(OSError):
            if os.stat(SOCKET).st_ino == inode:
                os.unlink(SOCKET)
                os.unlink(SOCKET + '.pid')
        server.close()


def entry_point():
    with open(SCRIPT, encoding='utf-8') as script:
        found = re.findall(r'^from ([A-Za-z_][\w.]*) import ([A-Za-z_]\w*)$', script.read(), re.M)
    if len(found) != 1:
        sys.exit(4)
    return getattr(importlib.import_module(found[0][0]), found[0][1])


main = entry_point()

if identity() == IDENTITY:
    signal.signal(signal.SIGTERM, on_term)
    with contextlib.suppress(Ending, KeyboardInterrupt):
        serve()
`;
