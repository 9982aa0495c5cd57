/**
 * Every AWS call of the preflight goes through `awsCall`, so a failure the preflight cannot
 * turn into a finding (access denied, throttling, network, rejected credentials) becomes one
 * AwsCallError naming the service and operation, which the CLI reports in one sentence with
 * exit code 2, never a stack trace.
 */

export class AwsCallError extends Error {
  constructor(
    readonly service: string,
    readonly operation: string,
    readonly errorName: string,
    readonly detail: string,
    readonly kind: AwsErrorKind,
  ) {
    super(`${service} ${operation}: ${errorName}: ${detail}`);
    this.name = 'AwsCallError';
  }
}

export type AwsErrorKind = 'access-denied' | 'throttled' | 'credentials' | 'network' | 'other';

const ACCESS_DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'UnauthorizedException',
  'AuthorizationError',
  'AuthFailure',
]);
const THROTTLED = new Set([
  'Throttling',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
]);
const CREDENTIALS = new Set([
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'ExpiredTokenException',
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'CredentialsProviderError',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** Node's network error code, on the error or the one the SDK wrapped. */
function networkCode(e: unknown): string | undefined {
  for (let x = e, depth = 0; typeof x === 'object' && x !== null && depth < 4; depth++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    x = (x as { cause?: unknown }).cause;
  }
  const m = e instanceof Error ? /\b(E[A-Z]{4,})\b/.exec(e.message) : null;
  return m !== null && NETWORK_CODES.has(m[1]) ? m[1] : undefined;
}

function errorKind(e: { name?: string; code?: string; $metadata?: unknown }): AwsErrorKind {
  const name = e.name ?? '';
  if (ACCESS_DENIED.has(name)) return 'access-denied';
  if (THROTTLED.has(name)) return 'throttled';
  if (CREDENTIALS.has(name)) return 'credentials';
  if (networkCode(e) !== undefined || name === 'TimeoutError') return 'network';
  return 'other';
}

/** The error's name as AWS (or Node's network layer) gave it. */
export function errorName(e: unknown): string {
  if (typeof e !== 'object' || e === null) return 'Error';
  return networkCode(e) ?? (e as { name?: string }).name ?? 'Error';
}

/**
 * Runs one SDK call. Errors whose name is in `expected` are returned (the caller turns them
 * into findings, e.g. NoSuchEntity); every other error is thrown as AwsCallError.
 */
export async function awsCall<T>(
  service: string,
  operation: string,
  send: () => Promise<T>,
  expected: readonly string[] = [],
): Promise<{ ok: true; value: T } | { ok: false; name: string; message: string }> {
  try {
    return { ok: true, value: await send() };
  } catch (e) {
    const name = errorName(e);
    const message = (e instanceof Error ? e.message : String(e)).replace(
      /^AWS SDK error wrapper for (Error: )?/,
      '',
    );
    if (expected.includes(name)) return { ok: false, name, message };
    throw new AwsCallError(
      service,
      operation,
      name,
      message,
      errorKind(e as { name?: string; code?: string }),
    );
  }
}

/** Like awsCall without expected errors: the value, or an AwsCallError thrown. */
/**
 * Every page of a paginated read, through the SDK's own `paginate*` helper (which follows
 * NextToken), as one call: a failure on any page is reported like awsRead's.
 */
export async function awsReadPages<T>(
  service: string,
  operation: string,
  pages: () => AsyncIterable<T>,
): Promise<T[]> {
  return awsRead(service, operation, async () => {
    const out: T[] = [];
    for await (const page of pages()) out.push(page);
    return out;
  });
}

export async function awsRead<T>(service: string, operation: string, send: () => Promise<T>): Promise<T> {
  const r = await awsCall(service, operation, send);
  if (!r.ok) throw new Error('unreachable');
  return r.value;
}
