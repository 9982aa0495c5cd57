/**
 * Hand-written dist/ trees for the review tests, shaped like the example fleet: a ticketing
 * cluster whose three pools share one class, and a dataops cluster with a batch pool on its own
 * AL2023 class. Each builder returns plain objects so a test changes one field and renders.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'yaml';
import { DistFiles, distPaths } from '../../model/shared/dist-layout';

export type Obj = Record<string, unknown>;

export function nodeClass(name: string, alias: string, extra: Obj = {}): Obj {
  return {
    apiVersion: 'karpenter.k8s.aws/v1',
    kind: 'EC2NodeClass',
    metadata: { name },
    spec: {
      amiSelectorTerms: [{ alias }],
      role: 'KarpenterNodeRole-test',
      subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'test' } }],
      securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'test' } }],
      blockDeviceMappings: [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: { volumeSize: '20Gi', volumeType: 'gp3', encrypted: true },
        },
      ],
      metadataOptions: {
        httpEndpoint: 'enabled',
        httpProtocolIPv6: 'disabled',
        httpPutResponseHopLimit: 1,
        httpTokens: 'required',
      },
      tags: { team: 'test' },
      ...extra,
    },
  };
}

export function nodePool(name: string, classRef: string, capacityTypes: string[], extra: Obj = {}): Obj {
  return {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodePool',
    metadata: { name },
    spec: {
      template: {
        metadata: { labels: { pool: name } },
        spec: {
          nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: classRef },
          requirements: [
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: capacityTypes },
            { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
          ],
          expireAfter: '720h',
        },
      },
      limits: { cpu: '100', memory: '400Gi' },
      disruption: {
        consolidationPolicy: 'WhenEmptyOrUnderutilized',
        consolidateAfter: '2m',
        budgets: [{ nodes: '10%' }],
      },
      ...extra,
    },
  };
}

/** The example-shaped fleet as objects, keyed by dist path. */
export function exampleObjects(): Map<string, Obj> {
  const m = new Map<string, Obj>();
  m.set(distPaths.nodeClass('ticketing', 'default'), nodeClass('default', 'al2023@v20260714'));
  m.set(
    distPaths.nodePool('ticketing', 'on-demand-critical'),
    nodePool('on-demand-critical', 'default', ['on-demand']),
  );
  m.set(distPaths.nodePool('ticketing', 'mixed-workload'), nodePool('mixed-workload', 'default', ['spot']));
  m.set(distPaths.nodePool('ticketing', 'loadtest'), nodePool('loadtest', 'default', ['spot'], {}));
  m.set(distPaths.nodeClass('dataops', 'dataops'), nodeClass('dataops', 'al2023@v20260714'));
  m.set(distPaths.nodeClass('dataops', 'bottlerocket'), nodeClass('bottlerocket', 'bottlerocket@v1.39.0'));
  m.set(distPaths.nodePool('dataops', 'batch'), nodePool('batch', 'dataops', ['spot', 'on-demand']));
  m.set(distPaths.nodePool('dataops', 'edge'), nodePool('edge', 'bottlerocket', ['on-demand']));
  return m;
}

export function cloudFormation(nodeRoleName: string, queueName: string): Obj {
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Resources: {
      KarpenterNodeRole: { Type: 'AWS::IAM::Role', Properties: { RoleName: nodeRoleName, Path: '/' } },
      KarpenterInterruptionQueue: {
        Type: 'AWS::SQS::Queue',
        Properties: { QueueName: queueName, MessageRetentionPeriod: 300 },
      },
    },
    Outputs: { QueueName: { Value: queueName } },
  };
}

export function toDistFiles(objects: Map<string, Obj>, extra: Record<string, string> = {}): DistFiles {
  const files: DistFiles = new Map();
  for (const [p, o] of objects)
    files.set(
      p,
      p.endsWith('.json') ? `${JSON.stringify(o, null, 2)}\n` : stringify(o, { sortMapEntries: true }),
    );
  for (const [p, c] of Object.entries(extra)) files.set(p, c);
  return files;
}

/** Folders made by writeTree in this test file; removed when the file's tests are done. */
const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes files under a new folder in os.tmpdir() and returns the folder (removed after the test file). */
export function writeTree(files: DistFiles, prefix = 'review-dist-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  for (const [rel, content] of files) {
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
  return dir;
}

/** Deep copy, so a test can change one field of a fixture without touching the others. */
export function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Sets a value at a dotted path inside an object (creating maps on the way). */
export function setPath(o: Obj, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let cur: Obj = o;
  for (const k of keys.slice(0, -1)) {
    if (typeof cur[k] !== 'object' || cur[k] === null) cur[k] = {};
    cur = cur[k] as Obj;
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete cur[last];
  else cur[last] = value;
}
