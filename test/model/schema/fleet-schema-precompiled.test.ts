import { tmpdir } from 'node:os';
import {
  compileFleetValidators,
  fleetSchemaFingerprint,
  fleetValidators,
} from '../../../model/schema/fleet-schema';
import {
  fingerprintOf,
  loadPrecompiledFleetValidators,
} from '../../../model/schema/fleet-schema-precompiled';

const VALID = {
  aws: { accountId: '111122223333', region: 'eu-west-1' },
  gitops: { repoURL: 'https://github.com/example/gitops.git', destination: { name: 'c1' } },
  nodeClasses: { default: { alias: 'al2023@v20260714' } },
  nodePools: { general: { nodeClass: 'default', capacityTypes: ['spot'] } },
};

const INVALID: unknown[] = [
  {},
  { ...VALID, aws: { accountId: 111122223333, region: 'eu-west-1' } },
  { ...VALID, karpenter: { controller: { replicas: 0, logLevel: 'loud' } } },
  { ...VALID, nodePools: { general: { nodeClass: 'default', capacityTypes: { in: [] }, wieght: 3 } } },
  { ...VALID, nodeClasses: { default: { blockDeviceMappings: [{ ebs: { volumeType: 'gp9', iops: -1 } }] } } },
  { ...VALID, tags: { team: 7 }, unknownKey: true },
];

/** What the loader reads from an ajv error. */
function shape(errors: unknown): unknown {
  return (
    errors as
      | {
          instancePath: string;
          keyword: string;
          params: unknown;
          message?: string;
          data?: unknown;
          parentSchema?: unknown;
        }[]
      | null
  )?.map((e) => ({
    instancePath: e.instancePath,
    keyword: e.keyword,
    params: e.params,
    message: e.message,
    data: e.data,
    expected: (e.parentSchema as Record<string, unknown> | undefined)?.['x-expected'],
    properties: Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}),
  }));
}

describe('precompiled fleet validators', () => {
  it('are the ones in use: imports/fleet-schema/validators.js matches the schemas (else run npm run import)', () => {
    const precompiled = loadPrecompiledFleetValidators(fleetSchemaFingerprint());
    expect(precompiled).toBeDefined();
    expect(fleetValidators().cluster).toBe(precompiled?.cluster);
  });

  it('are ignored when compiled from other schemas, or not found', () => {
    expect(loadPrecompiledFleetValidators(fingerprintOf({ other: 'schemas' }))).toBeUndefined();
    expect(loadPrecompiledFleetValidators(fleetSchemaFingerprint(), tmpdir())).toBeUndefined();
  });

  it('judge valid and invalid clusters and defaults exactly like validators compiled at run time', () => {
    const precompiled = loadPrecompiledFleetValidators(fleetSchemaFingerprint());
    const runtime = compileFleetValidators();
    expect(precompiled).toBeDefined();
    for (const which of ['cluster', 'defaults'] as const) {
      for (const value of [VALID, ...INVALID]) {
        const a = precompiled![which](structuredClone(value));
        const b = runtime[which](structuredClone(value));
        expect({ which, value, ok: a }).toEqual({ which, value, ok: b });
        expect(shape(precompiled![which].errors)).toEqual(shape(runtime[which].errors));
      }
    }
    expect(runtime.cluster(structuredClone(VALID))).toBe(true);
    expect(runtime.cluster({})).toBe(false);
  });

  it('fingerprints values by their JSON', () => {
    expect(fingerprintOf({ a: 1 })).toBe(fingerprintOf({ a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
    expect(fingerprintOf({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
