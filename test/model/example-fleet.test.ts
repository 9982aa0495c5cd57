/**
 * The committed example fleet (clusters/) exercises every field of the format, so that the
 * charts' "every field reaches the manifest" tests have something to find.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { clusterSchema } from '../../model/schema/fleet-schema';
import { mergeLocated, toPlain } from '../../model/parse/located';
import { parseFleetSource } from '../../model/parse/yaml-source';

const DIR = resolve(__dirname, '..', '..', 'clusters');

/** Field paths (`nodePools.*.disruption.budgets[].reasons`) of every key the schema knows. */
function schemaPaths(
  schema: Record<string, unknown>,
  defs: Record<string, Record<string, unknown>>,
  prefix: string,
  out: Set<string>,
): void {
  const s = typeof schema.$ref === 'string' ? defs[(schema.$ref as string).replace('#/$defs/', '')] : schema;
  if (s.properties) {
    for (const [key, sub] of Object.entries(s.properties as Record<string, Record<string, unknown>>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      out.add(path);
      schemaPaths(sub, defs, path, out);
    }
  } else if (s.items) {
    schemaPaths(s.items as Record<string, unknown>, defs, `${prefix}[]`, out);
  } else if (s.if) {
    schemaPaths(s.then as Record<string, unknown>, defs, prefix, out);
    schemaPaths(s.else as Record<string, unknown>, defs, prefix, out);
  } else if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    const sub = s.additionalProperties as Record<string, unknown>;
    if (sub.properties || sub.$ref) schemaPaths(sub, defs, `${prefix}.*`, out);
  }
}

/** Field paths present in a plain value, with map-of-object keys as `*` where the schema uses names. */
function valuePaths(value: unknown, prefix: string, out: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => valuePaths(v, `${prefix}[]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, sub] of Object.entries(value)) {
      const named = /^(nodeClasses|nodePools|nodeOverlays|capacityBuffers|podTemplates)$/.test(prefix);
      const path = named ? `${prefix}.*` : prefix ? `${prefix}.${key}` : key;
      out.add(path);
      valuePaths(sub, path, out);
    }
  }
}

describe('the example fleet', () => {
  const names = readdirSync(DIR).sort();
  const parse = (n: string) => {
    const { root, diagnostics } = parseFleetSource(`clusters/${n}`, readFileSync(join(DIR, n), 'utf8'));
    expect(diagnostics).toEqual([]);
    return root!;
  };

  it('has the defaults file and five clusters, one of them on EKS Auto Mode', () => {
    expect(names).toEqual([
      '_defaults.yaml',
      'dataops.yaml',
      'edge.yaml',
      'storefront.yaml',
      'ticketing.yaml',
      'training.yaml',
    ]);
  });

  it('sets every field of the format in at least one cluster', () => {
    const defaults = parse('_defaults.yaml');
    const seen = new Set<string>();
    for (const n of names.filter((x) => x !== '_defaults.yaml'))
      valuePaths(toPlain(mergeLocated(defaults, parse(n))), '', seen);
    const known = new Set<string>();
    schemaPaths(
      clusterSchema as Record<string, unknown>,
      (clusterSchema as { $defs: Record<string, Record<string, unknown>> }).$defs,
      '',
      known,
    );
    // The alias shorthand stands for an alias term; an alias term must be alone, so it is not repeated.
    // overridesDefaults only has a use when _defaults.yaml defines node classes or pools, and the
    // example's defines none (every cluster would get them); test/model/check/check-defaults-overrides.test.ts covers it.
    const exempt = [
      'nodeClasses.*.amiSelectorTerms[].alias',
      'overridesDefaults',
      'overridesDefaults.nodeClasses',
      'overridesDefaults.nodePools',
    ];
    // All shorthands share one form: each of in / notIn / minValues must appear in some shorthand.
    const shared = (p: string) =>
      p.replace(/^(nodePools\.\*)\.[A-Za-z]+\.(in|notIn|minValues)$/, '$1.<shorthand>.$2');
    const seenShared = new Set([...seen].map(shared));
    const missing = [...new Set([...known].map(shared))]
      .filter((p) => !seenShared.has(p) && !exempt.includes(p))
      .sort();
    expect(missing).toEqual([]);
  });
});

describe('the example and demo fleets point editors at the schemas', () => {
  const ROOT = resolve(__dirname, '..', '..');
  it.each([['clusters'], [join('test', 'fixtures', 'demo-fleet', 'clusters')]])(
    '%s/*.yaml start with the $schema line of their kind, which names a committed schema',
    (dir) => {
      for (const name of readdirSync(join(ROOT, dir)).filter((n) => n.endsWith('.yaml'))) {
        const kind = name === '_defaults.yaml' ? 'defaults' : 'cluster';
        const first = readFileSync(join(ROOT, dir, name), 'utf8').split('\n')[0];
        const target = join(ROOT, 'schema', `${kind}.schema.json`);
        const expected = `# yaml-language-server: $schema=${relative(join(ROOT, dir), target).split(sep).join('/')}`;
        expect({ name, first }).toEqual({ name, first: expected });
        expect(existsSync(resolve(ROOT, dir, first.split('=')[1]))).toBe(true);
      }
    },
  );
});
