/**
 * The editor schemas as an editor reads them: yaml-language-server itself (the npm package,
 * pinned in package.json), spoken to over the Language Server Protocol on stdio, on a fleet file
 * whose first line is the `$schema` line this repository's own fleet files carry. Hover names the
 * field (its title), completion offers the fields, a misspelt field and a value of neither form of
 * a list-or-map field (`capacityTypes: spot`) are answered in words a user can act on.
 */
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_CLUSTERS_DIR, DEMO_FLEET_ROOT } from '../support/demo-fleet';

const ROOT = resolve(__dirname, '..', '..');
const SERVER = join(ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');

interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: unknown;
}

/** A minimal LSP client: Content-Length framing, requests by id, server requests answered. */
class LspClient {
  private readonly proc: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private next = 1;
  private readonly pending = new Map<number, (m: Message) => void>();
  private readonly listeners: ((m: Message) => void)[] = [];
  constructor(private readonly settings: unknown) {
    this.proc = spawn(process.execPath, [SERVER, '--stdio'], { cwd: DEMO_FLEET_ROOT });
    this.proc.stdout.on('data', (chunk: Buffer) => this.read(chunk));
  }
  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, end).toString())?.[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString()) as Message;
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.dispatch(message);
    }
  }
  private dispatch(m: Message): void {
    if (m.id !== undefined && m.method === undefined) {
      this.pending.get(m.id)?.(m);
      this.pending.delete(m.id);
    } else if (m.id !== undefined && m.method !== undefined) {
      // A request from the server: its configuration, capability registrations, progress.
      const result =
        m.method === 'workspace/configuration'
          ? ((m.params as { items: unknown[] }).items ?? []).map(
              () => (this.settings as { yaml: unknown }).yaml,
            )
          : null;
      this.send({ jsonrpc: '2.0', id: m.id, result });
    } else this.listeners.forEach((l) => l(m));
  }
  private send(body: object): void {
    const text = JSON.stringify(body);
    this.proc.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  }
  request(method: string, params: unknown): Promise<unknown> {
    const id = this.next++;
    return new Promise((ok, fail) => {
      this.pending.set(id, (m) =>
        m.error !== undefined ? fail(new Error(JSON.stringify(m.error))) : ok(m.result),
      );
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }
  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }
  /** The next notification `method` whose params satisfy `accept`. */
  waitFor(method: string, accept: (params: never) => boolean): Promise<unknown> {
    return new Promise((ok) => {
      const listener = (m: Message) => {
        if (m.method === method && accept(m.params as never)) {
          this.listeners.splice(this.listeners.indexOf(listener), 1);
          ok(m.params);
        }
      };
      this.listeners.push(listener);
    });
  }
  async stop(): Promise<void> {
    await this.request('shutdown', null).catch(() => undefined);
    this.notify('exit', null);
    this.proc.kill();
  }
}

/** The file an editor has open: beside the demo fleet's, with the line those start with. */
const DOC_URI = pathToFileURL(join(DEMO_CLUSTERS_DIR, 'editor-check.yaml')).href;
const DOC = [
  '# yaml-language-server: $schema=../../../../schema/cluster.schema.json',
  'aws:',
  '  regoin: eu-west-1',
  '  region: eu-west-1',
  'nodePools:',
  '  general:',
  '    capacityTypes: spot',
  '    architectures: [amd64]',
  '',
].join('\n');

interface Diagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
  readonly message: string;
}

describe('the editor schema in yaml-language-server (LSP)', () => {
  const settings = { yaml: { validate: true, hover: true, completion: true, format: { enable: false } } };
  let client: LspClient;
  let diagnostics: Diagnostic[];

  beforeAll(async () => {
    client = new LspClient(settings);
    await client.request('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(DEMO_FLEET_ROOT).href,
      capabilities: {
        textDocument: {
          hover: { contentFormat: ['markdown', 'plaintext'] },
          completion: { completionItem: { snippetSupport: false } },
          publishDiagnostics: {},
        },
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
      },
    });
    client.notify('initialized', {});
    client.notify('workspace/didChangeConfiguration', { settings });
    const published = client.waitFor(
      'textDocument/publishDiagnostics',
      (p: { uri: string; diagnostics: unknown[] }) => p.uri === DOC_URI && p.diagnostics.length > 0,
    );
    client.notify('textDocument/didOpen', {
      textDocument: { uri: DOC_URI, languageId: 'yaml', version: 1, text: DOC },
    });
    diagnostics = ((await published) as { diagnostics: Diagnostic[] }).diagnostics;
  }, 60_000);

  afterAll(async () => client?.stop());

  const hover = async (line: number, character: number): Promise<string> => {
    const r = (await client.request('textDocument/hover', {
      textDocument: { uri: DOC_URI },
      position: { line, character },
    })) as { contents: { value: string } } | null;
    return r?.contents.value ?? '';
  };

  it("hover shows the field's own title, then its description", async () => {
    expect(await hover(3, 3)).toMatch(/^#### region\n+AWS region code of the cluster/);
    expect(await hover(6, 6)).toMatch(/^#### capacityTypes\n+Requirement on `karpenter\.sh\/capacity-type`/);
    expect(await hover(1, 1)).toMatch(/^#### aws\n/);
  });

  it('completion offers the fields of the map the cursor is in', async () => {
    const r = (await client.request('textDocument/completion', {
      textDocument: { uri: DOC_URI },
      position: { line: 3, character: 2 },
    })) as { items: { label: string }[] };
    expect(r.items.map((i) => i.label)).toEqual(
      expect.arrayContaining(['accountId', 'partition', 'managedBy']),
    );
  });

  it('a misspelt field is named; capacityTypes: spot names the list and the map form', () => {
    const at = (line: number) => diagnostics.filter((d) => d.range.start.line === line).map((d) => d.message);
    expect(at(2)).toEqual(['Property regoin is not allowed.']);
    expect(at(6)).toEqual(['Incorrect type. Expected a list of capacity types, or { in / notIn }.']);
    expect(diagnostics).toHaveLength(2);
  });
});
