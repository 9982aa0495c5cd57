/**
 * Read-only access to a Kubernetes cluster through a kubeconfig context, with
 * `@kubernetes/client-node` (kubeconfig parsing, every auth method: certificates, tokens, exec
 * plugins, OIDC). The client is loaded on first use, so commands other than `promote` never pay
 * for it. Every fault becomes a {@link KubeAccessError} naming the context and, for a refusal,
 * the permission that is missing; nothing here throws a raw HTTP or socket error.
 */
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type * as K8s from '@kubernetes/client-node';
import { TOOL_ROOT } from '../io/tool-root';
import { KubeResource } from './kube-resources';

/** The fields of a Kubernetes object the gate reads; everything else is ignored. */
export interface KubeObject {
  readonly metadata?: {
    readonly name?: string;
    readonly namespace?: string;
    readonly generation?: number;
    readonly labels?: Readonly<Record<string, string>>;
    readonly deletionTimestamp?: string;
  };
  readonly spec?: Readonly<Record<string, unknown>>;
  readonly status?: Readonly<Record<string, unknown>>;
  readonly operation?: unknown;
}

export interface ListOptions {
  /** Only for namespaced resources. @default all namespaces */
  readonly namespace?: string;
  /** @default no selector */
  readonly labelSelector?: string;
}

export interface KubeReader {
  /** The kubeconfig context this reader talks to. */
  readonly context: string;
  list(resource: KubeResource, options?: ListOptions): Promise<readonly KubeObject[]>;
}

export type KubeFault =
  'context' | 'unreachable' | 'timeout' | 'unauthorized' | 'forbidden' | 'not-found' | 'error';

/** A cluster that cannot be read; the message names the context and says what to do. */
export class KubeAccessError extends Error {
  constructor(
    readonly context: string,
    readonly fault: KubeFault,
    message: string,
  ) {
    super(message);
  }
}

export interface KubeConfigSource {
  /** Path of a kubeconfig file. @default KUBECONFIG, then ~/.kube/config (client-node's default) */
  readonly kubeconfig?: string;
}

type K8sModule = typeof K8s;
let client: K8sModule | undefined;

/**
 * Loads `@kubernetes/client-node`, an ES module, which Node 20.19+ loads with `require`. The
 * `require` comes from Node's own `module` (`process.getBuiltinModule`, Node 20.16+), so that a
 * test runner's module registry (jest's cannot load ES modules) does not stand in between.
 */
export function loadKubeClient(): K8sModule {
  try {
    client ??= process.getBuiltinModule('module').createRequire(__filename)(
      '@kubernetes/client-node',
    ) as K8sModule;
  } catch (e) {
    if ((e as { code?: string }).code !== 'MODULE_NOT_FOUND') throw e;
    throw new KubeAccessError('', 'context', kubeClientMissing());
  }
  return client;
}

/**
 * The client is an optional peer dependency (it brings type packages a GitOps repository does
 * not otherwise need): only the promote gate uses it, and says how to install the pinned version.
 */
export function kubeClientMissing(
  manifest: string = readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8'),
): string {
  const pins = (JSON.parse(manifest) as { peerDependencies?: Record<string, string> }).peerDependencies;
  const pinned = pins?.[KUBE_CLIENT] ?? 'latest';
  return (
    `the promote gate reads the clusters with ${KUBE_CLIENT}, which is not installed (an optional peer ` +
    `dependency of karpenter-gitops). Install it with \`npm install --save-dev --save-exact ${KUBE_CLIENT}@${pinned}\`, ` +
    'or skip the gate with --force'
  );
}

const KUBE_CLIENT = '@kubernetes/client-node';

/** The kubeconfig, loaded once per run; contexts are looked up in it. */
export class KubeContexts {
  private readonly config: K8s.KubeConfig;

  constructor(source: KubeConfigSource) {
    const k8s = loadKubeClient();
    this.config = new k8s.KubeConfig();
    const home = process.env.HOME ?? process.env.USERPROFILE;
    const found =
      source.kubeconfig !== undefined ||
      (process.env.KUBECONFIG ?? '') !== '' ||
      process.env.KUBERNETES_SERVICE_HOST !== undefined ||
      (home !== undefined && existsSync(join(home, '.kube', 'config')));
    // Without any kubeconfig, client-node falls back to http://localhost:8080: say so instead.
    if (!found) {
      throw new KubeAccessError(
        '',
        'context',
        'no kubeconfig: KUBECONFIG is not set and ~/.kube/config does not exist. Pass --kubeconfig FILE, or create the contexts (aws eks update-kubeconfig --name <cluster> --alias <context>)',
      );
    }
    try {
      if (source.kubeconfig !== undefined) this.config.loadFromFile(source.kubeconfig);
      else this.config.loadFromDefault();
    } catch (e) {
      throw new KubeAccessError(
        '',
        'context',
        `cannot read the kubeconfig ${source.kubeconfig ?? '(KUBECONFIG or ~/.kube/config)'}: ${messageOf(e)}`,
      );
    }
  }

  /** The kubeconfig's current context, or undefined if it names none. */
  get current(): string | undefined {
    const current = this.config.getCurrentContext();
    return current === '' ? undefined : current;
  }

  /** A reader for one context; throws KubeAccessError when the kubeconfig has no such context. */
  reader(context: string, timeoutMs: number): KubeReader {
    const k8s = loadKubeClient();
    if (this.config.getContextObject(context) === null) {
      const known = this.config.getContexts().map((c) => c.name);
      throw new KubeAccessError(
        context,
        'context',
        `kubeconfig context '${context}' does not exist (contexts: ${known.join(', ') || 'none'}). Name the right one with --context CLUSTER=CONTEXT or --management-context CONTEXT`,
      );
    }
    const config = new k8s.KubeConfig();
    config.loadFromOptions({
      clusters: this.config.getClusters(),
      users: this.config.getUsers(),
      contexts: this.config.getContexts(),
      currentContext: context,
    });
    const server = config.getCurrentCluster()?.server ?? '(no server)';
    const api = config.makeApiClient(k8s.CustomObjectsApi);
    return {
      context,
      async list(resource, options = {}) {
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), timeoutMs);
        const withSignal = {
          middleware: [
            {
              pre: (ctx: K8s.RequestContext) => {
                ctx.setSignal(abort.signal);
                return new k8s.Observable(Promise.resolve(ctx));
              },
              post: (rsp: K8s.ResponseContext) => new k8s.Observable(Promise.resolve(rsp)),
            },
          ],
          middlewareMergeStrategy: 'append' as const,
        };
        try {
          const { group, version, plural } = resource;
          const { labelSelector } = options;
          const answer: unknown =
            resource.namespaced && options.namespace !== undefined
              ? await api.listNamespacedCustomObject(
                  { group, version, plural, namespace: options.namespace, labelSelector },
                  withSignal,
                )
              : await api.listClusterCustomObject({ group, version, plural, labelSelector }, withSignal);
          const items = (answer as { items?: unknown } | undefined)?.items;
          if (!Array.isArray(items)) {
            throw new KubeAccessError(
              context,
              'error',
              `context ${context}: the list of ${plural}.${group} has no items`,
            );
          }
          return items as KubeObject[];
        } catch (e) {
          if (e instanceof KubeAccessError) throw e;
          throw accessError(k8s, e, context, server, resource, options, abort.signal.aborted, timeoutMs);
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }
}

/** Errors from the client may come from another realm (a test runner's sandbox): no instanceof Error. */
function field(e: unknown, key: 'message' | 'name'): string | undefined {
  const v = typeof e === 'object' && e !== null ? (e as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}

function messageOf(e: unknown): string {
  return (field(e, 'message') ?? String(e)).split('\n')[0];
}

/** The permission a list needs, as `kubectl auth can-i` spells it. */
function permission(resource: KubeResource, options: ListOptions): string {
  const where = resource.namespaced && options.namespace !== undefined ? ` -n ${options.namespace}` : '';
  return `list ${resource.plural}.${resource.group}${where}`;
}

function accessError(
  k8s: K8sModule,
  e: unknown,
  context: string,
  server: string,
  resource: KubeResource,
  options: ListOptions,
  timedOut: boolean,
  timeoutMs: number,
): KubeAccessError {
  const can = permission(resource, options);
  if (timedOut) {
    return new KubeAccessError(
      context,
      'timeout',
      `context ${context} (${server}) did not answer ${can} within ${timeoutMs / 1000}s`,
    );
  }
  if (e instanceof k8s.ApiException) {
    const code = (e as K8s.ApiException<unknown>).code;
    if (code === 401) {
      return new KubeAccessError(
        context,
        'unauthorized',
        `context ${context}: the API server refused the credentials (401 Unauthorized); they are missing or expired. Log in again (e.g. aws eks update-kubeconfig) and retry`,
      );
    }
    if (code === 403) {
      return new KubeAccessError(
        context,
        'forbidden',
        `context ${context}: forbidden to ${can} (403). Bind the read-only ClusterRole of \`promote --print-rbac\` to this identity`,
      );
    }
    if (code === 404) {
      return new KubeAccessError(
        context,
        'not-found',
        `context ${context}: the API has no ${resource.plural}.${resource.group}/${resource.version} (404): is the ${resource.kind} CRD installed on this cluster?`,
      );
    }
    return new KubeAccessError(context, 'error', `context ${context}: ${can} failed with HTTP ${code}`);
  }
  if (field(e, 'name') !== 'FetchError') {
    // Not a socket error: the kubeconfig's credentials could not be obtained (an exec plugin such
    // as `aws eks get-token` failed, an OIDC refresh was refused, a token file is missing).
    return new KubeAccessError(
      context,
      'unauthorized',
      `context ${context}: could not get credentials from the kubeconfig: ${messageOf(e)}. Log in again (e.g. aws sso login) and retry`,
    );
  }
  return new KubeAccessError(
    context,
    'unreachable',
    // node-fetch: "FetchError: request to <url> failed, reason: connect ECONNREFUSED ..."
    `context ${context}: cannot reach the API server ${server}: ${/reason: (.*)$/.exec(messageOf(e))?.[1] ?? messageOf(e)}`,
  );
}
