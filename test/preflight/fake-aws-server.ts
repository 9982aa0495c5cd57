/**
 * A local stand-in for the AWS APIs the preflight reads, on 127.0.0.1, speaking each
 * service's own protocol: EC2 query (XML), IAM query (XML), EKS REST-JSON, and AWS JSON for
 * SSM, SQS, KMS and EventBridge. One endpoint serves all of them; requests are told apart by
 * X-Amz-Target, the /clusters path, or the query Version. Errors can be injected per
 * operation. Tests only; never a real account.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';

export interface FakeInstanceType {
  readonly type: string;
  readonly vcpus: number;
  readonly memoryMiB: number;
  readonly arch: 'x86_64' | 'arm64';
  readonly usage: readonly ('on-demand' | 'spot')[];
  readonly zones: readonly string[];
}

export interface FakeKey {
  readonly arn: string;
  aliases: string[];
  manager: 'CUSTOMER' | 'AWS';
  state: string;
  policy: string;
}

export interface FakeAwsState {
  cluster?: {
    name: string;
    vpcId: string;
    version: string;
    zonalShift: boolean;
    authenticationMode: string;
    oidcIssuer: string;
  };
  addons: Map<string, string>;
  /** Principal ARN → access entry type. */
  accessEntries: Map<string, string>;
  roles: Set<string>;
  /** Provider ARN → client IDs. */
  oidcProviders: Map<string, string[]>;
  subnets: { id: string; vpcId: string; zone: string; tags: Record<string, string> }[];
  securityGroups: { id: string; name: string; vpcId: string; tags: Record<string, string> }[];
  instanceTypes: FakeInstanceType[];
  ssmParameters: Map<string, string>;
  /** AMIs DescribeImages knows, with their name (@default none) and the snapshot size of each device (GiB). */
  images?: { id: string; name?: string; devices: { name: string; sizeGiB: number }[] }[];
  queues: Set<string>;
  /** By name; `pattern`: the EventPattern JSON DescribeRule returns (@default none). */
  rules: Map<string, { state: string; targets: string[]; pattern?: string }>;
  keys: FakeKey[];
  /** Operation name → error to answer with instead. */
  failures: Map<string, { status: number; code: string; message: string }>;
}

export interface FakeAws {
  readonly endpoint: string;
  readonly calls: { service: string; operation: string; accessKey: string }[];
  close(): Promise<void>;
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function x(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function indexed(params: URLSearchParams, prefix: string): string[] {
  const out: string[] = [];
  for (let i = 1; params.has(`${prefix}.${i}`); i++) out.push(params.get(`${prefix}.${i}`) as string);
  return out;
}

function ec2Filters(params: URLSearchParams): { name: string; values: string[] }[] {
  const out: { name: string; values: string[] }[] = [];
  for (let i = 1; params.has(`Filter.${i}.Name`); i++)
    out.push({
      name: params.get(`Filter.${i}.Name`) as string,
      values: indexed(params, `Filter.${i}.Value`),
    });
  return out;
}

function matches(
  filters: { name: string; values: string[] }[],
  r: { id: string; name?: string; tags: Record<string, string> },
  idFilter: string,
): boolean {
  return filters.every((f) => {
    if (f.name === idFilter) return f.values.includes(r.id);
    if (f.name === 'group-name') return r.name !== undefined && f.values.includes(r.name);
    if (f.name === 'tag-key') return f.values.some((k) => k in r.tags);
    if (f.name.startsWith('tag:')) return f.values.includes(r.tags[f.name.slice(4)]);
    throw new FakeError(400, 'InvalidParameterValue', `fake EC2 does not know filter ${f.name}`);
  });
}

const EC2_NS = 'http://ec2.amazonaws.com/doc/2016-11-15/';

function ec2(state: FakeAwsState, action: string, params: URLSearchParams): string {
  const wrap = (body: string) =>
    `<${action}Response xmlns="${EC2_NS}"><requestId>req-1</requestId>${body}</${action}Response>`;
  const filters = ec2Filters(params);
  switch (action) {
    case 'DescribeSubnets':
      return wrap(
        `<subnetSet>${state.subnets
          .filter((s) => matches(filters, s, 'subnet-id'))
          .map(
            (s) =>
              `<item><subnetId>${s.id}</subnetId><vpcId>${s.vpcId}</vpcId><availabilityZone>${s.zone}</availabilityZone><state>available</state></item>`,
          )
          .join('')}</subnetSet>`,
      );
    case 'DescribeSecurityGroups':
      return wrap(
        `<securityGroupInfo>${state.securityGroups
          .filter((g) => matches(filters, g, 'group-id'))
          .map(
            (g) =>
              `<item><groupId>${g.id}</groupId><groupName>${x(g.name)}</groupName><vpcId>${g.vpcId}</vpcId></item>`,
          )
          .join('')}</securityGroupInfo>`,
      );
    case 'DescribeInstanceTypeOfferings': {
      const locations = filters.find((f) => f.name === 'location')?.values;
      const items = state.instanceTypes.flatMap((t) =>
        t.zones
          .filter((z) => locations === undefined || locations.includes(z))
          .map(
            (z) =>
              `<item><instanceType>${t.type}</instanceType><locationType>availability-zone</locationType><location>${z}</location></item>`,
          ),
      );
      return wrap(`<instanceTypeOfferingSet>${items.join('')}</instanceTypeOfferingSet>`);
    }
    case 'DescribeInstanceTypes': {
      const wanted = indexed(params, 'InstanceType');
      const items = state.instanceTypes
        .filter((t) => wanted.length === 0 || wanted.includes(t.type))
        .map(
          (t) =>
            `<item><instanceType>${t.type}</instanceType><supportedUsageClasses>${t.usage
              .map((u) => `<item>${u}</item>`)
              .join(
                '',
              )}</supportedUsageClasses><hypervisor>nitro</hypervisor><processorInfo><supportedArchitectures><item>${t.arch}</item></supportedArchitectures><manufacturer>${t.arch === 'arm64' ? 'AWS' : 'Intel'}</manufacturer></processorInfo><vCpuInfo><defaultVCpus>${t.vcpus}</defaultVCpus></vCpuInfo><memoryInfo><sizeInMiB>${t.memoryMiB}</sizeInMiB></memoryInfo></item>`,
        );
      return wrap(`<instanceTypeSet>${items.join('')}</instanceTypeSet>`);
    }
    case 'DescribeImages': {
      const wanted = indexed(params, 'ImageId');
      const missing = wanted.filter((id) => !(state.images ?? []).some((i) => i.id === id));
      if (missing.length > 0)
        throw new FakeError(
          400,
          'InvalidAMIID.NotFound',
          `The image id '[${missing.join(', ')}]' does not exist`,
        );
      const items = (state.images ?? [])
        .filter((i) => wanted.includes(i.id))
        .map(
          (i) =>
            `<item><imageId>${i.id}</imageId>${i.name !== undefined ? `<name>${x(i.name)}</name>` : ''}<blockDeviceMapping>${i.devices
              .map(
                (d) =>
                  `<item><deviceName>${d.name}</deviceName><ebs><volumeSize>${d.sizeGiB}</volumeSize><volumeType>gp3</volumeType></ebs></item>`,
              )
              .join('')}</blockDeviceMapping></item>`,
        );
      return wrap(`<imagesSet>${items.join('')}</imagesSet>`);
    }
    default:
      throw new FakeError(400, 'InvalidAction', `fake EC2 does not implement ${action}`);
  }
}

const IAM_NS = 'https://iam.amazonaws.com/doc/2010-05-08/';

function iam(state: FakeAwsState, action: string, params: URLSearchParams): string {
  const ok = (body: string) =>
    `<${action}Response xmlns="${IAM_NS}"><${action}Result>${body}</${action}Result><ResponseMetadata><RequestId>req-1</RequestId></ResponseMetadata></${action}Response>`;
  switch (action) {
    case 'GetRole': {
      const name = params.get('RoleName') ?? '';
      if (!state.roles.has(name))
        throw new FakeError(404, 'NoSuchEntity', `The role with name ${name} cannot be found.`);
      return ok(
        `<Role><Path>/</Path><RoleName>${x(name)}</RoleName><RoleId>AROAEXAMPLE</RoleId><Arn>arn:aws:iam::111122223333:role/${x(name)}</Arn><CreateDate>2026-01-01T00:00:00Z</CreateDate></Role>`,
      );
    }
    case 'GetOpenIDConnectProvider': {
      const arn = params.get('OpenIDConnectProviderArn') ?? '';
      const ids = state.oidcProviders.get(arn);
      if (ids === undefined)
        throw new FakeError(404, 'NoSuchEntity', `OpenIDConnect Provider not found for arn ${arn}`);
      return ok(
        `<ClientIDList>${ids.map((i) => `<member>${x(i)}</member>`).join('')}</ClientIDList><Url>${x(arn.split('oidc-provider/')[1] ?? '')}</Url>`,
      );
    }
    default:
      throw new FakeError(400, 'InvalidAction', `fake IAM does not implement ${action}`);
  }
}

function eks(state: FakeAwsState, method: string, path: string): { operation: string; body: unknown } {
  const parts = path.split('?')[0].split('/').slice(1).map(decodeURIComponent);
  const c = state.cluster;
  const notFound = (what: string) => new FakeError(404, 'ResourceNotFoundException', `No ${what} found.`);
  if (method !== 'GET' || parts[0] !== 'clusters')
    throw new FakeError(400, 'InvalidRequestException', `fake EKS: ${method} ${path}`);
  const operation =
    parts.length === 2 ? 'DescribeCluster' : parts[2] === 'addons' ? 'DescribeAddon' : 'DescribeAccessEntry';
  return {
    operation,
    body: (() => {
      if (c === undefined || c.name !== parts[1]) throw notFound(`cluster: ${parts[1]}`);
      if (operation === 'DescribeCluster')
        return {
          cluster: {
            name: c.name,
            version: c.version,
            status: 'ACTIVE',
            resourcesVpcConfig: { vpcId: c.vpcId },
            identity: { oidc: { issuer: `https://${c.oidcIssuer}` } },
            accessConfig: { authenticationMode: c.authenticationMode },
            zonalShiftConfig: { enabled: c.zonalShift },
          },
        };
      if (operation === 'DescribeAddon') {
        const status = state.addons.get(parts[3]);
        if (status === undefined) throw notFound(`addon: ${parts[3]}`);
        return { addon: { addonName: parts[3], clusterName: c.name, status } };
      }
      const type = state.accessEntries.get(parts[3]);
      if (type === undefined) throw notFound(`access entry: ${parts[3]}`);
      return { accessEntry: { clusterName: c.name, principalArn: parts[3], type } };
    })(),
  };
}

function findKey(state: FakeAwsState, id: string): FakeKey {
  const key = state.keys.find((k) => k.arn === id || k.arn.endsWith(`:key/${id}`) || k.aliases.includes(id));
  if (key === undefined) throw new FakeError(400, 'NotFoundException', `Key '${id}' does not exist`);
  return key;
}

function json(state: FakeAwsState, operation: string, input: Record<string, unknown>): unknown {
  switch (operation) {
    case 'GetParameter': {
      const name = String(input.Name);
      const value = state.ssmParameters.get(name);
      if (value === undefined) throw new FakeError(400, 'ParameterNotFound', `Parameter ${name} not found.`);
      return { Parameter: { Name: name, Type: 'String', Value: value, Version: 1 } };
    }
    case 'GetQueueUrl': {
      const name = String(input.QueueName);
      if (!state.queues.has(name))
        throw new FakeError(
          400,
          'com.amazonaws.sqs#QueueDoesNotExist',
          'The specified queue does not exist.',
        );
      return {
        QueueUrl: `https://sqs.eu-west-1.amazonaws.com/${String(input.QueueOwnerAWSAccountId)}/${name}`,
      };
    }
    case 'DescribeKey': {
      const k = findKey(state, String(input.KeyId));
      return {
        KeyMetadata: {
          Arn: k.arn,
          KeyId: k.arn.split('/').pop(),
          KeyManager: k.manager,
          KeyState: k.state,
          Enabled: k.state === 'Enabled',
        },
      };
    }
    case 'GetKeyPolicy': {
      const k = findKey(state, String(input.KeyId));
      return { Policy: k.policy, PolicyName: 'default' };
    }
    case 'DescribeRule': {
      const rule = state.rules.get(String(input.Name));
      if (rule === undefined)
        throw new FakeError(400, 'ResourceNotFoundException', `Rule ${String(input.Name)} does not exist.`);
      return {
        Name: input.Name,
        State: rule.state,
        ...(rule.pattern !== undefined ? { EventPattern: rule.pattern } : {}),
      };
    }
    case 'ListRuleNamesByTarget': {
      const names = [...state.rules]
        .filter(([, r]) => r.targets.includes(String(input.TargetArn)))
        .map(([n]) => n);
      return { RuleNames: names };
    }
    case 'ListTargetsByRule': {
      const rule = state.rules.get(String(input.Rule));
      if (rule === undefined)
        throw new FakeError(400, 'ResourceNotFoundException', `Rule ${String(input.Rule)} does not exist.`);
      return { Targets: rule.targets.map((arn, i) => ({ Id: `t${i + 1}`, Arn: arn })) };
    }
    default:
      throw new FakeError(400, 'UnknownOperationException', `fake does not implement ${operation}`);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

type Protocol = 'ec2' | 'iam' | 'eks' | 'json';

function sendError(res: ServerResponse, protocol: Protocol, e: FakeError): void {
  if (protocol === 'ec2') {
    res.writeHead(e.status, { 'content-type': 'text/xml' });
    res.end(
      `<Response><Errors><Error><Code>${e.code}</Code><Message>${x(e.message)}</Message></Error></Errors><RequestID>req-1</RequestID></Response>`,
    );
  } else if (protocol === 'iam') {
    res.writeHead(e.status, { 'content-type': 'text/xml' });
    res.end(
      `<ErrorResponse xmlns="${IAM_NS}"><Error><Type>Sender</Type><Code>${e.code}</Code><Message>${x(e.message)}</Message></Error><RequestId>req-1</RequestId></ErrorResponse>`,
    );
  } else if (protocol === 'eks') {
    res.writeHead(e.status, { 'content-type': 'application/json', 'x-amzn-errortype': e.code });
    res.end(JSON.stringify({ message: e.message }));
  } else {
    res.writeHead(e.status, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify({ __type: e.code, message: e.message }));
  }
}

/** Starts the fake; only requests signed with `acceptedAccessKey` are answered. */
export async function startFakeAws(state: FakeAwsState, acceptedAccessKey: string): Promise<FakeAws> {
  const calls: FakeAws['calls'] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const target = req.headers['x-amz-target'];
      const path = req.url ?? '/';
      let protocol: Protocol;
      let service: string;
      let operation: string;
      let params = new URLSearchParams();
      if (typeof target === 'string') {
        protocol = 'json';
        [service, operation] = target.split('.');
      } else if (path.startsWith('/clusters')) {
        protocol = 'eks';
        service = 'EKS';
        operation = '';
      } else {
        params = new URLSearchParams(body);
        protocol = params.get('Version') === '2010-05-08' ? 'iam' : 'ec2';
        service = protocol.toUpperCase();
        operation = params.get('Action') ?? '';
      }
      const accessKey = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1] ?? '';
      try {
        let answer: string;
        if (protocol === 'eks') {
          const r = eks(state, req.method ?? 'GET', path);
          operation = r.operation;
          calls.push({ service, operation, accessKey });
          checkAccess();
          answer = JSON.stringify(r.body);
        } else {
          calls.push({ service, operation, accessKey });
          checkAccess();
          answer =
            protocol === 'ec2'
              ? ec2(state, operation, params)
              : protocol === 'iam'
                ? iam(state, operation, params)
                : JSON.stringify(json(state, operation, JSON.parse(body || '{}') as Record<string, unknown>));
        }
        res.writeHead(200, {
          'content-type':
            protocol === 'json'
              ? 'application/x-amz-json-1.1'
              : protocol === 'eks'
                ? 'application/json'
                : 'text/xml',
        });
        res.end(answer);
      } catch (e) {
        if (e instanceof FakeError) return sendError(res, protocol, e);
        sendError(
          res,
          protocol,
          new FakeError(500, 'InternalFailure', e instanceof Error ? e.message : String(e)),
        );
      }
      function checkAccess() {
        if (accessKey !== acceptedAccessKey)
          throw new FakeError(
            403,
            protocol === 'ec2' ? 'AuthFailure' : 'UnrecognizedClientException',
            'The security token included in the request is invalid.',
          );
        const injected = state.failures.get(operation);
        if (injected) throw new FakeError(injected.status, injected.code, injected.message);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (bound, then released), for network-failure tests. */
export async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
