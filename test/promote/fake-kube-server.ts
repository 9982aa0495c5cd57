/**
 * A local stand-in for one cluster's Kubernetes API, on 127.0.0.1 over HTTP, serving the
 * custom resources the promotion gate lists (Applications, NodePools, EC2NodeClasses,
 * NodeClaims) as the API server does: `GET /apis/<group>/<version>[/namespaces/<ns>]/<plural>`
 * with an equality `labelSelector`, answering a List, or a Status on errors. A bearer token is
 * required; a resource can be made to answer 403, or never to answer. Tests only.
 */
import { createServer, IncomingMessage, ServerResponse } from 'http';
import * as fs from 'fs';
import { AddressInfo } from 'net';
import * as path from 'path';
import { KubeObject } from '../../promote/kube-reader';
import { GATE_RESOURCES, KubeResource } from '../../promote/kube-resources';

export interface FakeKubeState {
  /** `<plural>.<group>` → objects; namespaced objects carry metadata.namespace. */
  objects: Map<string, KubeObject[]>;
  /** `<plural>.<group>` → how to fail instead of answering. */
  failures: Map<string, 'forbidden' | 'hang'>;
  /** The only token accepted; anything else is 401. */
  token: string;
}

export interface FakeKube {
  readonly server: string;
  readonly state: FakeKubeState;
  /** Paths (with query) of every request, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export const key = (resource: KubeResource) => `${resource.plural}.${resource.group}`;

function status(res: ServerResponse, code: number, reason: string, message: string): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, message, code }));
}

function matches(labels: Readonly<Record<string, string>> | undefined, selector: string | null): boolean {
  if (selector === null || selector === '') return true;
  return selector.split(',').every((term) => {
    const [k, v] = term.split('=');
    return labels?.[k] === v;
  });
}

export async function startFakeKube(token = 'fake-token'): Promise<FakeKube> {
  const state: FakeKubeState = { objects: new Map(), failures: new Map(), token };
  const requests: string[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    if (req.headers.authorization !== `Bearer ${state.token}`) {
      status(res, 401, 'Unauthorized', 'Unauthorized');
      return;
    }
    const m = /^\/apis\/([^/]+)\/([^/]+)(?:\/namespaces\/([^/]+))?\/([^/]+)$/.exec(url.pathname);
    const resource =
      m && GATE_RESOURCES.find((r) => r.group === m[1] && r.version === m[2] && r.plural === m[4]);
    if (req.method !== 'GET' || !m || !resource) {
      status(res, 404, 'NotFound', 'the server could not find the requested resource');
      return;
    }
    const failure = state.failures.get(key(resource));
    if (failure === 'hang') {
      hanging.push(res);
      return;
    }
    if (failure === 'forbidden') {
      status(
        res,
        403,
        'Forbidden',
        `${resource.plural}.${resource.group} is forbidden: User "ci" cannot list resource "${resource.plural}" in API group "${resource.group}"`,
      );
      return;
    }
    const namespace = m[3];
    const items = (state.objects.get(key(resource)) ?? []).filter(
      (o) =>
        (namespace === undefined || o.metadata?.namespace === namespace) &&
        matches(o.metadata?.labels, url.searchParams.get('labelSelector')),
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        apiVersion: `${resource.group}/${resource.version}`,
        kind: `${resource.kind}List`,
        metadata: { resourceVersion: '1' },
        items: items.map((o) => ({
          apiVersion: `${resource.group}/${resource.version}`,
          kind: resource.kind,
          ...o,
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    state,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a kubeconfig with one context per entry (context, cluster and user share the name). */
export function writeKubeconfig(
  dir: string,
  contexts: readonly { readonly name: string; readonly server: string; readonly token: string }[],
  current?: string,
): string {
  const file = path.join(dir, 'kubeconfig');
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': current ?? contexts[0]?.name ?? '',
    // client-node speaks plain HTTP only with skip-TLS-verify set (loopback test servers only).
    clusters: contexts.map((c) => ({
      name: c.name,
      cluster: { server: c.server, 'insecure-skip-tls-verify': true },
    })),
    users: contexts.map((c) => ({ name: c.name, user: { token: c.token } })),
    contexts: contexts.map((c) => ({ name: c.name, context: { cluster: c.name, user: c.name } })),
  };
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}
