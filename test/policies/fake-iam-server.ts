/**
 * A local stand-in for the IAM Query API on 127.0.0.1: form-encoded POSTs in, XML out,
 * policy documents URL-encoded as IAM returns them. SimulateCustomPolicy is answered by
 * evaluating the posted policies with the local simulator. Tests only; never a real account.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';
import { ClusterModel } from '../../model/shared/fleet-model';
import { PolicyDocument } from '../../policies/policy-document';
import { arnBuilder } from '../../policies/partition';
import { cloudFormationTemplate } from '../../policies/targets/cloudformation/template';
import { simulate } from '../../policies/scenarios/simulate-scenario';

export interface FakeRole {
  arn: string;
  path: string;
  trust: PolicyDocument;
  boundary?: string;
  attached: string[];
  inline: Map<string, PolicyDocument>;
}

export interface FakeIamState {
  roles: Map<string, FakeRole>;
  /** Customer managed policies by ARN. */
  policies: Map<string, { name: string; defaultVersion: string; document: PolicyDocument }>;
}

export interface FakeIam {
  readonly endpoint: string;
  readonly state: FakeIamState;
  /** Every request: action and the Authorization header's access key. */
  readonly calls: { action: string; accessKey: string; params: URLSearchParams }[];
  close(): Promise<void>;
}

/** What IAM holds after the generated stack was deployed unchanged. */
export function deployedState(cluster: ClusterModel): FakeIamState {
  const t = cloudFormationTemplate(cluster);
  const arn = arnBuilder(cluster.aws);
  const policies: FakeIamState['policies'] = new Map();
  const refArn = new Map<string, string>();
  for (const [id, r] of Object.entries(t.Resources))
    if (r.Type === 'AWS::IAM::ManagedPolicy') {
      const p = r.Properties as { ManagedPolicyName: string; PolicyDocument: PolicyDocument };
      const policyArn = arn.policy(p.ManagedPolicyName, cluster.iam.path);
      refArn.set(id, policyArn);
      policies.set(policyArn, {
        name: p.ManagedPolicyName,
        defaultVersion: 'v3',
        document: p.PolicyDocument,
      });
    }
  const roles = new Map<string, FakeRole>();
  for (const r of Object.values(t.Resources))
    if (r.Type === 'AWS::IAM::Role') {
      const p = r.Properties as {
        RoleName: string;
        Path: string;
        AssumeRolePolicyDocument: PolicyDocument;
        ManagedPolicyArns: (string | { Ref: string })[];
        PermissionsBoundary?: string;
      };
      roles.set(p.RoleName, {
        arn: arn.role(p.RoleName, p.Path),
        path: p.Path,
        trust: p.AssumeRolePolicyDocument,
        ...(p.PermissionsBoundary !== undefined ? { boundary: p.PermissionsBoundary } : {}),
        attached: p.ManagedPolicyArns.map((m) => (typeof m === 'string' ? m : (refArn.get(m.Ref) as string))),
        inline: new Map(),
      });
    }
  return { roles, policies };
}

const NS = 'https://iam.amazonaws.com/doc/2010-05-08/';

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function ok(action: string, body: string): string {
  return `<${action}Response xmlns="${NS}"><${action}Result>${body}</${action}Result><ResponseMetadata><RequestId>00000000-0000-0000-0000-000000000000</RequestId></ResponseMetadata></${action}Response>`;
}

function encodeDoc(doc: PolicyDocument): string {
  return xmlEscape(encodeURIComponent(JSON.stringify(doc)));
}

function members(params: URLSearchParams, prefix: string): string[] {
  const out: string[] = [];
  for (let i = 1; params.has(`${prefix}.member.${i}`); i++)
    out.push(params.get(`${prefix}.member.${i}`) as string);
  return out;
}

class NoSuchEntity extends Error {}

async function answer(state: FakeIamState, params: URLSearchParams, accountId: string): Promise<string> {
  const action = params.get('Action') ?? '';
  const role = () => {
    const name = params.get('RoleName') ?? '';
    const r = state.roles.get(name);
    if (!r) throw new NoSuchEntity(`The role with name ${name} cannot be found.`);
    return { name, r };
  };
  switch (action) {
    case 'GetRole': {
      const { name, r } = role();
      const boundary = r.boundary
        ? `<PermissionsBoundary><PermissionsBoundaryType>Policy</PermissionsBoundaryType><PermissionsBoundaryArn>${xmlEscape(r.boundary)}</PermissionsBoundaryArn></PermissionsBoundary>`
        : '';
      return ok(
        action,
        `<Role><Path>${xmlEscape(r.path)}</Path><AssumeRolePolicyDocument>${encodeDoc(r.trust)}</AssumeRolePolicyDocument><MaxSessionDuration>3600</MaxSessionDuration><RoleId>AROAEXAMPLE</RoleId><RoleName>${xmlEscape(name)}</RoleName><Arn>${xmlEscape(r.arn)}</Arn><CreateDate>2026-01-01T00:00:00Z</CreateDate>${boundary}</Role>`,
      );
    }
    case 'ListAttachedRolePolicies': {
      const { r } = role();
      // Two pages when there is more than one, to exercise Marker handling.
      const start = params.get('Marker') === 'page2' ? 1 : 0;
      const page = start === 0 ? r.attached.slice(0, 1) : r.attached.slice(1);
      const more = start === 0 && r.attached.length > 1;
      const items = page
        .map(
          (a) =>
            `<member><PolicyName>${xmlEscape(a.split('/').pop() as string)}</PolicyName><PolicyArn>${xmlEscape(a)}</PolicyArn></member>`,
        )
        .join('');
      return ok(
        action,
        `<AttachedPolicies>${items}</AttachedPolicies><IsTruncated>${more}</IsTruncated>${more ? '<Marker>page2</Marker>' : ''}`,
      );
    }
    case 'ListRolePolicies': {
      const { r } = role();
      const items = [...r.inline.keys()].map((n) => `<member>${xmlEscape(n)}</member>`).join('');
      return ok(action, `<PolicyNames>${items}</PolicyNames><IsTruncated>false</IsTruncated>`);
    }
    case 'GetRolePolicy': {
      const { name, r } = role();
      const policyName = params.get('PolicyName') ?? '';
      const doc = r.inline.get(policyName);
      if (!doc) throw new NoSuchEntity(`The role policy with name ${policyName} cannot be found.`);
      return ok(
        action,
        `<RoleName>${xmlEscape(name)}</RoleName><PolicyName>${xmlEscape(policyName)}</PolicyName><PolicyDocument>${encodeDoc(doc)}</PolicyDocument>`,
      );
    }
    case 'GetPolicy': {
      const arn = params.get('PolicyArn') ?? '';
      const p = state.policies.get(arn);
      if (!p) throw new NoSuchEntity(`Policy ${arn} was not found.`);
      return ok(
        action,
        `<Policy><PolicyName>${xmlEscape(p.name)}</PolicyName><DefaultVersionId>${p.defaultVersion}</DefaultVersionId><PolicyId>ANPAEXAMPLE</PolicyId><Path>/</Path><Arn>${xmlEscape(arn)}</Arn><AttachmentCount>1</AttachmentCount><IsAttachable>true</IsAttachable></Policy>`,
      );
    }
    case 'GetPolicyVersion': {
      const arn = params.get('PolicyArn') ?? '';
      const p = state.policies.get(arn);
      if (!p || params.get('VersionId') !== p.defaultVersion)
        throw new NoSuchEntity(`Policy version not found.`);
      return ok(
        action,
        `<PolicyVersion><Document>${encodeDoc(p.document)}</Document><VersionId>${p.defaultVersion}</VersionId><IsDefaultVersion>true</IsDefaultVersion><CreateDate>2026-01-01T00:00:00Z</CreateDate></PolicyVersion>`,
      );
    }
    case 'SimulateCustomPolicy': {
      const docs = members(params, 'PolicyInputList').map((d, i) => ({
        name: `input-${i + 1}`,
        document: JSON.parse(d) as PolicyDocument,
      }));
      const actions = members(params, 'ActionNames');
      const resources = members(params, 'ResourceArns');
      const context: Record<string, string | string[]> = {};
      for (let i = 1; params.has(`ContextEntries.member.${i}.ContextKeyName`); i++) {
        const key = params.get(`ContextEntries.member.${i}.ContextKeyName`) as string;
        const type = params.get(`ContextEntries.member.${i}.ContextKeyType`) as string;
        const values = members(params, `ContextEntries.member.${i}.ContextKeyValues`);
        context[key] = type.endsWith('List') ? values : values[0];
      }
      const results: string[] = [];
      for (const a of actions)
        for (const resource of resources.length > 0 ? resources : ['*']) {
          const outcome = await simulate(
            {
              principal: `arn:aws:iam::${accountId}:role/simulated`,
              action: a,
              resource,
              accountId,
              context,
            },
            docs,
          );
          const decision =
            outcome.detail === 'Allowed'
              ? 'allowed'
              : outcome.detail === 'ExplicitlyDenied'
                ? 'explicitDeny'
                : outcome.detail === 'ImplicitlyDenied'
                  ? 'implicitDeny'
                  : `error`;
          results.push(
            `<member><EvalActionName>${xmlEscape(a)}</EvalActionName><EvalResourceName>${xmlEscape(resource)}</EvalResourceName><EvalDecision>${decision}</EvalDecision></member>`,
          );
        }
      return ok(
        action,
        `<EvaluationResults>${results.join('')}</EvaluationResults><IsTruncated>false</IsTruncated>`,
      );
    }
    default:
      throw new Error(`fake IAM does not implement ${action}`);
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

function error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'text/xml' });
  res.end(
    `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error><RequestId>00000000-0000-0000-0000-000000000000</RequestId></ErrorResponse>`,
  );
}

export async function startFakeIam(
  state: FakeIamState,
  accountId: string,
  acceptedAccessKey: string,
): Promise<FakeIam> {
  const calls: FakeIam['calls'] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const params = new URLSearchParams(await readBody(req));
      const auth = req.headers.authorization ?? '';
      const accessKey = /Credential=([^/]+)\//.exec(auth)?.[1] ?? '';
      calls.push({ action: params.get('Action') ?? '', accessKey, params });
      if (accessKey !== acceptedAccessKey)
        return error(
          res,
          403,
          'InvalidClientTokenId',
          'The security token included in the request is invalid.',
        );
      try {
        const body = await answer(state, params, accountId);
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(body);
      } catch (e) {
        if (e instanceof NoSuchEntity) return error(res, 404, 'NoSuchEntity', e.message);
        error(res, 500, 'ServiceFailure', e instanceof Error ? e.message : String(e));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    state,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
