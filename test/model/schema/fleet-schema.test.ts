import { clusterSchema, defaultsSchema, fleetValidators } from '../../../model/schema/fleet-schema';

const collect = (schema: unknown, key: string, out: unknown[] = []): unknown[] => {
  if (Array.isArray(schema)) schema.forEach((s) => collect(s, key, out));
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === key) out.push(v);
      collect(v, key, out);
    }
  }
  return out;
};

describe('fleet schemas', () => {
  it('compiles once and reuses the validators', () => {
    expect(fleetValidators()).toBe(fleetValidators());
  });

  it('every object of the cluster schema is closed (unknown keys are errors)', () => {
    const objects: Record<string, unknown>[] = [];
    const walk = (s: unknown) => {
      if (Array.isArray(s)) s.forEach(walk);
      else if (s && typeof s === 'object') {
        const o = s as Record<string, unknown>;
        if (o.properties) objects.push(o);
        Object.values(o).forEach(walk);
      }
    };
    walk(clusterSchema);
    expect(objects.length).toBeGreaterThan(20);
    for (const o of objects) expect(o.additionalProperties).toBe(false);
  });

  it('the defaults schema requires nothing and has no name', () => {
    expect(collect(defaultsSchema, 'required')).toEqual([]);
    expect(Object.keys((defaultsSchema as { properties: object }).properties)).not.toContain('name');
    expect(collect(clusterSchema, 'required')).toContainEqual(['repoURL', 'destination']);
  });

  it('accepts a minimal cluster and refuses a partial one', () => {
    const { cluster, defaults } = fleetValidators();
    const minimal = {
      aws: { accountId: '111122223333', region: 'eu-west-1' },
      gitops: { repoURL: 'x', destination: { name: 'a' } },
    };
    expect(cluster(minimal)).toBe(true);
    expect(cluster({ aws: minimal.aws })).toBe(false);
    expect(defaults({ gitops: { repoURL: 'x' } })).toBe(true);
    expect(defaults({ name: 'x' })).toBe(false);
  });
});
